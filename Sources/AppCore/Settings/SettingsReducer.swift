import Localization
import TeamCore

/// The settings screen and the PIN pad in front of it.
public enum SettingsAction: Sendable, Equatable {
    case loaded(KioskSettings)
    case pinKey(String)
    case pinBackspace
    case pinCancel
    /// From the settings screen: choose a new PIN on the pad, then repeat it.
    case changePin
    /// From the settings screen: switch the sensor source now (and on later starts).
    case setSensor(SensorChoice)
    case setZoneModel(ZoneModel)
    case setMaxFormula(MaxHeartRateFormula)
    case setZoneMargin(bpm: Int)
    case toggleWallPrivacy
    case toggleAliases
    case setTileDetail(TileDetail)
    case setSound(Bool)
    /// Percent of full scale; a short beep lets the coach hear the new volume.
    case setSoundVolume(Int)
    case setBeeps(Bool)
    /// Plays the buzzer as the countdown's end will (to check the speakers).
    case testSound
    /// An interval preset as edited on the number pad (`.form(.submit)` of `.editIntervalPreset`).
    case setIntervalPreset(index: Int, IntervalProgram)
    case setChallengeRule(ChallengeRule)
    case setSpokenCues(Bool)
    /// The kiosk's language by its code ("de"); the shell loads its catalog (decision 080).
    case setLanguage(String)
    /// Plays the work and rest tones and says "last interval", as a program will.
    case testIntervalCues
    /// The shell looked for a voice for the spoken cues.
    case voiceChecked(VoiceAvailability)
    /// The second page of settings (tiles and sound) or back to the first.
    case showPage(SettingsPage)
    case exportAll
    /// Known backups changed (one written, a stick in or out).
    case backupsChanged(BackupStatus)
    /// "Restore from USB": asks first.
    case askToRestoreFromStick
    /// Confirmed: the database is replaced by the newest backup on the stick.
    case restoreFromStick
    /// The restore ended, put back or refused (its notice says which).
    case restoreEnded
    /// A destructive action outside the settings: the PIN pad first, then `then` (its question).
    indirect case requirePin(what: String, then: Action)
    /// What the settings feature tells its parent: the screen follows.
    case delegate(Delegate)

    public enum Delegate: Sendable, Equatable {
        /// The right PIN: the settings screen opens.
        case unlocked
    }
}

/// The PIN pad and the settings behind it. Every change is saved at once (`saveSettings`),
/// and only on the settings screen; nothing is restored over a live recording.
enum SettingsReducer {
    static func reduce(_ state: inout SettingsState, _ action: SettingsAction, _ ctx: AppContext) -> Reduction {
        if case .showPage(let page) = action {
            if ctx.screen == .settings { state.page = page }
            return .none
        }
        if case .voiceChecked(let voice) = action {
            state.voice = voice
            return .none
        }
        // A restore runs off the loop; until it ends, a second one is not started.
        if case .restoreFromStick = action {
            guard ctx.screen == .settings, !ctx.isRecording, !state.restoring else { return .none }
            state.restoring = true
            return Reduction(effects: [.restoreFromStick])
        }
        if case .restoreEnded = action {
            state.restoring = false
            return .none
        }
        return reduce(&state.values, &state.pin, &state.backups, action, ctx)
    }

    /// Every action but the page: what the pad, the values and the backup lines do.
    private static func reduce(_ settings: inout KioskSettings, _ pin: inout PinEntry?, _ backups: inout BackupStatus,
                               _ action: SettingsAction, _ ctx: AppContext) -> Reduction {
        switch action {
        case .loaded(let loaded):
            settings = loaded
            return .none
        case .pinKey(let digit):
            guard var entry = pin, digit.count == 1, digit.first!.isASCII, digit.first!.isNumber,
                  entry.digits.count < KioskSettings.pinLengths.upperBound else { return .none }
            return key(digit, &entry, &pin, &settings, ctx)
        case .pinBackspace:
            if pin?.digits.isEmpty == false { pin?.digits.removeLast() }
            return .none
        case .pinCancel:
            pin = nil
            return .none
        case .changePin:
            guard ctx.screen == .settings, pin == nil else { return .none }
            pin = PinEntry(purpose: .chooseNew)
            return .none
        case .setSensor(let choice):
            guard ctx.screen == .settings, choice != ctx.sensors.kind else { return .none }
            guard !ctx.isRecording else { return .send(.inform(Message(N_("Finish the session before changing the sensor source")))) }
            return change(&settings, ctx) { $0.sensor = choice } + .effects(.switchSource(choice))
        case .setZoneModel(let model):
            return change(&settings, ctx) { $0.zoneModel = model }
        case .setMaxFormula(let formula):
            return change(&settings, ctx) { $0.maxFormula = formula }
        case .setZoneMargin(let bpm):
            return change(&settings, ctx) { $0.zoneMarginBpm = max(0, bpm) }
        case .toggleWallPrivacy:
            return change(&settings, ctx) { $0.wallPrivacy.toggle() }
        case .toggleAliases:
            return change(&settings, ctx) { $0.showAliases.toggle() }
        case .setTileDetail(let detail):
            return change(&settings, ctx) { $0.tileDetail = detail }
        case .setSound(let on):
            guard on != settings.sound else { return .none }
            return change(&settings, ctx) { $0.sound = on } + volumeCheck(settings, ctx)
        case .setSoundVolume(let percent):
            return change(&settings, ctx) { $0.soundVolume = min(100, max(0, percent)) } + volumeCheck(settings, ctx)
        case .setBeeps(let on):
            return change(&settings, ctx) { $0.beeps = on }
        case .testSound:
            guard ctx.screen == .settings else { return .none }
            return .effects(settings.play(.buzzer)) + (settings.sound ? .none : .send(.inform(Message(N_("Sound is off")))))
        case .setIntervalPreset(let index, let program):
            guard settings.intervalPresets.indices.contains(index), program.isValid else { return .none }
            return change(&settings, ctx) { $0.intervalPresets[index] = program }
        case .setChallengeRule(let rule):
            return change(&settings, ctx) { $0.challengeRule = rule }
        case .setSpokenCues(let on):
            return change(&settings, ctx) { $0.spokenCues = on }
        case .setLanguage(let code):
            return change(&settings, ctx) { $0.language = code }
        case .testIntervalCues:
            guard ctx.screen == .settings else { return .none }
            return .effects(settings.playInterval(.workStart), settings.playInterval(.restStart), settings.say(.lastInterval))
                + (settings.sound ? .none : .send(.inform(Message(N_("Sound is off")))))
        case .voiceChecked: // handled above: not a setting
            return .none
        case .showPage: // handled above: the page is the screen's, not a setting
            return .none
        case .exportAll:
            guard ctx.screen == .settings else { return .none }
            return Reduction(effects: [.exportAll], actions: [.inform(Message(N_("Exporting…")))])
        case .backupsChanged(let status):
            backups = status
            return .none
        case .askToRestoreFromStick:
            guard ctx.screen == .settings, !ctx.isRecording, let backup = backups.stickBackup else { return .none }
            let question = Message(N_("Replace all teams and sessions with the backup {backup}? What is here now is kept aside on this device."), ["backup": "\(backup)"])
            return .send(.confirmation(.ask(Confirmation(question: question, confirmLabel: Message(N_("Restore")),
                                                         onConfirm: .settings(.restoreFromStick)))))
        case .restoreFromStick, .restoreEnded:
            return .none // the restore's own state (`reduce(_:_:_:)` above)
        case .requirePin(let what, let then):
            guard pin == nil, !ctx.isRecording else { return .none }
            pin = PinEntry(purpose: .authorize(what: what, then: then))
            return .none
        case .delegate:
            return .none
        }
    }

    /// One more digit on the pad: unlock, or the first or second entry of a new PIN.
    private static func key(_ digit: String, _ entry: inout PinEntry, _ pin: inout PinEntry?, _ settings: inout KioskSettings,
                            _ ctx: AppContext) -> Reduction {
        entry.digits += digit
        switch entry.purpose {
        case .unlock, .authorize:
            entry.wrong = false
            if entry.digits == settings.pin {
                pin = nil
                if case .authorize(_, let then) = entry.purpose { return .send(then) }
                return .send(.settings(.delegate(.unlocked)))
            }
            if entry.digits.count >= settings.pin.count {
                entry.digits = ""
                entry.wrong = true
            }
        case .chooseNew:
            if entry.digits.count == KioskSettings.padPinLength {
                entry = PinEntry(purpose: .repeatNew(first: entry.digits))
            }
        case .repeatNew(let first):
            guard entry.digits.count == first.count else { break }
            if entry.digits == first {
                pin = nil
                return .send(.inform(Message(N_("PIN changed")))) + change(&settings, ctx) { $0.pin = first }
            }
            // A slip in either entry: start over rather than guess which one was meant.
            entry = PinEntry(purpose: .chooseNew)
            entry.wrong = true
        }
        pin = entry
        return .none
    }

    /// A beep at the volume just chosen, so the coach hears it (nothing when sound is off).
    private static func volumeCheck(_ settings: KioskSettings, _ ctx: AppContext) -> Reduction {
        guard ctx.screen == .settings, settings.sound else { return .none }
        return .effects(.playSound(.lapBeep, volumePercent: settings.soundVolume))
    }

    private static func change(_ settings: inout KioskSettings, _ ctx: AppContext, _ edit: (inout KioskSettings) -> Void) -> Reduction {
        guard ctx.screen == .settings else { return .none }
        edit(&settings)
        return .effects(.saveSettings(settings))
    }
}

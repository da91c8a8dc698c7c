/// The PIN pad, the settings screen and the generic confirmation dialog.
enum SettingsReducer {
    static func reduce(_ s: inout AppState, _ action: Action) -> [Effect] {
        switch action {
        case .pinKey(let digit):
            guard var pin = s.pin, digit.count == 1, digit.first!.isASCII, digit.first!.isNumber,
                  pin.digits.count < KioskSettings.pinLengths.upperBound else { return [] }
            pin.digits += digit
            switch pin.purpose {
            case .unlock:
                pin.wrong = false
                if pin.digits == s.settings.pin {
                    s.pin = nil
                    s.screen = .settings
                    s.notice = nil
                    return s.teamID.map { [.loadRoster(teamID: $0)] } ?? []
                }
                if pin.digits.count >= s.settings.pin.count {
                    pin.digits = ""
                    pin.wrong = true
                }
            case .chooseNew:
                if pin.digits.count == KioskSettings.padPinLength {
                    pin = PinEntry(purpose: .repeatNew(first: pin.digits))
                }
            case .repeatNew(let first):
                guard pin.digits.count == first.count else { break }
                if pin.digits == first {
                    s.pin = nil
                    s.notice = "PIN changed"
                    return change(&s) { $0.pin = first }
                }
                // A slip in either entry: start over rather than guess which one was meant.
                pin = PinEntry(purpose: .chooseNew)
                pin.wrong = true
            }
            s.pin = pin
        case .setSensor(let choice):
            guard s.screen == .settings, choice != s.sourceKind else { return [] }
            guard s.live?.isRecording != true else {
                s.notice = "Finish the session before changing the sensor source"
                return []
            }
            return change(&s) { $0.sensor = choice } + [.switchSource(choice)]
        case .sourceSwitched(let kind, let description):
            s.sourceKind = kind
            s.sourceDescription = description
            s.readings = [:] // the new source's straps speak for themselves
            s.sourceProblem = nil
            s.notice = "Heart rates now from: \(description)"
        case .changePin:
            guard s.screen == .settings, s.pin == nil else { return [] }
            s.pin = PinEntry(purpose: .chooseNew)
        case .pinBackspace:
            if s.pin?.digits.isEmpty == false { s.pin?.digits.removeLast() }
        case .pinCancel:
            s.pin = nil
        case .setZoneModel(let model):
            return change(&s) { $0.zoneModel = model }
        case .setMaxFormula(let formula):
            return change(&s) { $0.maxFormula = formula }
        case .setZoneHold(let ms):
            return change(&s) { $0.zoneHoldMs = max(0, ms) }
        case .toggleWallPrivacy:
            return change(&s) { $0.wallPrivacy.toggle() }
        case .toggleAliases:
            return change(&s) { $0.showAliases.toggle() }
        case .exportAll:
            guard s.screen == .settings else { return [] }
            s.notice = "Exporting…"
            return [.exportAll]
        case .backupStatus(let status):
            s.backups = status
        case .restoreFromStick:
            guard s.screen == .settings, s.live?.isRecording != true, let backup = s.backups.stickBackup else { return [] }
            s.confirmation = Confirmation(kind: .restoreFromStick,
                                          question: "Replace all teams and sessions with the backup \(backup)? What is here now is kept aside on this device.",
                                          confirmLabel: "Restore")
        case .deletePlayerAndData(let id):
            guard s.screen == .settings, let line = s.roster.first(where: { $0.playerID == id }) else { return [] }
            s.confirmation = Confirmation(kind: .deletePlayerAndData(playerID: id),
                                          question: "Delete \(line.player.fullName) and every session data of theirs? This cannot be undone.",
                                          confirmLabel: "Delete for good")
        case .confirm:
            guard let c = s.confirmation else { return [] }
            s.confirmation = nil
            switch c.kind {
            case .removeFromTeam(let id):
                guard let teamID = s.teamID else { return [] }
                s.roster.removeAll { $0.playerID == id }
                s.lobby.included.remove(id)
                return [.removeFromTeam(teamID: teamID, playerID: id)]
            case .deletePlayerAndData(let id):
                s.roster.removeAll { $0.playerID == id }
                s.lobby.included.remove(id)
                s.notice = "Player and data deleted"
                return [.deletePlayerAndData(playerID: id)]
            case .restoreFromStick:
                guard s.live?.isRecording != true else { return [] }
                s.notice = "Restoring…"
                return [.restoreFromStick]
            }
        case .cancelConfirmation:
            s.confirmation = nil
        default:
            break
        }
        return []
    }

    private static func change(_ s: inout AppState, _ edit: (inout KioskSettings) -> Void) -> [Effect] {
        guard s.screen == .settings else { return [] }
        edit(&s.settings)
        return [.saveSettings(s.settings)]
    }
}

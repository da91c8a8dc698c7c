import AppCore
import ClubSync
import Diagnostics
import Foundation
import Localization
import Recording
import Store
import TeamCore

/// The kiosk without its windows: the state, the pure reducer, and the effects it asks for, run one
/// after another from a queue. Two parts do the kiosk's outside work and tell the state through
/// `dispatch`: `sources` (the sensor pump, the one running source, scanning, sightings, switching)
/// and `sticks` (USB sticks, backups, exports, photo import, background jobs). The SDL shell
/// (`KioskShell.KioskApp`) feeds it input and draws its state; tests drive it with a real source on
/// virtual time and a temporary store, no display.
///
/// One thread: the one that made it (the kiosk's main loop, a test). Only the sensor worker and
/// background jobs run elsewhere, and they reach it through the ring and the loop's wake-up.
public final class KioskRuntime {
    public let store: SidelineStore
    public private(set) var state: AppState
    /// The sensor side: pump, running source, discovery, wanted straps, sightings, switching.
    public let sources: SourceSupervisor
    /// The USB side: sticks, backups, exports, photo import, and the background jobs' outcomes.
    public let sticks: StickServices
    /// The club sync: the background worker's passes, or requests to the appliance's sync service.
    public let clubSync: KioskClubSync
    /// Effects waiting their turn: `dispatch` only adds to it, one loop runs them.
    private let effects = EffectQueue<Effect>()
    /// The settings as this process last read or wrote them: a save writes only what the
    /// coach changed since, so a PIN set meanwhile with `sideline settings --pin` survives.
    var persistedSettings = KioskSettings()
    /// A dispatch changed what the current screen shows; the shell draws and clears it.
    public var needsDraw = true
    /// Where the reducer's sounds go (the shell's SDL audio); nil: silent.
    public var speaker: (any KioskSpeaker)?
    static let log = Diagnostics.logger("kiosk")
    /// The language while Settings has chosen none: the config file's `language`, else `LANG`'s (the shell
    /// sets it before `start`).
    public var fallbackLanguage = Language.english
    /// The language the screens speak now; counts each change, so that the shell drops what it drew in the last one.
    public private(set) var language: Language?
    public private(set) var languageChanges = 0

    /// `usbSticks`: the sticks under `--usb-mounts` (nil: not asked for); `exportDirectory`: where
    /// exports go when no stick takes them; `clubSync`: where the club's passes run; `clubCAFile`:
    /// the club's own CA for them.
    public init(store: SidelineStore, source: KioskSource, wake: any LoopWake, wallClockBase: Date?, exportDirectory: String,
                usbSticks: KioskBackups? = nil, clubSync: ClubSyncMode = .inProcess, clubCAFile: String? = nil) {
        self.store = store
        sources = SourceSupervisor(store: store, source: source, wake: wake, wallClockBase: wallClockBase)
        sticks = StickServices(store: store, usb: usbSticks, wake: wake, exportDirectory: exportDirectory)
        self.clubSync = KioskClubSync(store: store, mode: clubSync, caFile: clubCAFile)
        state = AppState(year: Calendar(identifier: .gregorian).component(.year, from: wallClockBase ?? Date()),
                         today: CalendarDay(wallClockBase ?? Date(), in: .current))
        self.wallClockBase = wallClockBase
        state.sensors.kind = source.kind
        state.sensors.description = source.description
        let link = AppLink(state: { [unowned self] in state }, send: { [unowned self] in dispatch($0) },
                           ask: { [unowned self] in run([$0]) })
        sources.app = link
        sticks.app = link
    }

    /// The session being recorded, if any.
    public var recorder: SessionRecorder? { sources.pump.recorder }

    /// The app's clock: the source's, continued across switches.
    public var nowNs: UInt64 { sources.nowNs }

    public var nowMs: Int64 { Int64(nowNs / 1_000_000) }

    public var wallClock: Date { sources.wallClock }

    /// Loads what the first screen needs and starts listening to the straps. The club sync is not
    /// started here: the shell starts it once the first frame is up (`clubSync.start()`).
    public func start() throws {
        sticks.refreshBackupStatus()
        let settings = store.kioskSettings()
        persistedSettings = settings
        dispatch(.settings(.loaded(settings)))
        run([.loadTeams])
        try sources.start()
    }

    /// Opens the sound device ahead of the first sound, when sound is on (the kiosk: once its
    /// first frame is up).
    public func prepareSound() {
        if state.settings.values.sound { speaker?.prepare() }
        if let speaker { dispatch(.settings(.voiceChecked(speaker.voice))) }
    }

    /// Feeds one action through the reducer at once and queues the effects it asks for. From the
    /// loop (input, a frame) the queue then runs, each effect's answers adding theirs behind it; from
    /// inside an effect this only adds, so an effect never runs inside another.
    public func dispatch(_ action: Action) {
        if case .settings(let settings) = action, Self.mayChangeLanguage(settings) {
            defer { applyLanguage() } // after the reduction and its effects below
            return reduceAndRun(action)
        }
        reduceAndRun(action)
    }

    private func reduceAndRun(_ action: Action) {
        // A frame already due needs no comparison, and no copy of the state kept to compare with:
        // while one is kept, every array and dictionary the reducer changes is copied whole first.
        guard !needsDraw else { return run(AppReducer.reduce(&state, action)) }
        let before = state
        let asked = AppReducer.reduce(&state, action)
        if Self.visiblyDifferent(before, state) { needsDraw = true }
        run(asked)
    }

    /// Only these two actions can change the language.
    private static func mayChangeLanguage(_ action: SettingsAction) -> Bool {
        switch action {
        case .loaded, .setLanguage: true
        default: false
        }
    }

    /// The chosen language's catalog (Settings', else the fallback), for every screen and the spoken cues.
    /// A broken catalog leaves English words and one log line (`Translator.load`).
    func applyLanguage() {
        let wanted = Self.language(state.settings.values, fallback: fallbackLanguage)
        guard wanted != language else { return }
        language = wanted
        languageChanges += 1
        // The shell may have loaded it already (before the sources described themselves): read once.
        if Localization.current.language != wanted { Self.use(wanted) }
        sticks.refreshBackupStatus()  // its lines are made in the language, not drawn from the catalog
        needsDraw = true
    }

    /// The screens drawn in `language` (nil: the kiosk's own again) without the coach's choice changing: a script's
    /// dump read in every language in one play (`KioskApp.play`'s `dumpLanguages`). The spoken cues keep theirs.
    public func drawWords(in language: Language?) {
        Self.use(language ?? Self.language(state.settings.values, fallback: fallbackLanguage))
        languageChanges += 1
        needsDraw = true
    }

    /// The kiosk's language: Settings' choice, else the fallback (`--language`, the config file, `LANG`).
    public static func language(_ settings: KioskSettings, fallback: Language) -> Language {
        Language.chosen(setting: settings.language, fallback: fallback)
    }

    /// Every word drawn or said from now on in `language` (its catalog read once here).
    public static func use(_ language: Language) {
        Localization.use(Translator.load(language, log: { log.warning("\($0)") }))
    }

    /// Queues `asked` and, unless the queue is already running (we are inside an effect), runs it empty.
    func run(_ asked: [Effect]) {
        effects.submit(asked, perform: perform)
    }

    /// Readings and the clock only matter on screens that show them; elsewhere they must not cost a redraw.
    static func visiblyDifferent(_ a: AppState, _ b: AppState) -> Bool {
        if a.screen != b.screen { return true }
        switch b.screen {
        case .live, .lobby, .teamSetup:
            // These show live data; the loop redraws them on its own cadence too.
            return a != b
        case .settings where b.club.page == .straps:
            // The strap list says which straps are live now.
            return a != b
        case .teamPicker, .review, .season, .settings, .checkIn:
            var x = a, y = b
            x.sensors.readings = [:]; y.sensors.readings = [:]
            x.nowMs = 0; y.nowMs = 0
            // Settings → Club sync reads its status each second: only a new status is worth a frame.
            x.clubSync.lastReadMs = nil; y.clubSync.lastReadMs = nil
            return x != y
        }
    }

    /// The wall clock at the app clock's zero in a scripted run (nil: the machine's clock).
    private let wallClockBase: Date?
    private var todayCheckedAtMs: Int64?

    /// Today, once a minute: the day turns while a kiosk runs for weeks (consent's dates are checked against it).
    private func noteTodayIfDue(nowMs: Int64) {
        if let checked = todayCheckedAtMs, nowMs >= checked, nowMs - checked < 60_000 { return }
        todayCheckedAtMs = nowMs
        let wall = wallClockBase.map { $0.addingTimeInterval(Double(nowMs) / 1000) } ?? Date()
        let day = CalendarDay(wall, in: .current)
        if state.today != day { state.today = day }
    }

    /// Once a frame, before drawing: the sensor events since the last frame, the clock, the
    /// outcomes of background jobs, and (twice a second each) the source's and the sticks' news.
    public func update() {
        let now = nowNs
        sources.pumpSensorEvents()
        dispatch(.tick(nowMs: Int64(now / 1_000_000)))
        noteTodayIfDue(nowMs: Int64(now / 1_000_000))
        sources.noteSightingsIfDue()
        for outcome in sticks.takeOutcomes() {
            Self.log.notice("\(outcome.line.english)")
            // What follows first (it may change screens, which clears the notice), then the job's line.
            if let then = outcome.then { run([then]) }
            dispatch(.inform(outcome.line))
        }
        sticks.takeEndedJobs()
        sources.poll()
        sticks.poll(nowNs: nowNs)
        speaker?.poll()
    }

    /// Commits the recording when a second has passed. The loop calls it after presenting,
    /// so a slow write (a WAL checkpoint) never delays the frame that shows fresh readings.
    public func commitRecording() {
        guard let recorder else { return }
        do {
            try recorder.commitIfDue(nowNs: nowNs)
        } catch {
            // The batch is kept and retried next second; tell the coach once.
            if state.notice == nil { dispatch(.failed(Message(N_("Saving heart rates failed: {reason} — retrying"), nested: ["reason": Self.message(of: error)]))) }
        }
    }

    /// Before the process ends: a running recording is committed and ended, never lost; an export
    /// under way finishes.
    public func shutdown() {
        if let live = state.live, live.isRecording, let id = live.sessionID {
            run([.finishRecording(sessionID: id)])
        }
        sources.stop()
        sticks.waitForJobs()
        clubSync.stop()
        speaker?.close()
    }

    /// Scripted waits: the background jobs (exports) finish within them, the voice's phrases are made
    /// and the sounds queued play out, the same every run.
    public func waitForJobs() {
        sticks.waitForJobs()
        speaker?.settle()
    }

    /// The stepped source's clock moves on (scripted runs and tests); a real source's runs by itself.
    public func advanceSteppedClock(byNs delta: UInt64) -> Bool {
        guard let stepped = sources.stepped else { return false }
        stepped.advance(byNs: delta)
        return true
    }
}

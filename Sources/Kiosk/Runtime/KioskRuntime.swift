import Diagnostics
import Foundation
import PlayerPhotos
import Recording
import SensorHub
import Store
import TeamCore

/// The kiosk without its windows: the store, the sensor pump (source, ring, app clock), the
/// recorder, the state and the pure reducer, and the effects it asks for. The SDL shell
/// (`KioskApp`) feeds it input and draws its state; tests drive it with a real source on virtual
/// time and a temporary store, no display.
///
/// One thread: the one that made it (the kiosk's main loop, a test). Only the sensor worker and
/// background jobs run elsewhere, and they reach it through the ring and `wake`.
public final class KioskRuntime {
    public let store: SidelineStore
    /// The one reader of the ring; it owns the running source and the app's clock.
    public let pump: SensorPump
    /// Set in scripted runs on the simulated team: the clock moves only when the script waits.
    public internal(set) var stepped: SteppedSimulatedSource?
    /// Builds another source when the coach switches (the kiosk command sets it; benchmarks do not).
    public var sourceFactory: KioskSourceFactory?
    /// A Bluetooth source: scanned for new straps while the pairing screen is open.
    var discoverer: (any StrapDiscovering)?
    var discoveryOn = false
    /// When the source was last asked what it hears, whom to connect and how it is (app clock; nil: never).
    var lastSourcePollNs: UInt64?
    /// What the source was last told to keep connected (nil: not told yet).
    var toldWanted: StrapSelection?
    /// Straps heard since they were last noted in the store, and when that was (app clock).
    var sightings = StrapSightings()
    var lastSightingsNoteMs: Int64 = 0
    public private(set) var state: AppState
    /// The settings as this process last read or wrote them: a save writes only what the
    /// coach changed since, so a PIN set meanwhile with `sideline settings --pin` survives.
    var persistedSettings = KioskSettings()
    let jobs: BackgroundJobs
    let wake: any LoopWake
    /// Wall-clock time shown in the top bar; in scripted runs a fixed date plus virtual time.
    let wallClockBase: Date?
    /// USB sticks and backups (`--usb-mounts`); nil when not asked for.
    public var backups: KioskBackups?
    /// Where pictures from a stick are decoded: a helper process of this program (tests: in process).
    public var photoPreparation = PhotoPreparation.helperOfThisProgram
    let exportDirectory: String
    /// A dispatch changed what the current screen shows; the shell draws and clears it.
    public var needsDraw = true
    /// Told of every event the pump hands to the reducer (the latency benchmark).
    public var observer: (any KioskObserver)?
    /// Where the reducer's sounds go (the shell's SDL audio); nil: silent.
    public var speaker: (any KioskSpeaker)?
    static let log = Diagnostics.logger("kiosk")

    public init(store: SidelineStore, source: KioskSource, wake: any LoopWake, wallClockBase: Date?, exportDirectory: String) {
        self.store = store
        pump = SensorPump(source: source.source, ringCapacity: 16384)
        stepped = source.stepped
        discoverer = source.discoverer
        self.wake = wake
        jobs = BackgroundJobs(wake: wake)
        self.wallClockBase = wallClockBase
        self.exportDirectory = exportDirectory
        state = AppState(year: Calendar(identifier: .gregorian).component(.year, from: wallClockBase ?? Date()))
        state.sensors.kind = source.kind
        state.sensors.description = source.description
    }

    /// The session being recorded, if any.
    public var recorder: SessionRecorder? { pump.recorder }

    /// The app's clock: the source's, continued across switches.
    public var nowNs: UInt64 { pump.nowNs }

    public var nowMs: Int64 { Int64(nowNs / 1_000_000) }

    public var wallClock: Date { wallClockBase.map { $0.addingTimeInterval(Double(nowMs) / 1000) } ?? Date() }

    /// Loads what the first screen needs and starts listening to the straps.
    public func start() throws {
        refreshBackupStatus()
        let settings = store.kioskSettings()
        persistedSettings = settings
        dispatch(.settings(.loaded(settings)))
        perform(.loadTeams)
        let table = try readStrapTable()
        adopt(table)
        try pump.start(straps: Self.sourceStraps(table), wake: wakeForSource)
    }

    /// Opens the sound device ahead of the first sound, when sound is on (the kiosk: once its
    /// first frame is up).
    public func prepareSound() {
        if state.settings.sound { speaker?.prepare() }
    }

    /// The strap table (store order) is the source's index space: a simulated team registers its
    /// straps when made, so it is read again on every (re)start of a source.
    func readStrapTable() throws -> [StrapSlot] {
        try store.straps().compactMap { s in s.id.map { StrapSlot(strapID: $0, address: s.address, name: s.name) } }
    }

    /// The table a source (re)starts on becomes the reducer's. What was heard under the table
    /// before is noted first: its indices may mean other straps now.
    func adopt(_ table: [StrapSlot]) {
        if !sightings.pending.isEmpty { noteSightingsIfDue(force: true) }
        dispatch(.sensors(.strapTableLoaded(table)))
    }

    /// What the source listens to, in the table's order (the events' strap index).
    static func sourceStraps(_ table: [StrapSlot]) -> [StrapAddress] {
        table.map { StrapAddress(address: $0.address, name: $0.name) }
    }

    var wakeForSource: @Sendable () -> Void {
        let wake = self.wake
        return { wake.wake() }
    }

    /// Feeds one action through the reducer and runs its effects (which may feed more actions).
    public func dispatch(_ action: Action) {
        let before = state
        let effects = AppReducer.reduce(&state, action)
        if !needsDraw && Self.visiblyDifferent(before, state) { needsDraw = true }
        for effect in effects { perform(effect) }
    }

    /// Readings and the clock only matter on screens that show them; elsewhere they must not cost a redraw.
    static func visiblyDifferent(_ a: AppState, _ b: AppState) -> Bool {
        if a.screen != b.screen { return true }
        switch b.screen {
        case .live, .lobby, .teamSetup:
            // These show live data; the loop redraws them on its own cadence too.
            return a != b
        case .teamPicker, .review, .settings:
            var x = a, y = b
            x.sensors.readings = [:]; y.sensors.readings = [:]
            x.nowMs = 0; y.nowMs = 0
            return x != y
        }
    }

    /// Once a frame, before drawing: the sensor events since the last frame, the clock, the
    /// outcomes of background jobs, and (twice a second) the source's news.
    public func update() {
        let now = nowNs
        pumpSensorEvents()
        dispatch(.tick(nowMs: Int64(now / 1_000_000)))
        noteSightingsIfDue()
        for outcome in jobs.takeOutcomes() {
            Self.log.notice("\(outcome.line)")
            dispatch(.inform(outcome.line))
            if let then = outcome.then { perform(then) }
        }
        takeEndedStickJobs()
        pollSource()
    }

    /// The ring, once: every event to the recorder (by the pump) and to `follow`.
    func pumpSensorEvents() {
        wake.rearm() // before the drain: an event pushed after it wakes the loop again
        pump.pump(follow)
    }

    /// Where every event leaving the ring goes after the recorder, from whichever source and
    /// however it left (a frame's pump, a source switch): the observer, the strap list's
    /// sightings, the reducer.
    func follow(_ event: SensorEvent) {
        observer?.pumped(event)
        sightings.observe(event)
        dispatch(.sensors(.event(event)))
    }

    /// Commits the recording when a second has passed. The loop calls it after presenting,
    /// so a slow write (a WAL checkpoint) never delays the frame that shows fresh readings.
    public func commitRecording() {
        guard let recorder else { return }
        do {
            try recorder.commitIfDue(nowNs: nowNs)
        } catch {
            // The batch is kept and retried next second; tell the coach once.
            if state.notice == nil { dispatch(.failed("Saving heart rates failed: \(error) — retrying")) }
        }
    }

    /// Before the process ends: a running recording is committed and ended, never lost; an export
    /// under way finishes.
    public func shutdown() {
        if let live = state.live, live.isRecording, let id = live.sessionID {
            perform(.finishRecording(sessionID: id))
        }
        pump.stop()
        noteSightingsIfDue(force: true)
        jobs.waitUntilIdle()
        speaker?.close()
    }

    /// Scripted waits: the background jobs (exports) finish within them, the same every run.
    public func waitForJobs() { jobs.waitUntilIdle() }

    /// The stepped source's clock moves on (scripted runs and tests); a real source's runs by itself.
    public func advanceSteppedClock(byNs delta: UInt64) -> Bool {
        guard let stepped else { return false }
        stepped.advance(byNs: delta)
        return true
    }
}

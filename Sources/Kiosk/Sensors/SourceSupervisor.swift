import AppCore
import Diagnostics
import Foundation
import Recording
import SensorSimulation
import Store
import TeamCore

/// The kiosk's sensor side: the pump (the ring's one reader, the app's clock), the one running
/// source, scanning for new straps while the pairing list is open, which straps the source keeps
/// connected, the straps heard (noted in the store), what straps said of themselves, the source's
/// problems, and switching to another source. It tells the app what happens through `app`.
public final class SourceSupervisor {
    let store: SidelineStore
    /// The one reader of the ring; it runs the source in `running` and keeps the app's clock.
    public let pump: SensorPump
    /// The running source and what the kiosk has done with it; replaced whole by a switch.
    var running: RunningSource
    /// Builds another source when the coach switches (the kiosk command sets it; benchmarks do not).
    public var factory: KioskSourceFactory?
    /// Told of every event the pump hands to the reducer (the latency benchmark).
    public var observer: (any KioskObserver)?
    /// When the source was last asked what it hears, whom to connect and how it is (app clock; nil: never).
    var lastPollNs: UInt64?
    /// Straps heard since they were last noted in the store, and when that was (app clock).
    var sightings = StrapSightings()
    var lastSightingsNoteMs: Int64 = 0
    /// While a restore replaces the database, nothing the straps say is written to it.
    var holdStrapNotes = false
    let wake: any LoopWake
    /// Wall-clock time shown in the top bar; in scripted runs a fixed date plus the app's clock.
    let wallClockBase: Date?
    var app = AppLink.unconnected
    static let log = Diagnostics.logger("kiosk")

    init(store: SidelineStore, source: KioskSource, wake: any LoopWake, wallClockBase: Date?) {
        self.store = store
        pump = SensorPump(source: source.source, ringCapacity: 16384)
        running = RunningSource(source)
        self.wake = wake
        self.wallClockBase = wallClockBase
    }

    /// The app's clock: the source's, continued across switches.
    var nowNs: UInt64 { pump.nowNs }

    var wallClock: Date { wallClockBase.map { $0.addingTimeInterval(Double(nowNs / 1_000_000) / 1000) } ?? Date() }

    /// Set in scripted runs on the simulated team: the clock moves only when the script waits.
    public var stepped: SteppedSimulatedSource? { running.source.stepped }

    /// Starts listening to every known strap; the reducer takes the table from the pump (also when
    /// the source cannot start: the kiosk then switches to another).
    func start() throws {
        defer { app.send(.sensors(.strapTableLoaded(pump.straps))) }
        try pump.start(straps: readStrapTable(), wake: wakeForSource)
    }

    /// Before the process ends: the source stops, and what it heard is noted.
    func stop() {
        pump.stop()
        noteSightingsIfDue(force: true)
    }

    /// The table a source starts on: the store's known straps, in its order. A simulated team
    /// registers its straps when made, so it is read again on every (re)start of a source.
    func readStrapTable() throws -> StrapTable {
        StrapTable(try store.straps().map(StrapSlot.init))
    }

    /// The pump's source runs on another table now (a switch): what was heard under `previous` is
    /// noted by it first — its indices may mean other straps now — and the reducer takes the new one.
    func renumbered(from previous: StrapTable) {
        if !sightings.pending.isEmpty { noteSightings(numberedBy: previous) }
        app.send(.sensors(.strapTableLoaded(pump.straps)))
    }

    var wakeForSource: @Sendable () -> Void {
        let wake = self.wake
        return { wake.wake() }
    }

    /// The ring, once: every event to the recorder (by the pump) and to `follow`.
    func pumpSensorEvents() {
        wake.rearm() // before the drain: an event pushed after it wakes the loop again
        pump.pump(follow)
    }

    /// The session ends now: what is still in the ring happened before, so it goes to the recorder
    /// and the tiles first, as every event.
    func finishRecording() throws {
        try pump.finishRecording(atNs: nowNs, follow: follow)
    }

    /// Where every event leaving the ring goes after the recorder, from whichever source and
    /// however it left (a frame's pump, a session's end, a source switch): the observer, the strap
    /// list's sightings, the reducer.
    func follow(_ event: SensorEvent) {
        observer?.pumped(event)
        sightings.observe(event)
        app.send(.sensors(.event(event)))
    }
}

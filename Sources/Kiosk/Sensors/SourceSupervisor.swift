import AppCore
import Diagnostics
import Foundation
import Recording
import SensorHub
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

    /// Starts listening to every known strap.
    func start() throws {
        let table = try readStrapTable()
        adopt(table)
        try pump.start(straps: Self.sourceStraps(table), wake: wakeForSource)
    }

    /// Before the process ends: the source stops, and what it heard is noted.
    func stop() {
        pump.stop()
        noteSightingsIfDue(force: true)
    }

    /// The strap table (store order) is the source's index space: a simulated team registers its
    /// straps when made, so it is read again on every (re)start of a source.
    func readStrapTable() throws -> [StrapSlot] {
        try store.straps().map { StrapSlot(strapID: $0.id, address: $0.address, name: $0.name) }
    }

    /// The table a source (re)starts on becomes the reducer's. What was heard under the table
    /// before is noted first: its indices may mean other straps now.
    func adopt(_ table: [StrapSlot]) {
        if !sightings.pending.isEmpty { noteSightingsIfDue(force: true) }
        app.send(.sensors(.strapTableLoaded(table)))
    }

    /// What the source listens to, in the table's order (the events' strap index).
    static func sourceStraps(_ table: [StrapSlot]) -> [StrapAddress] {
        table.map { StrapAddress(address: $0.address, name: $0.name) }
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

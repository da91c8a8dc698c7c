import Foundation
import SensorCore
import Store
import TeamCore

/// A session recorded for a set time without a screen (`sideline record`): the ring drained into
/// the recorder once a turn (every 10 ms of real time; tests step a simulated source instead), the
/// effort ended at its planned length, the players recorded on while they rest for the recovery, and
/// at the end the straps' notes kept (last seen, battery, what they said of themselves). Stopped
/// early, the effort ends then.
public final class TimedRecording {
    public let pump: SensorPump
    /// Who wears which strap, read from the table the source starts on (the roster's straps in
    /// roster order: a strap's index is its wearer's line).
    public let lineup: Lineup
    /// What `startSource` starts the pump on; from then on the pump's `straps`.
    private let table: StrapTable
    public let effortMs: Int64
    public let recoveryMs: Int64
    /// The session's start, on the source's clock: the recorder starts here.
    public let startNs: UInt64
    let effortEndNs: UInt64
    let endNs: UInt64

    /// `wearers`: the team's players who wear a strap, each with theirs, in roster order.
    public init(wearers: [(playerID: Int64, strap: Strap)], source: any SensorSource, effortMs: Int64, recoveryMs: Int64) {
        let table = StrapTable(wearers.map { StrapSlot($0.strap) })
        lineup = Lineup(wearers.map { wearer in
            Lineup.Wearer(playerID: wearer.playerID, strapID: wearer.strap.id, strapIndex: table.index(ofStrap: wearer.strap.id))
        })
        self.table = table
        pump = SensorPump(source: source, ringCapacity: 8192)
        self.effortMs = effortMs
        self.recoveryMs = recoveryMs
        startNs = pump.nowNs
        effortEndNs = startNs + UInt64(effortMs) * 1_000_000
        endNs = effortEndNs + UInt64(recoveryMs) * 1_000_000
        // Known ahead, so a simulated team rests from exactly the effort's end (same seed, same data).
        if recoveryMs > 0 { pump.setWorkload(.resting, atNs: effortEndNs) }
    }

    /// The source starts listening; done before the session row exists, so a source that cannot
    /// open leaves no empty session behind.
    public func startSource() throws { try pump.start(straps: table, wake: {}) }

    public func stopSource() { pump.stop() }

    /// Between two turns in real time: 10 ms, what `record` waits for the source to push more.
    public static func sleepATurn() { usleep(10_000) }

    /// Records into `recorder` (made at `startNs`) until the end or until `shouldStop`, then ends the
    /// session and keeps the straps' notes. `wait` passes the time between two turns (real time, or a
    /// stepped source's `advance`). `effortEnded` is told when the effort ends on time, `committed`
    /// each time another second is safely in the database (the session's ms so far).
    public func run(into recorder: SessionRecorder, wait: () -> Void = TimedRecording.sleepATurn, shouldStop: () -> Bool,
                    effortEnded: () -> Void, committed: (Int64) -> Void) throws {
        recorder.endsAtNs = endNs
        pump.recorder = recorder
        var nowNs = pump.nowNs
        var effortOver = false
        var sightings = StrapSightings()
        let endNs = endNs
        func sight(_ event: SensorEvent) {
            if event.timestampNs < endNs { sightings.observe(event) }
        }
        while true {
            nowNs = min(pump.nowNs, endNs)
            pump.pump(sight)
            if !effortOver, nowNs >= effortEndNs {
                effortOver = true
                try recorder.endEffort(atOffsetMs: effortMs)
                effortEnded()
            }
            if nowNs >= endNs || shouldStop() { break }
            if try recorder.commitIfDue(nowNs: nowNs) { committed(recorder.writer.committedTMs) }
            wait()
        }
        // Stopped early: the effort ended now.
        if !effortOver { try recorder.endEffort(atOffsetMs: recorder.recording.offsetMs(nowNs)) }
        try pump.finishRecording(atNs: nowNs, follow: sight)
        // The strap list's "last seen" and battery, and what the straps said of themselves.
        try StrapNotes.keepDescriptions(from: pump.source, in: recorder.store)
        let straps = pump.straps
        try StrapNotes.note(&sightings, in: recorder.store, strapID: { straps.slot($0)?.strapID },
                            clockNs: recorder.start.ns, date: recorder.start.date)
    }
}

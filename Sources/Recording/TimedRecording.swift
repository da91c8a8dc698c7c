import Foundation
import SensorHub
import Store
import TeamCore

/// A session recorded for a set time without a screen (`sideline record`): the ring drained into
/// the recorder every 10 ms, the effort ended at its planned length, the players recorded on while
/// they rest for the recovery, and at the end the straps' notes kept (last seen, battery, what they
/// said of themselves). Stopped early, the effort ends then.
public final class TimedRecording {
    public let pump: SensorPump
    /// Who wears which strap: the source listens to the roster's straps in roster order, so a
    /// strap's index is its wearer's line.
    public let lineup: Lineup
    public let straps: [StrapAddress]
    public let effortMs: Int64
    public let recoveryMs: Int64
    /// The session's start, on the source's clock: the recorder starts here.
    public let startNs: UInt64
    let effortEndNs: UInt64
    let endNs: UInt64

    /// `wearers`: the team's players who wear a strap, each with theirs, in roster order.
    public init(wearers: [(playerID: Int64, strap: Strap)], source: any SensorSource, effortMs: Int64, recoveryMs: Int64) {
        straps = wearers.map { StrapAddress(address: $0.strap.address, name: $0.strap.name) }
        lineup = Lineup(wearers.enumerated().map { index, wearer in
            Lineup.Wearer(playerID: wearer.playerID, strapID: wearer.strap.id, strapIndex: UInt16(index))
        })
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
    public func startSource() throws { try pump.start(straps: straps, wake: {}) }

    public func stopSource() { pump.stop() }

    /// Records into `recorder` (made at `startNs`) until the end or until `shouldStop`, then ends the
    /// session and keeps the straps' notes. `effortEnded` is told when the effort ends on time,
    /// `committed` each time another second is safely in the database (the session's ms so far).
    public func run(into recorder: SessionRecorder, shouldStop: () -> Bool, effortEnded: () -> Void, committed: (Int64) -> Void) throws {
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
            usleep(10_000)
        }
        // Stopped early: the effort ended now.
        if !effortOver { try recorder.endEffort(atOffsetMs: recorder.recording.offsetMs(nowNs)) }
        try pump.finishRecording(atNs: nowNs, follow: sight)
        // The strap list's "last seen" and battery, and what the straps said of themselves.
        try StrapNotes.keepDescriptions(from: pump.source, in: recorder.store)
        let lineup = lineup
        try StrapNotes.note(&sightings, in: recorder.store, strapID: { lineup.wearer(ofStrap: $0)?.strapID },
                            clockNs: recorder.start.ns, date: recorder.start.date)
    }

    /// Why nothing could be recorded: a Bluetooth controller that never came up (nil: it did, or not Bluetooth).
    public var neverCameUp: String? { (pump.source as? BluetoothSource)?.neverCameUp() }

    /// What the Bluetooth source counted, as one line (nil: not Bluetooth).
    public var bluetoothLine: String? {
        guard let bluetooth = pump.source as? any StrapDiscovering else { return nil }
        let b = bluetooth.counters
        var line = "Bluetooth: \(b[.notifications]) notifications, \(b[.malformed]) malformed (discarded), \(b[.disconnects]) disconnects"
        // A SensorEvent holds 9 RR intervals, all a 23-byte ATT MTU can carry; more are counted, not kept.
        if b[.rrDropped] > 0 { line += ", \(b[.rrDropped]) RR intervals beyond 9 in a notification not kept" }
        return line
    }
}

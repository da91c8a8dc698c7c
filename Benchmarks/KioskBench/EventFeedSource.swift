import Foundation
import SensorCore
import SPSCRing
import Synchronization
import TeamCore

/// A source that pushes one event when told, on a virtual clock: the straps take turns, each
/// notifying once a second (a team of 40 is an event every 25 ms), with a heart rate that wanders
/// and one beat. For counting what the loop spends on one event, without a simulation's own work.
///
/// One thread, the benchmark's main thread, starts, feeds and stops it (the ring then has one
/// producer, as `SteppedSimulatedSource`'s does): only the clock is read from elsewhere.
final class EventFeedSource: SensorSource {
    /// Only touched by the benchmark's thread.
    private nonisolated(unsafe) var ring: SPSCRing<SensorEvent>?
    private nonisolated(unsafe) var strapCount = 0
    private nonisolated(unsafe) var pushed = 0
    private let clock = Atomic<UInt64>(0)

    func nowNs() -> UInt64 { clock.load(ordering: .acquiring) }

    func start(straps: StrapTable, ring: SPSCRing<SensorEvent>, wake: @escaping @Sendable () -> Void) throws {
        self.ring = ring
        strapCount = straps.count
    }

    func stop() { ring = nil }

    /// Pushes the next strap's event and moves the clock on by one strap's turn.
    func pushNext() {
        guard let ring, let event = next() else { return }
        ring.push(event)
    }

    /// The next strap's event, the clock moved on by one strap's turn, without pushing it (for
    /// counting the reducer's part alone).
    func next() -> SensorEvent? {
        guard strapCount > 0 else { return nil }
        let clockNs = clock.load(ordering: .relaxed) + 1_000_000_000 / UInt64(strapCount)
        clock.store(clockNs, ordering: .releasing)
        let strap = pushed % strapCount, second = pushed / strapCount
        let bpm = 120 + (strap * 7 + second * 3) % 60
        var event = SensorEvent(strap: StrapIndex(position: strap), timestampNs: clockNs, kind: .measurement,
                                bpm: UInt16(bpm), contact: .detected, battery: 80)
        event.appendRR(UInt16(60 * 1024 / bpm))
        pushed += 1
        return event
    }
}

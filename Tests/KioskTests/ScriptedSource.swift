import Kiosk
import SensorCore
import SPSCRing
import Synchronization
import TeamCore

/// A sensor source for tests: a real `SensorSource` whose clock and events move only when the test
/// says, on the test's thread (then the ring's only producer). It remembers what the kiosk told it.
final class ScriptedSource: SensorSource {
    private struct State {
        var nowNs: UInt64 = 0
        var ring: SPSCRing<SensorEvent>?
        var straps = StrapTable()
        var told: [StrapSelection] = []
        var problem: String?
        var workloads: [Workload] = []
    }
    private let state = Mutex(State())

    func nowNs() -> UInt64 { state.withLock { $0.nowNs } }

    func start(straps: StrapTable, ring: SPSCRing<SensorEvent>, wake: @escaping @Sendable () -> Void) throws {
        state.withLock { $0.ring = ring; $0.straps = straps }
    }

    func stop() { state.withLock { $0.ring = nil } }

    func setWanted(_ straps: StrapSelection) { state.withLock { $0.told.append(straps) } }

    func problem() -> String? { state.withLock { $0.problem } }

    func setWorkload(_ workload: Workload, atNs: UInt64) { state.withLock { $0.workloads.append(workload) } }

    // The test's side.

    var told: [StrapSelection] { state.withLock { $0.told } }
    var straps: StrapTable { state.withLock { $0.straps } }
    var isRunning: Bool { state.withLock { $0.ring != nil } }

    func setProblem(_ problem: String?) { state.withLock { $0.problem = problem } }

    func advance(byMs ms: UInt64) { state.withLock { $0.nowNs += ms * 1_000_000 } }

    /// A heart rate from the strap at `strap`, stamped now on the source's clock.
    func heartRate(strap: StrapIndex, bpm: UInt16) {
        state.withLock { s in
            _ = s.ring?.push(SensorEvent(strap: strap, timestampNs: s.nowNs, kind: .measurement, bpm: bpm, contact: .detected))
        }
    }

    /// A battery level from the strap at `strap`, stamped now on the source's clock.
    func battery(strap: StrapIndex, percent: UInt8) {
        state.withLock { s in
            _ = s.ring?.push(SensorEvent(strap: strap, timestampNs: s.nowNs, kind: .battery, battery: percent))
        }
    }
}

/// Nobody sleeps in these tests: the loop's alarm clock only counts.
final class CountingWake: LoopWake {
    private let count = Mutex(0)
    var rings: Int { count.withLock { $0 } }
    func wake() { count.withLock { $0 += 1 } }
    func rearm() {}
}

import Atomics
import Foundation
import SensorCore
import SPSCRing
import Synchronization
import TeamCore

/// A simulated team on its own worker thread, feeding the same ring the
/// Bluetooth worker feeds. Time is virtual: it starts at 0 when the source
/// starts and runs `speed` times faster than the wall clock, so a recording
/// made from a seed is the same at any speed.
public final class SimulatedSource: SensorSource {
    public let team: SimulatedTeam
    public let seed: UInt64
    public let speed: Double
    /// Virtual time advances in steps of this size; events keep their exact times within a step.
    static let stepNs: UInt64 = 20_000_000

    private let clock = ManagedAtomic<UInt64>(0)
    private let thread = WorkerThread()
    /// Workload changes for the worker, which applies them before its next step.
    private let workloadChanges = WorkloadMailbox()

    public init(team: SimulatedTeam, seed: UInt64, speed: Double = 1) {
        self.team = team
        self.seed = seed
        self.speed = max(speed, 0.01)
    }

    public func nowNs() -> UInt64 { clock.load(ordering: .acquiring) }

    public func start(straps: StrapTable, ring: SPSCRing<SensorEvent>, wake: @escaping @Sendable () -> Void) throws {
        let byAddress = Dictionary(team.members.map { ($0.strap.address, $0) }, uniquingKeysWith: { a, _ in a })
        // Straps the simulation does not know stay silent, as a strap left in the bag would.
        let initialModels = straps.indices.compactMap { index in
            byAddress[straps[index].address].map { SimulatedStrap(index: index, member: $0, seed: seed) }
        }
        let speed = self.speed
        let clock = self.clock
        let workloadChanges = self.workloadChanges
        thread.start(name: "sideline.sim") { shouldStop in
            var models = initialModels
            let wallStart = DispatchTime.now().uptimeNanoseconds
            var virtualNow: UInt64 = 0
            while !shouldStop() {
                for (workload, atNs) in workloadChanges.take() {
                    for i in models.indices { models[i].schedule.set(workload, atNs: atNs) }
                }
                virtualNow += Self.stepNs
                var pushed = false
                for i in models.indices {
                    models[i].advance(to: virtualNow) { event in
                        ring.push(event)
                        pushed = true
                    }
                }
                // Publish the time only after every event up to it is in the ring,
                // so a consumer that reads the clock and then drains sees them all.
                clock.store(virtualNow, ordering: .releasing)
                if pushed { wake() }
                let due = wallStart + UInt64(Double(virtualNow) / speed)
                let now = DispatchTime.now().uptimeNanoseconds
                if due > now { usleep(UInt32(min((due - now) / 1000, 1_000_000))) }
            }
        }
    }

    /// Changes told before `start` apply from the first step; later ones from the worker's next step
    /// (a change dated in the past then takes effect at once).
    public func setWorkload(_ workload: Workload, atNs: UInt64) {
        workloadChanges.post(workload, atNs: atNs)
    }

    public func stop() { thread.stop() }
}

/// Workload changes handed from the caller's thread to the simulation's worker.
private final class WorkloadMailbox: Sendable {
    private let changes = Mutex<[(Workload, UInt64)]>([])

    func post(_ workload: Workload, atNs: UInt64) { changes.withLock { $0.append((workload, atNs)) } }

    func take() -> [(Workload, UInt64)] {
        changes.withLock { pending in
            defer { pending.removeAll() }
            return pending
        }
    }
}

import Atomics
import Foundation
import SensorCore
import SPSCRing
import TeamCore

/// The simulated team with a clock that moves only when told to: scripted
/// kiosk runs and tests advance it explicitly, so a session is the same on
/// every run and takes no wall time. The caller's thread produces the events
/// (it is then the ring's only producer).
///
/// One thread owns it: the one that made it (the kiosk's main loop, a test). `start`,
/// `advance`, `setWorkload` and `stop` trap on any other, because the models below are
/// unguarded and the ring has one producer; only `nowNs` may be read from anywhere.
public final class SteppedSimulatedSource: SensorSource {
    public let team: SimulatedTeam
    public let seed: UInt64
    private let clock = ManagedAtomic<UInt64>(0)
    /// The owning thread.
    private let owner = SteppedSimulatedSource.currentThread()
    /// Only touched by the owning thread (checked by `assertOwner`).
    private nonisolated(unsafe) var models: [SimulatedStrap] = []
    private nonisolated(unsafe) var ring: SPSCRing<SensorEvent>?
    /// What the players do, kept for models created later by `start`.
    private nonisolated(unsafe) var schedule = WorkloadSchedule()

    public init(team: SimulatedTeam, seed: UInt64) {
        self.team = team
        self.seed = seed
    }

    public func nowNs() -> UInt64 { clock.load(ordering: .acquiring) }

    /// Traps unless called on the thread that made the source.
    private func assertOwner(_ function: StaticString = #function) {
        precondition(Self.currentThread() == owner, "SteppedSimulatedSource.\(function) called from a thread that does not own it")
    }

    /// The calling thread's pthread id (compared, never dereferenced).
    private static func currentThread() -> UInt {
        #if canImport(Darwin)
        UInt(bitPattern: pthread_self())
        #else
        UInt(pthread_self())
        #endif
    }

    public func start(straps: StrapTable, ring: SPSCRing<SensorEvent>, wake: @escaping @Sendable () -> Void) throws {
        assertOwner()
        let byAddress = Dictionary(team.members.map { ($0.strap.address, $0) }, uniquingKeysWith: { a, _ in a })
        models = straps.indices.compactMap { index in
            byAddress[straps[index].address].map { member in
                var model = SimulatedStrap(index: index, member: member, seed: seed)
                model.schedule = schedule
                return model
            }
        }
        self.ring = ring
    }

    /// Called on the thread that advances the clock; the models are never ahead of it, so the change is exact.
    public func setWorkload(_ workload: Workload, atNs: UInt64) {
        assertOwner()
        schedule.set(workload, atNs: atNs)
        for i in models.indices { models[i].schedule.set(workload, atNs: atNs) }
    }

    /// Moves virtual time forward, pushing every event up to the new time into the ring.
    public func advance(byNs delta: UInt64) {
        assertOwner()
        guard let ring else { clock.wrappingIncrement(by: delta, ordering: .releasing); return }
        let target = nowNs() + delta
        var now = nowNs()
        while now < target {
            now = min(target, now + SimulatedSource.stepNs)
            for i in models.indices {
                let index = models[i].index
                models[i].advance(to: now) { event in
                    var e = event
                    // A stable, made-up signal strength per strap so "strongest nearby" has a winner.
                    e.rssi = Int8(-42 - index.position * 7 % 45)
                    ring.push(e)
                }
            }
            clock.store(now, ordering: .releasing)
        }
    }

    public func stop() {
        assertOwner()
        ring = nil
    }
}

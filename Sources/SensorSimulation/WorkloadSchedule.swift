import SensorCore
/// When simulated players switch between training, resting and sprinting. A change takes effect from its
/// time on, so a model stepped in any chunking of time gives the same heart rates.
struct WorkloadSchedule: Sendable, Equatable {
    private var before: Workload = .training
    private var after: Workload = .training
    private var fromNs: UInt64 = 0

    func workload(atNs t: UInt64) -> Workload { t >= fromNs ? after : before }

    /// From `t` on the players do `workload`; what was planned before `t` stays.
    mutating func set(_ workload: Workload, atNs t: UInt64) {
        before = self.workload(atNs: t)
        after = workload
        fromNs = t
    }
}

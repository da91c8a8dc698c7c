import TeamCore

/// The team's average on one day, beside which a player's own figures are read.
public struct TeamAverageDay: Sendable, Equatable {
    public var day: CalendarDay
    /// The players counted: those whose season has begun by the day (their first session on or before it).
    public var players: Int
    /// Mean daily load, Strain and Tolerance of those players; nil when there are none.
    public var load: Double?
    public var strain: Double?
    public var tolerance: Double?
    /// The players with a readiness check that day (in the posture asked for).
    public var checks: Int
    /// Mean lnRMSSD of their checks (a player's last check of the day); nil without one.
    public var lnRMSSD: Double?
}

/// A team's average day by day: the mean of the players who have data that day. A player counts for
/// load, Strain and Tolerance from their first session on (a day without a session is a load of 0, as
/// in their own figures), and for readiness on the days they took a check. docs/ANALYTICS.md.
public enum TeamAverage {
    /// `histories` and `checks`: one element a player, in the same order. `posture`: only checks in
    /// it count for readiness (nil: any).
    public static func days(histories: [PlayerLoadHistory], checks: [[ReadinessCheck]], from: CalendarDay, through: CalendarDay,
                            posture: String?) -> [TeamAverageDay] {
        guard from <= through else { return [] }
        let count = through.dayNumber - from.dayNumber + 1
        var result = (0..<count).map { TeamAverageDay(day: from.adding(days: $0), players: 0, checks: 0) }
        var sums = Array(repeating: (load: 0.0, strain: 0.0, tolerance: 0.0), count: count)
        for history in histories {
            for (i, d) in history.days(from: from, through: through).enumerated() where history.historyDays(on: d.day) >= 1 {
                result[i].players += 1
                sums[i].load += d.load
                sums[i].strain += d.strain
                sums[i].tolerance += d.tolerance
            }
        }
        var lnSums = Array(repeating: 0.0, count: count)
        for playerChecks in checks {
            var lastOfDay: [Int: ReadinessCheck] = [:]
            for c in playerChecks where c.lnRMSSD != nil && (posture == nil || c.posture == posture) && c.day >= from && c.day <= through {
                if let kept = lastOfDay[c.day.dayNumber], kept.sessionID >= c.sessionID { continue }
                lastOfDay[c.day.dayNumber] = c
            }
            for (dayNumber, c) in lastOfDay {
                let i = dayNumber - from.dayNumber
                result[i].checks += 1
                lnSums[i] += c.lnRMSSD!
            }
        }
        for i in 0..<count {
            let n = Double(result[i].players)
            if result[i].players > 0 {
                result[i].load = sums[i].load / n
                result[i].strain = sums[i].strain / n
                result[i].tolerance = sums[i].tolerance / n
            }
            if result[i].checks > 0 { result[i].lnRMSSD = lnSums[i] / Double(result[i].checks) }
        }
        return result
    }
}

import Foundation
import TeamCore

/// One player's figures on one day of the season.
public struct LoadDay: Sendable, Equatable {
    public var day: CalendarDay
    /// The sum of the day's sessions (0 on a day without one).
    public var load: Double
    /// Mean daily load over the 7 days ending on `day` (Polar's Strain; the acute load).
    public var strain: Double
    /// Mean daily load over the 28 days ending on `day` (Polar's Tolerance; the chronic load).
    public var tolerance: Double
    public var status: LoadStatus
    /// Strain ÷ Tolerance (the rolling-average ACWR); nil while building a baseline or without load.
    public var acwrRolling: Double?
    /// Exponentially weighted acute and chronic loads (Williams et al. 2017, λ = 2/(N+1), N = 7 and 28).
    public var acuteEWMA: Double
    public var chronicEWMA: Double
    /// acuteEWMA ÷ chronicEWMA; nil while building a baseline or without load.
    public var acwrEWMA: Double?
}

/// Foster's week: the 7 days ending on `lastDay`.
public struct LoadWeek: Sendable, Equatable {
    public var lastDay: CalendarDay
    /// The week's summed load.
    public var load: Double
    /// Mean daily load ÷ its standard deviation (sample, n − 1); nil when every day had the same load.
    public var monotony: Double?
    /// Weekly load × monotony (Foster's strain — not Polar's Strain).
    public var fosterStrain: Double?
    /// Time in each zone over the week.
    public var zones: ZoneTimes
}

/// A player's season from their session loads: daily loads, Strain and Tolerance, load status,
/// ACWR both ways, Foster's weeks. Pure: the same figures on the kiosk, the command line and the
/// club server, from the same cached `SessionLoad`s. Formulas and sources: docs/ANALYTICS.md.
public struct PlayerLoadHistory: Sendable {
    public static let acuteDays = 7
    public static let chronicDays = 28

    /// The sessions, oldest first.
    public let sessions: [SessionLoad]
    private let dailyLoad: [Int: Double]
    /// The first day with a session: history is counted from it.
    public let firstDay: CalendarDay?

    public init(sessions: [SessionLoad]) {
        self.sessions = sessions.sorted { ($0.day, $0.sessionID) < ($1.day, $1.sessionID) }
        var load: [Int: Double] = [:]
        for s in sessions { load[s.day.dayNumber, default: 0] += s.cardioLoad }
        dailyLoad = load
        firstDay = self.sessions.first?.day
    }

    /// The summed load of a day (0 without a session).
    public func load(on day: CalendarDay) -> Double { dailyLoad[day.dayNumber] ?? 0 }

    /// The last session on or before `day`.
    public func lastSession(onOrBefore day: CalendarDay) -> SessionLoad? { sessions.last { $0.day <= day } }

    /// Days of history on `day`, counting the first session's day as day 1 (0 before it).
    public func historyDays(on day: CalendarDay) -> Int {
        guard let firstDay, day >= firstDay else { return 0 }
        return day.dayNumber - firstDay.dayNumber + 1
    }

    /// Mean daily load over the `days` days ending on `day`.
    public func meanLoad(days: Int, endingOn day: CalendarDay) -> Double {
        var sum = 0.0
        for d in (day.dayNumber - days + 1)...day.dayNumber { sum += dailyLoad[d] ?? 0 }
        return sum / Double(days)
    }

    /// The day's figures. The EWMAs start at 0 on the day before the first session and run to `day`.
    public func figures(on day: CalendarDay, thresholds: LoadStatusThresholds = .polar) -> LoadDay {
        days(from: day, through: day, thresholds: thresholds)[0]
    }

    /// The figures of every day from `from` through `through` (one pass for the EWMAs).
    public func days(from: CalendarDay, through: CalendarDay, thresholds: LoadStatusThresholds = .polar) -> [LoadDay] {
        guard from <= through else { return [] }
        let lambdaAcute = 2 / Double(Self.acuteDays + 1), lambdaChronic = 2 / Double(Self.chronicDays + 1)
        var acute = 0.0, chronic = 0.0
        var result: [LoadDay] = []
        result.reserveCapacity(through.dayNumber - from.dayNumber + 1)
        let start = min(firstDay?.dayNumber ?? from.dayNumber, from.dayNumber)
        for d in start...through.dayNumber {
            let load = dailyLoad[d] ?? 0
            acute = lambdaAcute * load + (1 - lambdaAcute) * acute
            chronic = lambdaChronic * load + (1 - lambdaChronic) * chronic
            guard d >= from.dayNumber else { continue }
            let day = CalendarDay(dayNumber: d)
            let strain = meanLoad(days: Self.acuteDays, endingOn: day)
            let tolerance = meanLoad(days: Self.chronicDays, endingOn: day)
            let baseline = historyDays(on: day) >= Self.chronicDays
            let status: LoadStatus = !baseline ? .buildingBaseline
                : tolerance > 0 ? thresholds.status(ratio: strain / tolerance) : .detraining
            result.append(LoadDay(day: day, load: load, strain: strain, tolerance: tolerance, status: status,
                                  acwrRolling: baseline && tolerance > 0 ? strain / tolerance : nil,
                                  acuteEWMA: acute, chronicEWMA: chronic,
                                  acwrEWMA: baseline && chronic > 0 ? acute / chronic : nil))
        }
        return result
    }

    /// Foster's week ending on `lastDay`: load, monotony, strain, and time in zones.
    public func week(endingOn lastDay: CalendarDay) -> LoadWeek {
        let days = (lastDay.dayNumber - 6)...lastDay.dayNumber
        // Summed from the sessions when asked (whole milliseconds: any order gives the same sums),
        // not kept a day each for every history made (the season table asks for none).
        var zones = ZoneTimes()
        for s in sessions where days.contains(s.day.dayNumber) { zones += s.zones }
        let foster = FosterWeek(dailyLoads: days.map { dailyLoad[$0] ?? 0 })
        return LoadWeek(lastDay: lastDay, load: foster.load, monotony: foster.monotony, fosterStrain: foster.strain, zones: zones)
    }
}

/// Foster's weekly figures from 7 daily loads (a day without a session is 0), whatever the load
/// measures — TRIMP or sRPE (Foster, *Med Sci Sports Exerc* 1998;30:1164–1168).
public struct FosterWeek: Sendable, Equatable {
    /// The week's summed load.
    public var load: Double
    /// Mean daily load ÷ its standard deviation (sample, n − 1); nil when every day had the same load.
    public var monotony: Double?
    /// Weekly load × monotony.
    public var strain: Double?

    public init(dailyLoads loads: [Double]) {
        let total = loads.reduce(0, +)
        let n = Double(loads.count)
        let mean = total / n
        let sd = (loads.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / (n - 1)).squareRoot()
        load = total
        monotony = sd > 1e-9 ? mean / sd : nil
        strain = monotony.map { total * $0 }
    }
}

import TeamCore

/// One player's sRPE figures on one day.
public struct SRPEDay: Sendable, Equatable {
    public var day: CalendarDay
    /// The day's summed sRPE load (RPE × effort minutes of each rated session); 0 without one.
    public var load: Double
    /// The Banister TRIMP of the same rated sessions.
    public var ratedTRIMP: Double
    /// TRIMP ÷ sRPE of the day's rated sessions; nil without sRPE load that day.
    public var trimpToSRPE: Double? { load > 0 ? ratedTRIMP / load : nil }
}

/// A player's sRPE on a day with Foster's week ending on it.
public struct SRPEFigures: Sendable, Equatable {
    public var today: Double
    /// Foster's week of sRPE: the 7 days ending today.
    public var week: FosterWeek
    /// Training sessions in those 7 days with and without the player's rating.
    public var ratedSessions: Int
    public var unratedSessions: Int
    /// The week's TRIMP ÷ sRPE over its rated sessions (the internal/external check); nil without sRPE load.
    public var trimpToSRPE: Double?
}

/// A player's season by session RPE: the internal load they felt beside the TRIMP their heart
/// measured. An unrated session adds no sRPE load (and is counted as unrated), never a guess.
/// Pure, like `PlayerLoadHistory`; definitions and sources: docs/ANALYTICS.md ("Session RPE").
public struct SRPEHistory: Sendable {
    private let daily: [Int: (srpe: Double, trimp: Double)]
    private let sessionDays: [Int: (rated: Int, unrated: Int)]

    public init(sessions: [SessionLoad]) {
        var daily: [Int: (srpe: Double, trimp: Double)] = [:], counts: [Int: (rated: Int, unrated: Int)] = [:]
        for s in sessions {
            let d = s.day.dayNumber
            if let load = s.srpeLoad {
                daily[d, default: (0, 0)].srpe += load
                daily[d, default: (0, 0)].trimp += s.cardioLoad
                counts[d, default: (0, 0)].rated += 1
            } else {
                counts[d, default: (0, 0)].unrated += 1
            }
        }
        self.daily = daily
        sessionDays = counts
    }

    public func day(_ day: CalendarDay) -> SRPEDay {
        let d = daily[day.dayNumber]
        return SRPEDay(day: day, load: d?.srpe ?? 0, ratedTRIMP: d?.trimp ?? 0)
    }

    public func days(from: CalendarDay, through: CalendarDay) -> [SRPEDay] {
        guard from <= through else { return [] }
        return (from.dayNumber...through.dayNumber).map { day(CalendarDay(dayNumber: $0)) }
    }

    public func figures(on day: CalendarDay) -> SRPEFigures {
        let week = days(from: day.adding(days: -6), through: day)
        let counts = week.compactMap { sessionDays[$0.day.dayNumber] }
        let load = week.map(\.load).reduce(0, +), trimp = week.map(\.ratedTRIMP).reduce(0, +)
        return SRPEFigures(today: week.last!.load, week: FosterWeek(dailyLoads: week.map(\.load)),
                           ratedSessions: counts.map(\.rated).reduce(0, +), unratedSessions: counts.map(\.unrated).reduce(0, +),
                           trimpToSRPE: load > 0 ? trimp / load : nil)
    }
}

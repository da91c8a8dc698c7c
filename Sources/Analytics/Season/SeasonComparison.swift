import TeamCore

/// What a span of days holds for a player or a team: "this season against the last".
public struct SpanFigures: Sendable, Equatable {
    public var first: CalendarDay
    public var last: CalendarDay
    /// Training sessions in the span (a readiness check is no training). For a team: distinct sessions.
    public var sessions: Int
    /// The span's summed cardio load (a team's: per player who trained); nil without a session.
    public var totalLoad: Double?
    /// Mean of the daily Strain over the span's days from the first session on (a team's: per player); nil without a session.
    public var meanStrain: Double?
    /// Time in each zone (a team's: per player); nil without a session.
    public var zones: ZoneTimes?
    /// Mean lnRMSSD of every readiness check in the span; nil without one.
    public var readinessMean: Double?

    /// False: "no data", never zeros.
    public var hasData: Bool { sessions > 0 || readinessMean != nil }
}

/// The season so far beside the same span of the season before: from the club's season start to the
/// day shown, and from the previous season's start over as many days. docs/ANALYTICS.md.
public struct SeasonComparison: Sendable, Equatable {
    public var thisSeason: SpanFigures
    public var lastSeason: SpanFigures

    /// This season's days up to `day`, and the same number of days from the previous season's start
    /// (never past its end: a leap year's last day has no twin).
    public static func spans(on day: CalendarDay, start: SeasonStart) -> (this: ClosedRange<CalendarDay>, last: ClosedRange<CalendarDay>) {
        let thisFirst = start.firstDay(ofSeasonContaining: day)
        let lastFirst = start.firstDay(ofSeasonContaining: thisFirst.adding(days: -1))
        let lastLast = min(lastFirst.adding(days: day.dayNumber - thisFirst.dayNumber), thisFirst.adding(days: -1))
        return (thisFirst...day, lastFirst...lastLast)
    }

    /// One player's: their session loads and readiness checks (any order; days past `day` are ignored),
    /// and their time in zones in each span summed (`SeasonZoneTotals(loads:on:start:)`, or the club's
    /// database summing the same sessions): the loads' own `zones` are not read.
    public static func player(loads: [SessionLoad], checks: [ReadinessCheck], zones: SeasonZoneTotals,
                              on day: CalendarDay, start: SeasonStart) -> SeasonComparison {
        let (this, last) = spans(on: day, start: start)
        return SeasonComparison(thisSeason: figures(loads: loads, checks: checks, zones: zones.thisSeason, span: this),
                                lastSeason: figures(loads: loads, checks: checks, zones: zones.lastSeason, span: last))
    }

    /// A team's: per player who trained in the span, their figures averaged; sessions counted once.
    public static func team(_ players: [(loads: [SessionLoad], checks: [ReadinessCheck], zones: SeasonZoneTotals)],
                            on day: CalendarDay, start: SeasonStart) -> SeasonComparison {
        let (this, last) = spans(on: day, start: start)
        return SeasonComparison(thisSeason: teamFigures(players.map { ($0.loads, $0.checks, $0.zones.thisSeason) }, span: this),
                                lastSeason: teamFigures(players.map { ($0.loads, $0.checks, $0.zones.lastSeason) }, span: last))
    }

    static func figures(loads: [SessionLoad], checks: [ReadinessCheck], zones: ZoneTimes, span: ClosedRange<CalendarDay>) -> SpanFigures {
        let inSpan = loads.filter { span.contains($0.day) }
        let values = checks.filter { span.contains($0.day) }.compactMap(\.lnRMSSD)
        var result = SpanFigures(first: span.lowerBound, last: span.upperBound, sessions: inSpan.count,
                                 readinessMean: values.isEmpty ? nil : values.reduce(0, +) / Double(values.count))
        guard !inSpan.isEmpty else { return result }
        result.totalLoad = inSpan.map(\.cardioLoad).reduce(0, +)
        result.zones = zones
        let history = PlayerLoadHistory(sessions: loads.filter { $0.day <= span.upperBound })
        let from = max(span.lowerBound, history.firstDay ?? span.lowerBound)
        let days = history.days(from: from, through: span.upperBound)
        result.meanStrain = days.map(\.strain).reduce(0, +) / Double(days.count)
        return result
    }

    static func teamFigures(_ players: [(loads: [SessionLoad], checks: [ReadinessCheck], zones: ZoneTimes)], span: ClosedRange<CalendarDay>) -> SpanFigures {
        let each = players.map { figures(loads: $0.loads, checks: $0.checks, zones: $0.zones, span: span) }
        let trained = each.filter { $0.sessions > 0 }
        let values = players.flatMap { $0.checks.filter { span.contains($0.day) }.compactMap(\.lnRMSSD) }
        let sessions = Set(players.flatMap { $0.loads.filter { span.contains($0.day) }.map(\.sessionID) }).count
        var result = SpanFigures(first: span.lowerBound, last: span.upperBound, sessions: sessions,
                                 readinessMean: values.isEmpty ? nil : values.reduce(0, +) / Double(values.count))
        guard !trained.isEmpty else { return result }
        let n = Double(trained.count)
        result.totalLoad = trained.compactMap(\.totalLoad).reduce(0, +) / n
        result.meanStrain = trained.compactMap(\.meanStrain).reduce(0, +) / n
        var zones = ZoneTimes()
        for zone in HeartRateZone.allCases {
            let sum = trained.compactMap(\.zones).map { $0[zone] }.reduce(0, +)
            zones[zone] = Int64((Double(sum) / n).rounded())
        }
        result.zones = zones
        return result
    }
}

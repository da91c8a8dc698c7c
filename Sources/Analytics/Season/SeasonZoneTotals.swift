import TeamCore

/// A player's time in zones summed over each span of "this season against the last": the one
/// definition of "time in zones in a span". Every training session whose day is in the span counts
/// (a readiness check is no training: it is no `SessionLoad`), each zone summed, rest included.
/// The club server has PostgreSQL sum the same sessions (`ClubSeason.load`) rather than read each.
public struct SeasonZoneTotals: Sendable, Equatable {
    public var thisSeason: ZoneTimes
    public var lastSeason: ZoneTimes

    public init(thisSeason: ZoneTimes = ZoneTimes(), lastSeason: ZoneTimes = ZoneTimes()) {
        self.thisSeason = thisSeason
        self.lastSeason = lastSeason
    }

    /// From the sessions' own time in zones (any order; days outside both spans are ignored).
    public init(loads: [SessionLoad], on day: CalendarDay, start: SeasonStart) {
        let (this, last) = SeasonComparison.spans(on: day, start: start)
        self.init(thisSeason: Self.total(loads, in: this), lastSeason: Self.total(loads, in: last))
    }

    static func total(_ loads: [SessionLoad], in span: ClosedRange<CalendarDay>) -> ZoneTimes {
        var zones = ZoneTimes()
        for s in loads where span.contains(s.day) { zones += s.zones }
        return zones
    }
}

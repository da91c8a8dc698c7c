import TeamCore

/// What one session put on one player's heart: its cardio load (Banister TRIMP over the effort,
/// the recovery minute left out — the number the review and the exports show) and the time it spent
/// in each zone, filed under the local day the session started. A season is built from these alone,
/// so they are computed once when a session is saved and kept.
public struct SessionLoad: Sendable, Equatable {
    public var sessionID: Int64
    public var day: CalendarDay
    /// Banister TRIMP, arbitrary units; 0 for a session without heart rate.
    public var cardioLoad: Double
    /// Milliseconds in rest, zone 1 … zone 5 under the session's zone model.
    public var zones: ZoneTimes

    public init(sessionID: Int64, day: CalendarDay, cardioLoad: Double, zones: ZoneTimes = ZoneTimes()) {
        self.sessionID = sessionID
        self.day = day
        self.cardioLoad = cardioLoad
        self.zones = zones
    }

    /// One player's load from their analysis of one session.
    public init(sessionID: Int64, day: CalendarDay, analysis: PlayerAnalysis, zoneModel: ZoneModel) {
        self.init(sessionID: sessionID, day: day, cardioLoad: analysis.stats.banisterTRIMP.value ?? 0,
                  zones: analysis.stats.zones(zoneModel))
    }
}

import TeamCore

/// What one session put on one player's heart: its cardio load (Banister TRIMP over the effort,
/// the recovery minute left out — the number the review and the exports show) and the time it spent
/// in each zone, and the player's own rating of it (session RPE) with the minutes it multiplies, filed under the local day the session started. A season is built from these alone,
/// so they are computed once when a session is saved and kept.
public struct SessionLoad: Sendable, Equatable {
    public var sessionID: Int64
    public var day: CalendarDay
    /// Banister TRIMP, arbitrary units; 0 for a session without heart rate.
    public var cardioLoad: Double
    /// Milliseconds in rest, zone 1 … zone 5 under the session's zone model.
    public var zones: ZoneTimes
    /// The player's session RPE (CR-10); nil: not rated.
    public var rpe: Int?
    /// The minutes the rating multiplies (`Session.effortMinutes`).
    public var effortMinutes: Double

    public init(sessionID: Int64, day: CalendarDay, cardioLoad: Double, zones: ZoneTimes = ZoneTimes(),
                rpe: Int? = nil, effortMinutes: Double = 0) {
        self.sessionID = sessionID
        self.day = day
        self.cardioLoad = cardioLoad
        self.zones = zones
        self.rpe = rpe
        self.effortMinutes = effortMinutes
    }

    /// Session load by sRPE (RPE × effort minutes); nil: not rated.
    public var srpeLoad: Double? { rpe.map { SessionRPE.load(rpe: $0, effortMinutes: effortMinutes) } }

    /// One player's load from their analysis of one session.
    public init(sessionID: Int64, day: CalendarDay, analysis: PlayerAnalysis, zoneModel: ZoneModel) {
        self.init(sessionID: sessionID, day: day, cardioLoad: analysis.stats.banisterTRIMP.value ?? 0,
                  zones: analysis.stats.zones(zoneModel))
    }
}

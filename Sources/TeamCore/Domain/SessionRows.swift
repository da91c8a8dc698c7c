/// A session's recorded rows, as plain domain values: the session, its participants, each player's
/// samples and RR intervals (in time order), the coach's laps and drills. What a club bundle carries
/// and what the analysis starts from (`Analytics.SessionInput` adds its windows and caches), so the
/// wire can be read and written without the analysis.
public struct SessionRows: Sendable, Equatable {
    public var session: Session
    public var players: [SessionPlayer]
    /// By player id.
    public var samples: [Int64: [Sample]]
    /// By player id.
    public var rrIntervals: [Int64: [RRInterval]]
    public var laps: [Lap]
    public var drills: [DrillStart]

    public init(session: Session, players: [SessionPlayer], samples: [Int64: [Sample]], rrIntervals: [Int64: [RRInterval]],
                laps: [Lap], drills: [DrillStart] = []) {
        self.session = session
        self.players = players
        self.samples = samples
        self.rrIntervals = rrIntervals
        self.laps = laps
        self.drills = drills
    }
}

import TeamCore

/// The team's season on one day: a row a player, as the kiosk's Season screen, `sideline season`
/// and the club's pages show it.
public struct SeasonRow: Sendable, Equatable {
    public var playerID: Int64
    public var name: String
    public var number: Int
    public var figures: LoadDay
    /// The same day by session RPE.
    public var srpe: SRPEFigures
    /// The player's morning wellness that day against their 28 days before; nil: not answered that day.
    public var wellness: WellnessDay?
    /// The player's latest readiness check up to the day, read against their history; nil: none yet.
    public var readiness: ReadinessAssessment?
    /// The player's latest fitness test up to the day, against their previous one of the same protocol; nil: none yet.
    public var fitness: FitnessAssessment?
    /// The day of their last session up to the day (any team's).
    public var lastSession: CalendarDay?
}

public enum SeasonTable {
    /// What the table needs of each player: who, their session loads and readiness checks (all teams), their wellness answers.
    public struct PlayerInput: Sendable {
        public var playerID: Int64
        public var name: String
        public var number: Int
        public var loads: [SessionLoad]
        public var checks: [ReadinessCheck]
        public var wellness: [WellnessEntry]
        public var fitnessTests: [FitnessResult]

        public init(playerID: Int64, name: String, number: Int, loads: [SessionLoad], checks: [ReadinessCheck], wellness: [WellnessEntry] = [],
                    fitnessTests: [FitnessResult] = []) {
            self.playerID = playerID
            self.name = name
            self.number = number
            self.loads = loads
            self.checks = checks
            self.wellness = wellness
            self.fitnessTests = fitnessTests
        }
    }

    /// Rows in the input's order (the caller sorts for its screen).
    public static func rows(_ players: [PlayerInput], on day: CalendarDay, thresholds: LoadStatusThresholds = .polar) -> [SeasonRow] {
        players.map { p in
            let past = p.loads.filter { $0.day <= day }
            let history = PlayerLoadHistory(sessions: past)
            let checks = p.checks.filter { $0.day <= day }
            let latest = checks.max { ($0.day, $0.sessionID) < ($1.day, $1.sessionID) }
            return SeasonRow(playerID: p.playerID, name: p.name, number: p.number,
                             figures: history.figures(on: day, thresholds: thresholds),
                             srpe: SRPEHistory(sessions: past).figures(on: day),
                             wellness: WellnessHistory(p.wellness).day(day),
                             readiness: latest.map { Readiness.assess($0, history: checks) },
                             fitness: FitnessTest.latest(p.fitnessTests, on: day),
                             lastSession: history.sessions.last?.day)
        }
    }
}

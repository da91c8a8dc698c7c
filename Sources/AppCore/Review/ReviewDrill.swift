import TeamCore

/// What review shows of a drill (Analytics' `DrillFigures` and `TeamDrillFigures`, as plain numbers): minutes with
/// a heart rate, mean and peak HR, % of that time above 85 % HRmax, Banister TRIMP. nil: no heart rate.
public struct DrillNumbers: Sendable, Equatable {
    public var minutes: Double
    public var meanBPM: Double?
    public var peakBPM: Double?
    public var highIntensityPercent: Double?
    public var trimp: Double?

    public init(minutes: Double, meanBPM: Double?, peakBPM: Double?, highIntensityPercent: Double?, trimp: Double?) {
        self.minutes = minutes
        self.meanBPM = meanBPM
        self.peakBPM = peakBPM
        self.highIntensityPercent = highIntensityPercent
        self.trimp = trimp
    }
}

/// One drill of the open session: its span, the team's figures and each player's.
public struct ReviewDrill: Sendable, Equatable {
    public var phase: SessionPhase
    public var team: DrillNumbers
    /// By player id.
    public var players: [Int64: DrillNumbers]

    public init(phase: SessionPhase, team: DrillNumbers, players: [Int64: DrillNumbers]) {
        self.phase = phase
        self.team = team
        self.players = players
    }
}

/// "SSG 4v4 across the season": one drill's weeks, the team's figures and each player's (review's sheet).
public struct DrillSeasonSheet: Sendable, Equatable {
    public struct Week: Sendable, Equatable {
        /// The week's Monday: drawn in the kiosk's language ("9. März"), its `label` English ("9 Mar", the dump's).
        public var monday: SeasonDay
        public var sessions: Int
        public var team: DrillNumbers
        public var players: [Int64: DrillNumbers]

        public init(monday: SeasonDay, sessions: Int, team: DrillNumbers, players: [Int64: DrillNumbers]) {
            self.monday = monday
            self.sessions = sessions
            self.team = team
            self.players = players
        }
    }

    public var drill: String
    /// Oldest first.
    public var weeks: [Week]

    public init(drill: String, weeks: [Week]) {
        self.drill = drill
        self.weeks = weeks
    }
}

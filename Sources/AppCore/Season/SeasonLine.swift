/// A local calendar day as the season screens show it: its number (days since 1970-01-01, for
/// sorting and chart positions) and its words ("Sat 14 Mar").
public struct SeasonDay: Sendable, Equatable {
    public var dayNumber: Int
    public var label: String

    public init(dayNumber: Int, label: String) {
        self.dayNumber = dayNumber
        self.label = label
    }

    /// "14 Mar" from "Sat 14 Mar": where six of them share a chart's width.
    public var shortLabel: String { label.split(separator: " ").suffix(2).joined(separator: " ") }
}

/// One player's row of the team's season table, prepared by the shell from the season analysis.
public struct SeasonLine: Sendable, Equatable {
    public var playerID: Int64
    public var name: String
    public var number: Int
    /// The day's summed cardio load (Banister TRIMP).
    public var loadToday: Double
    /// Mean daily load, 7 days (Polar's Strain) and 28 days (Tolerance).
    public var strain: Double
    public var tolerance: Double
    public var status: SeasonWord
    /// Acute ÷ chronic load by EWMA; nil while building a baseline.
    public var acwr: Double?
    public var readiness: SeasonWord
    public var lastSession: SeasonDay?
    /// The day's sRPE load (RPE × effort minutes of the rated sessions) and the 7 days' ending on it.
    public var srpeToday: Double
    public var srpeWeek: Double
    /// The day's morning wellness: total (5–25), its z against the player's 28 days before (nil: no
    /// baseline yet), and whether the total or an item dropped beyond 1 SD. nil total: not answered.
    public var wellness: WellnessFigure?

    public init(playerID: Int64, name: String, number: Int, loadToday: Double, strain: Double, tolerance: Double,
                status: SeasonWord, acwr: Double?, readiness: SeasonWord, lastSession: SeasonDay?,
                srpeToday: Double = 0, srpeWeek: Double = 0, wellness: WellnessFigure? = nil) {
        self.playerID = playerID
        self.name = name
        self.number = number
        self.loadToday = loadToday
        self.strain = strain
        self.tolerance = tolerance
        self.status = status
        self.acwr = acwr
        self.readiness = readiness
        self.lastSession = lastSession
        self.srpeToday = srpeToday
        self.srpeWeek = srpeWeek
        self.wellness = wellness
    }
}

/// A day's wellness as the season screens show it.
public struct WellnessFigure: Sendable, Equatable {
    public var dayNumber: Int
    public var total: Int
    public var z: Double?
    /// The total or an item dropped beyond 1 SD: drawn with "↓" on the caution colour.
    public var flagged: Bool
    /// The baseline's mean and SD of the total (nil: fewer than 7 earlier answers).
    public var mean: Double?
    public var sd: Double?
    /// The items that dropped, by their titles ("Sleep quality").
    public var droppedItems: [String]

    public init(dayNumber: Int, total: Int, z: Double?, flagged: Bool, mean: Double? = nil, sd: Double? = nil, droppedItems: [String] = []) {
        self.dayNumber = dayNumber
        self.total = total
        self.z = z
        self.flagged = flagged
        self.mean = mean
        self.sd = sd
        self.droppedItems = droppedItems
    }
}

/// The team's season on one day.
public struct SeasonTableData: Sendable, Equatable {
    public var teamID: Int64
    public var day: SeasonDay
    public var lines: [SeasonLine]

    public init(teamID: Int64, day: SeasonDay, lines: [SeasonLine]) {
        self.teamID = teamID
        self.day = day
        self.lines = lines
    }
}

/// The review of past sessions: the team's list, one session opened, a player chosen.
public struct Review: Sendable, Equatable {
    public var sessions: [SessionCard] = []
    public var data: ReviewData?
    public var selectedPlayerID: Int64?
    /// The player whose line the team graph draws over the team's band (a first tap on their chip).
    public var spotlightPlayerID: Int64?
    /// What the player panel shows: heart-rate figures or HRV.
    public var panel = ReviewPanel.heartRate
    /// Where the coach's finger is on the graph, ms since session start.
    public var cursorMs: Int64?
    public init() {}

    public var selectedPlayer: ReviewPlayer? { data?.players.first { $0.playerID == selectedPlayerID } }
    public var spotlightPlayer: ReviewPlayer? { data?.players.first { $0.playerID == spotlightPlayerID } }
}

/// The two halves of a player's numbers: heart rate (and zones), or HRV.
public enum ReviewPanel: String, Sendable, Equatable {
    case heartRate
    case hrv
}

/// The review of past sessions: the team's list, one session opened, a player chosen.
public struct Review: Sendable, Equatable {
    public var sessions: [SessionCard] = []
    public var data: ReviewData?
    public var selectedPlayerID: Int64?
    /// Where the coach's finger is on the graph, ms since session start.
    public var cursorMs: Int64?
    public init() {}

    public var selectedPlayer: ReviewPlayer? { data?.players.first { $0.playerID == selectedPlayerID } }
}

import TeamCore

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
    /// The list shows only sessions with this tag; nil: all.
    public var tagFilter: String?
    /// One drill across the season over the open session (nil: not shown).
    public var drillSeason: DrillSeasonSheet?
    /// "Rate the session" over the open session (nil: not rating).
    public var rating: RatingSheet?
    public init() {}

    public var selectedPlayer: ReviewPlayer? { data?.players.first { $0.playerID == selectedPlayerID } }
    public var spotlightPlayer: ReviewPlayer? { data?.players.first { $0.playerID == spotlightPlayerID } }

    /// The list as shown: the sessions with the chosen tag, or all.
    public var shownSessions: [SessionCard] {
        guard let tag = tagFilter else { return sessions }
        return sessions.filter { $0.tags.contains(tag) }
    }

    /// The tags the team's sessions carry, most used first (ties alphabetically): the filter's choices.
    public var filterTags: [String] {
        var counts: [String: Int] = [:]
        for card in sessions { for tag in Set(card.tags) { counts[tag, default: 0] += 1 } }
        return counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map(\.key)
    }
}

/// The two halves of a player's numbers: heart rate (and zones), or HRV.
public enum ReviewPanel: String, Sendable, Equatable {
    case heartRate
    case hrv
}

import Foundation
import TeamCore

/// A team as the team picker shows it (loaded by the shell from the store).
public struct TeamCard: Sendable, Equatable {
    public var team: Team
    public var playerCount: Int
    public var lastSessionAt: Date?
    public var unreviewedSessions: Int
    /// Every session of the team (deleting the team says how many go with it).
    public var sessionCount: Int
    /// The tags of its last session: the lobby starts from them.
    public var lastTags: [String]
    public init(team: Team, playerCount: Int, lastSessionAt: Date?, unreviewedSessions: Int, sessionCount: Int = 0,
                lastTags: [String] = []) {
        self.team = team
        self.playerCount = playerCount
        self.lastSessionAt = lastSessionAt
        self.unreviewedSessions = unreviewedSessions
        self.sessionCount = sessionCount
        self.lastTags = lastTags
    }
}

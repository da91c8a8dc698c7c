import Foundation
import TeamCore

/// A stored session's analysis with the names it is shown and exported under (the team's, the
/// players'): what the review screen, every export and the club's pages start from.
public struct AnalysedSession: Sendable {
    /// The identities that outlive one database: the session's and each player's UUID (a club's
    /// bundle carries them; a kiosk's export names them once its rows have them).
    public struct UUIDs: Sendable, Equatable {
        public var session: UUID
        /// By `PlayerAnalysis.playerID`.
        public var players: [Int64: UUID]

        public init(session: UUID, players: [Int64: UUID]) {
            self.session = session
            self.players = players
        }
    }

    public var teamName: String
    public var playerNames: [Int64: String]
    public var analysis: SessionAnalysis
    public var uuids: UUIDs?
    /// The players' session RPE, by `PlayerAnalysis.playerID` (a player without one did not rate).
    public var ratings: [Int64: SessionRating]

    public init(teamName: String, playerNames: [Int64: String], analysis: SessionAnalysis, uuids: UUIDs? = nil,
                ratings: [Int64: SessionRating] = [:]) {
        self.teamName = teamName
        self.playerNames = playerNames
        self.analysis = analysis
        self.uuids = uuids
        self.ratings = ratings
    }

    /// A player's sRPE load (RPE × the session's effort minutes); nil: not rated.
    public func srpeLoad(of player: PlayerAnalysis) -> Double? {
        guard let rpe = ratings[player.playerID]?.rpe, let minutes = analysis.session.effortMinutes else { return nil }
        return SessionRPE.load(rpe: rpe, effortMinutes: minutes)
    }

    public var startedAt: Date { analysis.session.startedAt }

    public func name(of player: PlayerAnalysis) -> String {
        playerNames[player.playerID] ?? "Player \(player.shirtNumber)"
    }

    /// The wall-clock time of an offset into the session.
    public func date(atMs offset: Int64) -> Date {
        startedAt.addingTimeInterval(Double(offset) / 1000)
    }
}

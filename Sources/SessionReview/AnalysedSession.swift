import Analytics
import Foundation
import TeamCore

/// A stored session's analysis with the names it is shown and exported under (the team's, the
/// players'): what the review screen and every export start from.
public struct AnalysedSession: Sendable {
    public var teamName: String
    public var playerNames: [Int64: String]
    public var analysis: SessionAnalysis

    public init(teamName: String, playerNames: [Int64: String], analysis: SessionAnalysis) {
        self.teamName = teamName
        self.playerNames = playerNames
        self.analysis = analysis
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

import Analytics
import Foundation
import Store
import TeamCore

/// A team's fitness tests as `sideline fitness` lists them: each roster player's tests, oldest first, each against
/// the player's previous test of the same run and pace.
public struct TeamFitness: Sendable {
    public struct Player: Sendable {
        public var playerID: Int64
        public var name: String
        public var number: Int
        public var tests: [FitnessAssessment]
    }

    public var players: [Player]
}

extension SessionReview {
    /// Every roster player's fitness tests (any team's), in roster order; players without a test are listed with none.
    public static func teamFitness(store: SidelineStore, teamID: Int64, calendar: Calendar = .current) throws -> TeamFitness {
        let roster = try store.roster(teamID: teamID)
        let seasons = try playerSeasons(store: store, playerIDs: roster.map(\.playerID), calendar: calendar)
        return TeamFitness(players: roster.map { entry in
            TeamFitness.Player(playerID: entry.playerID, name: entry.player.fullName, number: entry.shirtNumber,
                               tests: FitnessTest.assess(seasons[entry.playerID]?.fitnessTests ?? []))
        })
    }
}

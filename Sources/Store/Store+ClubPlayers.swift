import Foundation
import GRDB
import Localization
import TeamCore

/// A player of the club as the "All players" list shows them: every team they are on (none is
/// possible: taken off their last roster) and how many sessions they took part in.
public struct PlayerOverview: Sendable, Equatable {
    public struct Team: Sendable, Equatable, FetchableRecord {
        public var teamID: Int64
        public var name: String
        public var shirtNumber: Int

        public init(row: Row) throws {
            teamID = row["team_id"]
            name = row["name"]
            shirtNumber = row["shirt_number"]
        }
    }

    public var playerID: Int64
    public var player: Player
    public var teams: [Team]
    public var sessions: Int
    /// Their stored photo's version (nil: none).
    public var photoVersion: Int64?
}

extension SidelineStore {
    /// Every player, on a team or not, by name.
    public func allPlayers() throws -> [PlayerOverview] {
        try read { db in
            var teams: [Int64: [PlayerOverview.Team]] = [:]
            let memberships = try Row.fetchCursor(db, sql: """
                SELECT m.player_id, m.team_id, m.shirt_number, t.name FROM membership m JOIN team t ON t.id = m.team_id
                ORDER BY t.name COLLATE NOCASE
                """)
            while let row = try memberships.next() {
                teams[row["player_id"], default: []].append(try PlayerOverview.Team(row: row))
            }
            return try Row.fetchAll(db, sql: """
                SELECT player.*, (SELECT COUNT(*) FROM session_player sp WHERE sp.player_id = player.id) AS sessions,
                    (SELECT updated_ms FROM player_photo pp WHERE pp.player_id = player.id) AS photo_version
                FROM player ORDER BY first_name COLLATE NOCASE, last_name COLLATE NOCASE, id
                """).map { row in
                let id: Int64 = row["id"]
                return PlayerOverview(playerID: id, player: try Player(row: row), teams: teams[id] ?? [], sessions: row["sessions"],
                                      photoVersion: row["photo_version"])
            }
        }
    }

    /// Puts a player who already exists on a team's roster, with the shirt number they wear in
    /// another team when it is free here, else the lowest free one. Returns the number.
    @discardableResult
    public func addExistingPlayer(_ playerID: Int64, toTeam teamID: Int64) throws -> Int {
        try write { db in
            guard try Player.exists(db, key: playerID) else { throw StoreError.unknownPlayer(playerID) }
            guard try Team.exists(db, key: teamID) else { throw StoreError.unknownTeam("#\(teamID)") }
            if try Int.fetchOne(db, sql: "SELECT 1 FROM membership WHERE team_id = ? AND player_id = ?", arguments: [teamID, playerID]) != nil {
                throw StoreError.duplicate(Message(N_("that player is on this team already")))
            }
            let taken = Set(try Int.fetchAll(db, sql: "SELECT shirt_number FROM membership WHERE team_id = ?", arguments: [teamID]))
            let worn = try Int.fetchAll(db, sql: "SELECT shirt_number FROM membership WHERE player_id = ?", arguments: [playerID])
            guard let number = worn.first(where: { !taken.contains($0) }) ?? (1...99).first(where: { !taken.contains($0) })
                ?? (0...0).first(where: { !taken.contains($0) }) else {
                throw StoreError.invalid(Message(N_("every shirt number of this team is taken")))
            }
            try Self.addMembership(Membership(teamID: teamID, playerID: playerID, shirtNumber: number), db)
            return number
        }
    }
}

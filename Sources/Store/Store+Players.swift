import Foundation
import GRDB
import TeamCore

extension SidelineStore {
    /// Adds a new player to a team's roster, optionally with a default strap.
    @discardableResult
    public func addPlayer(_ player: Player, toTeam teamID: Int64, shirtNumber: Int, strapID: Int64? = nil) throws -> Player {
        try write { db in
            var stored = player
            try Self.insert(&stored, db)
            try Self.addMembership(Membership(teamID: teamID, playerID: stored.id!, shirtNumber: shirtNumber, strapID: strapID), db)
            return stored
        }
    }

    public func updatePlayer(_ player: Player) throws {
        guard let id = player.id else { throw StoreError.notStored("the player \(player.fullName)") }
        try write { db in
            try db.execute(sql: """
                UPDATE player SET first_name = ?, last_name = ?, birth_year = ?, sex = ?, weight_kg = ?,
                    resting_hr = ?, max_hr = ?, photo_path = ? WHERE id = ?
                """, arguments: [player.firstName, player.lastName, player.birthYear, player.sex.rawValue,
                                 player.weightKg, player.restingHR, player.measuredMaxHR, player.photoPath, id])
            if db.changesCount == 0 { throw StoreError.unknownPlayer(id) }
        }
    }

    /// Puts an existing player on another team's roster (a player can be in several teams).
    public func addMembership(_ membership: Membership) throws {
        try write { try Self.addMembership(membership, $0) }
    }

    /// Takes a player off a team's roster; their sessions and samples stay.
    public func removeMembership(teamID: Int64, playerID: Int64) throws {
        try write { try $0.execute(sql: "DELETE FROM membership WHERE team_id = ? AND player_id = ?", arguments: [teamID, playerID]) }
    }

    /// Deletes a player and every sample, RR interval and session entry of theirs.
    public func deletePlayerAndData(_ playerID: Int64) throws {
        try write { db in
            for table in ["sample", "rr", "session_player", "membership"] {
                try db.execute(sql: "DELETE FROM \(table) WHERE player_id = ?", arguments: [playerID])
            }
            try db.execute(sql: "DELETE FROM player WHERE id = ?", arguments: [playerID])
        }
    }

    /// Sets (or clears) the strap a player wears by default in a team. A strap another
    /// player of the same team wears is taken from them (the coach handed it over).
    public func assignStrap(_ strapID: Int64?, teamID: Int64, playerID: Int64) throws {
        try write { db in
            if let strapID {
                try db.execute(sql: "UPDATE membership SET strap_id = NULL WHERE team_id = ? AND strap_id = ? AND player_id != ?",
                               arguments: [teamID, strapID, playerID])
                // A forgotten strap the coach pairs is known again.
                try db.execute(sql: "UPDATE strap SET forgotten_ms = NULL WHERE id = ?", arguments: [strapID])
            }
            try db.execute(sql: "UPDATE membership SET strap_id = ? WHERE team_id = ? AND player_id = ?",
                           arguments: [strapID, teamID, playerID])
        }
    }

    public func player(id: Int64) throws -> Player? {
        try read { try Row.fetchOne($0, sql: "SELECT * FROM player WHERE id = ?", arguments: [id]).map(Self.player(from:)) }
    }

    static func insert(_ player: inout Player, _ db: Database) throws {
        try db.execute(sql: """
            INSERT INTO player(first_name, last_name, birth_year, sex, weight_kg, resting_hr, max_hr, photo_path)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [player.firstName, player.lastName, player.birthYear, player.sex.rawValue,
                             player.weightKg, player.restingHR, player.measuredMaxHR, player.photoPath])
        player.id = db.lastInsertedRowID
    }

    static func addMembership(_ m: Membership, _ db: Database) throws {
        if try Int.fetchOne(db, sql: "SELECT 1 FROM membership WHERE team_id = ? AND shirt_number = ?",
                            arguments: [m.teamID, m.shirtNumber]) != nil {
            throw StoreError.duplicate("shirt number \(m.shirtNumber) is already taken in this team")
        }
        if let strap = m.strapID, try Int.fetchOne(db, sql: "SELECT 1 FROM membership WHERE team_id = ? AND strap_id = ?",
                                                    arguments: [m.teamID, strap]) != nil {
            throw StoreError.duplicate("that strap is already worn by another player of this team")
        }
        try db.execute(sql: "INSERT INTO membership(team_id, player_id, shirt_number, strap_id) VALUES (?, ?, ?, ?)",
                       arguments: [m.teamID, m.playerID, m.shirtNumber, m.strapID])
    }

    static func player(from row: Row) -> Player {
        Player(id: row["id"], firstName: row["first_name"], lastName: row["last_name"], birthYear: row["birth_year"],
               sex: Sex(rawValue: row["sex"]) ?? .male, weightKg: row["weight_kg"], restingHR: row["resting_hr"],
               measuredMaxHR: row["max_hr"], photoPath: row["photo_path"])
    }
}

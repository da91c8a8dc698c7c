import Foundation
import GRDB
import Localization
import TeamCore

extension SidelineStore {
    /// Adds a new player to a team's roster, optionally with a default strap; returns the player's id.
    @discardableResult
    public func addPlayer(_ player: Player, toTeam teamID: Int64, shirtNumber: Int, strapID: Int64? = nil) throws -> Int64 {
        try write { db in
            let id = try Self.insert(player, db)
            try Self.addMembership(Membership(teamID: teamID, playerID: id, shirtNumber: shirtNumber, strapID: strapID), db)
            return id
        }
    }

    /// Adds a player of the club on no team yet ("All players" → "+ Add player"); returns their id.
    @discardableResult
    public func addPlayer(_ player: Player) throws -> Int64 {
        try write { try Self.insert(player, $0) }
    }

    /// Writes what the player's description says now over the stored one.
    public func updatePlayer(_ id: Int64, _ player: Player) throws {
        try write { db in
            do {
                try StoredPlayer(id: id, player: player).update(db)
            } catch RecordError.recordNotFound {
                throw StoreError.unknownPlayer(id)
            }
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
        try read { try Player.fetchOne($0, key: id) }
    }

    /// A held peak the coach accepted (`MaxHeartRateSuggestion`) becomes the player's measured HRmax:
    /// the same column the player form writes, so sessions from now on snapshot it.
    public func setMeasuredMaxHR(playerID: Int64, bpm: Int) throws {
        guard Player.measuredMaxHRRange.contains(bpm) else {
            throw StoreError.invalid(Message(N_("max HR {bpm} is not between {low} and {high}"),
                                             ["bpm": "\(bpm)", "low": "\(Player.measuredMaxHRRange.lowerBound)", "high": "\(Player.measuredMaxHRRange.upperBound)"]))
        }
        try write { db in
            try db.execute(sql: "UPDATE player SET max_hr = ? WHERE id = ?", arguments: [bpm, playerID])
            guard db.changesCount == 1 else { throw StoreError.unknownPlayer(playerID) }
        }
    }

    /// A suggested HRmax the coach turned down: none up to `bpm` is suggested for the player again.
    public func dismissMaxHR(playerID: Int64, bpm: Int) throws {
        try write { db in
            try db.execute(sql: "UPDATE player SET max_hr_dismissed = max(coalesce(max_hr_dismissed, 0), ?) WHERE id = ?",
                           arguments: [bpm, playerID])
        }
    }

    /// The highest HRmax turned down, for the players that have one.
    public func dismissedMaxHR(playerIDs: [Int64]) throws -> [Int64: Int] {
        guard !playerIDs.isEmpty else { return [:] }
        let placeholders = Array(repeating: "?", count: playerIDs.count).joined(separator: ",")
        return try read { db in
            var out: [Int64: Int] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT id, max_hr_dismissed FROM player WHERE id IN (\(placeholders)) AND max_hr_dismissed IS NOT NULL",
                                        arguments: StatementArguments(playerIDs)) {
                out[row[0]] = row[1]
            }
            return out
        }
    }

    /// Inserts a player's row; returns its id.
    static func insert(_ player: Player, _ db: Database) throws -> Int64 {
        try player.insert(db)
        return db.lastInsertedRowID
    }

    static func addMembership(_ m: Membership, _ db: Database) throws {
        if try Int.fetchOne(db, sql: "SELECT 1 FROM membership WHERE team_id = ? AND shirt_number = ?",
                            arguments: [m.teamID, m.shirtNumber]) != nil {
            throw StoreError.duplicate(Message(N_("shirt number {number} is already taken in this team"), ["number": "\(m.shirtNumber)"]))
        }
        if let strap = m.strapID, try Int.fetchOne(db, sql: "SELECT 1 FROM membership WHERE team_id = ? AND strap_id = ?",
                                                    arguments: [m.teamID, strap]) != nil {
            throw StoreError.duplicate(Message(N_("that strap is already worn by another player of this team")))
        }
        try m.insert(db)
    }
}

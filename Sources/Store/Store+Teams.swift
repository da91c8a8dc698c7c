import Foundation
import GRDB
import Localization
import TeamCore

/// A team as the team picker lists it.
public struct TeamOverview: Sendable, Equatable, FetchableRecord {
    public var team: Team
    public var playerCount: Int
    public var lastSessionAt: Date?
    public var unreviewedSessions: Int
    public var sessionCount: Int = 0
    /// The tags of its last session, which the lobby offers again.
    public var lastTags: [String] = []

    /// A `team` row with the counts `teams()` selects beside it.
    public init(row: Row) throws {
        team = try Team(row: row)
        playerCount = row["players"]
        lastSessionAt = (row["last_ms"] as Int64?).map(Date.init(unixMs:))
        unreviewedSessions = row["unreviewed"]
        sessionCount = row["sessions"]
        lastTags = SessionTagsColumn.decode(row["last_tags"])
    }
}

/// What deleting a team takes with it.
public struct TeamDeletion: Sendable, Equatable {
    public var sessions: Int
    public var players: Int
    /// Players on this team only: they stay, in no team, until deleted themselves.
    public var playersOnNoOtherTeam: Int
}

/// A roster line: the player, their number in this team and their default strap.
public struct RosterEntry: Sendable, Equatable, FetchableRecord {
    public var playerID: Int64
    public var player: Player
    public var shirtNumber: Int
    public var strap: Strap?
    /// The stored photo's version (`player_photo.updated_ms`); nil without a photo.
    public var photoVersion: Int64?

    /// A row of `roster(teamID:)`: the membership's columns, then the player's and the strap's
    /// (split by `RosterEntry.adapter`; a player without a strap has NULLs there).
    public init(row: Row) throws {
        playerID = row["player_id"]
        shirtNumber = row["shirt_number"]
        photoVersion = row["photo_version"]
        player = try Player(row: row.scopes["player"] ?? row)
        strap = try row.scopes["strap"].flatMap { strap in (strap["id"] as Int64?) == nil ? nil : try Strap(row: strap) }
    }

    /// Splits `player_id, shirt_number, photo_version, player.*, strap.*` into the entry's own
    /// columns and the player's and the strap's, whose names overlap (`id`).
    static func adapter(_ db: Database) throws -> any RowAdapter {
        let parts = splittingRowAdapters(columnCounts: [3, try Player.numberOfSelectedColumns(db), try Strap.numberOfSelectedColumns(db)])
        return ScopeAdapter(base: parts[0], scopes: ["player": parts[1], "strap": parts[2]])
    }
}

extension SidelineStore {
    @discardableResult
    public func createTeam(name: String, colour: RGBColour? = nil) throws -> Team {
        try write { try Self.insertTeam(name: name, colour: colour, $0) }
    }

    static func insertTeam(name: String, colour: RGBColour?, _ db: Database) throws -> Team {
        let trimmed = try checkedTeamName(name, renaming: nil, db)
        let count = try Team.fetchCount(db)
        let palette = RGBColour.teamPalette
        let chosen = colour ?? palette[count % palette.count]
        try db.execute(sql: "INSERT INTO team(name, colour, created_ms) VALUES (?, ?, ?)",
                       arguments: [trimmed, chosen.hex, Date().unixMs])
        let id = db.lastInsertedRowID
        return Team(id: id, name: trimmed, colour: chosen,
                    uuid: UUIDColumn.decode(try String.fetchOne(db, sql: "SELECT uuid FROM team WHERE id = ?", arguments: [id])))
    }

    public func team(named name: String) throws -> Team? {
        try read { try Self.team(named: name, $0) }
    }

    static func team(named name: String, _ db: Database) throws -> Team? {
        try Team.filter(Column("name") == name).fetchOne(db)
    }

    /// The team, or `StoreError.unknownTeam`.
    public func requireTeam(named name: String) throws -> Team {
        guard let team = try team(named: name) else { throw StoreError.unknownTeam(name) }
        return team
    }

    public func teams() throws -> [TeamOverview] {
        try read { db in
            try TeamOverview.fetchAll(db, sql: """
                SELECT team.*,
                    (SELECT COUNT(*) FROM membership m WHERE m.team_id = team.id) AS players,
                    (SELECT MAX(started_ms) FROM session s WHERE s.team_id = team.id) AS last_ms,
                    (SELECT COUNT(*) FROM session s WHERE s.team_id = team.id) AS sessions,
                    (SELECT COUNT(*) FROM session s WHERE s.team_id = team.id AND s.reviewed = 0
                        AND s.state IN ('ended', 'interrupted')) AS unreviewed
                FROM team ORDER BY name COLLATE NOCASE
                """)
        }
    }

    /// A team name as stored: trimmed, not empty, at most `Team.maxNameLength` characters, no
    /// control characters, and no other team's (case-insensitive).
    static func checkedTeamName(_ name: String, renaming id: Int64?, _ db: Database) throws -> String {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw StoreError.invalid(Message(N_("a team needs a name"))) }
        guard trimmed.count <= Team.maxNameLength else {
            throw StoreError.invalid(Message(N_("a team name has at most {max} characters ('{name}' has {count})"),
                                             ["max": "\(Team.maxNameLength)", "name": trimmed, "count": "\(trimmed.count)"]))
        }
        guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw StoreError.invalid(Message(N_("a team name cannot hold a line break or another control character")))
        }
        if let other = try Int64.fetchOne(db, sql: "SELECT id FROM team WHERE name = ?", arguments: [trimmed]), other != id {
            throw StoreError.duplicate(Message(N_("a team named '{team}' already exists"), ["team": trimmed]))
        }
        return trimmed
    }

    /// Gives a team another name (a change of case included).
    public func renameTeam(_ id: Int64, to name: String) throws {
        try write { db in
            let checked = try Self.checkedTeamName(name, renaming: id, db)
            try db.execute(sql: "UPDATE team SET name = ? WHERE id = ?", arguments: [checked, id])
            guard db.changesCount == 1 else { throw StoreError.unknownTeam("#\(id)") }
        }
    }

    public func setTeamColour(_ id: Int64, _ colour: RGBColour) throws {
        try write { db in
            try db.execute(sql: "UPDATE team SET colour = ? WHERE id = ?", arguments: [colour.hex, id])
            guard db.changesCount == 1 else { throw StoreError.unknownTeam("#\(id)") }
        }
    }

    /// What deleting a team takes with it, for the question asked first.
    public func teamDeletion(_ id: Int64) throws -> TeamDeletion {
        try read { db in
            guard let row = try Row.fetchOne(db, sql: """
                SELECT (SELECT COUNT(*) FROM session WHERE team_id = ?1) AS sessions,
                       (SELECT COUNT(*) FROM membership WHERE team_id = ?1) AS players,
                       (SELECT COUNT(*) FROM membership m WHERE m.team_id = ?1 AND NOT EXISTS
                            (SELECT 1 FROM membership o WHERE o.player_id = m.player_id AND o.team_id != ?1)) AS only_here
                FROM team WHERE id = ?1
                """, arguments: [id]) else { throw StoreError.unknownTeam("#\(id)") }
            return TeamDeletion(sessions: row["sessions"], players: row["players"], playersOnNoOtherTeam: row["only_here"])
        }
    }

    /// Deletes a team and its sessions with everything recorded in them, in one transaction.
    /// Its players stay (in "All players", on their other teams); their strap assignments in
    /// this team go with the roster.
    public func deleteTeam(_ id: Int64) throws {
        try write { db in
            try Self.deleteSessions(sql: "team_id = ?", [id], db)
            try db.execute(sql: "DELETE FROM membership WHERE team_id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM team WHERE id = ?", arguments: [id])
            guard db.changesCount == 1 else { throw StoreError.unknownTeam("#\(id)") }
        }
    }

    /// The team's roster, ordered by shirt number.
    public func roster(teamID: Int64) throws -> [RosterEntry] {
        try read { db in
            try RosterEntry.fetchAll(db, sql: """
                SELECT membership.player_id, membership.shirt_number, player_photo.updated_ms AS photo_version, player.*, strap.*
                FROM membership JOIN player ON player.id = membership.player_id
                LEFT JOIN strap ON strap.id = membership.strap_id
                LEFT JOIN player_photo ON player_photo.player_id = player.id
                WHERE membership.team_id = ? ORDER BY membership.shirt_number, player.last_name
                """, arguments: [teamID], adapter: try RosterEntry.adapter(db))
        }
    }
}

extension SidelineStore {
    public func teamName(id: Int64) throws -> String {
        try read { try String.fetchOne($0, sql: "SELECT name FROM team WHERE id = ?", arguments: [id]) } ?? "team \(id)"
    }
}

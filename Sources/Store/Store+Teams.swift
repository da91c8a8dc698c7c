import Foundation
import GRDB
import TeamCore

/// A team as the team picker lists it.
public struct TeamOverview: Sendable, Equatable {
    public var team: Team
    public var playerCount: Int
    public var lastSessionAt: Date?
    public var unreviewedSessions: Int
}

/// A roster line: the player, their number in this team and their default strap.
public struct RosterEntry: Sendable, Equatable {
    public var player: Player
    public var shirtNumber: Int
    public var strap: Strap?
}

extension SidelineStore {
    @discardableResult
    public func createTeam(name: String, colour: RGBColour? = nil) throws -> Team {
        try write { try Self.insertTeam(name: name, colour: colour, $0) }
    }

    static func insertTeam(name: String, colour: RGBColour?, _ db: Database) throws -> Team {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw StoreError.invalid("a team needs a name") }
        if try Int64.fetchOne(db, sql: "SELECT id FROM team WHERE name = ?", arguments: [trimmed]) != nil {
            throw StoreError.duplicate("a team named '\(trimmed)' already exists")
        }
        let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM team") ?? 0
        let palette = RGBColour.teamPalette
        let chosen = colour ?? palette[count % palette.count]
        try db.execute(sql: "INSERT INTO team(name, colour, created_ms) VALUES (?, ?, ?)",
                       arguments: [trimmed, chosen.hex, Date().unixMs])
        return Team(id: db.lastInsertedRowID, name: trimmed, colour: chosen)
    }

    public func team(named name: String) throws -> Team? {
        try read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM team WHERE name = ?", arguments: [name]).map(Self.team(from:))
        }
    }

    /// The team, or `StoreError.unknownTeam`.
    public func requireTeam(named name: String) throws -> Team {
        guard let team = try team(named: name) else { throw StoreError.unknownTeam(name) }
        return team
    }

    public func teams() throws -> [TeamOverview] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT team.*,
                    (SELECT COUNT(*) FROM membership m WHERE m.team_id = team.id) AS players,
                    (SELECT MAX(started_ms) FROM session s WHERE s.team_id = team.id) AS last_ms,
                    (SELECT COUNT(*) FROM session s WHERE s.team_id = team.id AND s.reviewed = 0
                        AND s.state IN ('ended', 'interrupted')) AS unreviewed
                FROM team ORDER BY name COLLATE NOCASE
                """).map { row in
                TeamOverview(team: Self.team(from: row), playerCount: row["players"],
                             lastSessionAt: (row["last_ms"] as Int64?).map(Date.init(unixMs:)),
                             unreviewedSessions: row["unreviewed"])
            }
        }
    }

    public func renameTeam(_ id: Int64, to name: String, colour: RGBColour) throws {
        try write { db in
            try db.execute(sql: "UPDATE team SET name = ?, colour = ? WHERE id = ?", arguments: [name, colour.hex, id])
        }
    }

    /// The team's roster, ordered by shirt number.
    public func roster(teamID: Int64) throws -> [RosterEntry] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT player.*, membership.shirt_number, strap.id AS s_id, strap.address AS s_address,
                       strap.name AS s_name, strap.last_battery AS s_battery, strap.last_seen_ms AS s_seen
                FROM membership JOIN player ON player.id = membership.player_id
                LEFT JOIN strap ON strap.id = membership.strap_id
                WHERE membership.team_id = ? ORDER BY membership.shirt_number, player.last_name
                """, arguments: [teamID]).map { row in
                let strap: Strap? = (row["s_id"] as Int64?).map { id in
                    Strap(id: id, address: row["s_address"], name: row["s_name"], lastBattery: row["s_battery"],
                          lastSeen: (row["s_seen"] as Int64?).map(Date.init(unixMs:)))
                }
                return RosterEntry(player: Self.player(from: row), shirtNumber: row["shirt_number"], strap: strap)
            }
        }
    }

    static func team(from row: Row) -> Team {
        Team(id: row["id"], name: row["name"], colour: RGBColour(hex: row["colour"]) ?? RGBColour.teamPalette[0])
    }
}

extension SidelineStore {
    public func teamName(id: Int64) throws -> String {
        try read { try String.fetchOne($0, sql: "SELECT name FROM team WHERE id = ?", arguments: [id]) } ?? "team \(id)"
    }
}

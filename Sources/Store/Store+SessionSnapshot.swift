import Foundation
import GRDB
import GRDBSQLite
import TeamCore

/// What a finished session's record takes from rows that change later — its team's name, its players'
/// names, its straps' names, descriptions and battery, whether it was reviewed — as they stood when it
/// ended (docs/decisions/074-a-session-is-named-as-it-was-recorded.md). Taken once and never moved: a
/// rename, a strap's new battery or a review afterwards leave the club bundle's bytes (and so its hash),
/// the kiosk's exports and the club's documents as they were.
public struct SessionSnapshot: Sendable, Equatable {
    /// A participant as they were named when the session ended.
    public struct RecordedPlayer: Sendable, Equatable {
        public var uuid: UUID?
        public var firstName: String
        public var lastName: String
    }

    public var teamName: String
    /// Whether the coach had reviewed the session when it ended (the kiosk's own flag goes on moving).
    public var reviewed: Bool
    /// By player id.
    public var players: [Int64: RecordedPlayer]
    /// By strap id: every strap the session's rows named when it ended, its `name`, `bodyLocation`,
    /// `manufacturer` and `lastBattery` as they were then (`label` and `lastSeen` are not kept).
    public var straps: [Int64: Strap]
}

extension SidelineStore {
    /// The session's snapshot; nil while it runs (or for a finished session another program wrote,
    /// until `takeSessionSnapshots` runs).
    public func sessionSnapshot(_ sessionID: Int64) throws -> SessionSnapshot? {
        try read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT team_name, reviewed FROM session_snapshot WHERE session_id = ?",
                                             arguments: [sessionID]) else { return nil }
            var players: [Int64: SessionSnapshot.RecordedPlayer] = [:]
            for p in try Row.fetchAll(db, sql: """
                SELECT sp.player_id, sp.first_name, sp.last_name, p.uuid FROM session_player sp JOIN player p ON p.id = sp.player_id
                WHERE sp.session_id = ? AND sp.first_name IS NOT NULL
                """, arguments: [sessionID]) {
                players[p["player_id"]] = .init(uuid: UUIDColumn.decode(p["uuid"]), firstName: p["first_name"], lastName: p["last_name"])
            }
            var straps: [Int64: Strap] = [:]
            for s in try Row.fetchAll(db, sql: "SELECT * FROM session_strap WHERE session_id = ?", arguments: [sessionID]) {
                let id: Int64 = s["strap_id"]
                straps[id] = Strap(id: id, address: s["address"], name: s["name"], lastBattery: s["battery"],
                                   bodyLocation: s["body_location"], manufacturer: s["manufacturer"], uuid: UUIDColumn.decode(s["uuid"]))
            }
            return SessionSnapshot(teamName: row["team_name"], reviewed: row["reviewed"], players: players, straps: straps)
        }
    }

    /// The names a session goes by (decision 074): its team's and its players' (by player id) as recorded
    /// when it ended; while it runs (or when another program finished it and no snapshot was taken yet), as
    /// the roster has them now. The kiosk's review and exports name a session by these, the club by its bundle's.
    public func sessionNames(_ sessionID: Int64) throws -> (team: String, players: [Int64: String]) {
        try read { db in
            let team = try String.fetchOne(db, sql: """
                SELECT coalesce(ss.team_name, t.name) FROM session s JOIN team t ON t.id = s.team_id
                LEFT JOIN session_snapshot ss ON ss.session_id = s.id WHERE s.id = ?
                """, arguments: [sessionID]) ?? "team of session \(sessionID)"
            var players: [Int64: String] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT sp.player_id, coalesce(sp.first_name, p.first_name) AS first_name,
                       CASE WHEN sp.first_name IS NULL THEN p.last_name ELSE sp.last_name END AS last_name
                FROM session_player sp JOIN player p ON p.id = sp.player_id WHERE sp.session_id = ?
                """, arguments: [sessionID]) {
                players[row["player_id"]] = Player.fullName(firstName: row["first_name"], lastName: row["last_name"])
            }
            return (team, players)
        }
    }

    /// Where a store keeps its heart-rate readings: `sample_minute` since v33; migration v24, which runs
    /// before it, still finds `sample`.
    enum ReadingsTable { case sampleRows, sampleMinute }

    /// Every strap that a session's readings name.
    private static func readingStraps(_ sessionID: Int64, _ table: ReadingsTable, _ db: Database) throws -> Set<Int64> {
        switch table {
        case .sampleRows:
            return Set(try Int64.fetchAll(db, sql: "SELECT DISTINCT strap_id FROM sample WHERE session_id = ?", arguments: [sessionID]))
        case .sampleMinute:
            var straps = Set<Int64>()
            let statement = try db.makeStatement(sql: "SELECT player_id, minute, readings, wide FROM sample_minute WHERE session_id = ?")
            sqlite3_bind_int64(statement.sqliteStatement, 1, sessionID)
            try statement.eachRow(db) { s in
                try SampleMinuteCodec.decodeRow(s, sessionID: sessionID) { straps.insert($0.strapID) }
            }
            return straps
        }
    }

    /// Takes the snapshot of every finished session that has none (one another program finished).
    public func takeSessionSnapshots() throws {
        try write { try Self.takeSessionSnapshots($0) }
    }

    /// Every finished session (ended or interrupted) without a snapshot gets one of the rows as they are
    /// now: called in the transaction that ends a session, and once by migration v24 for the sessions
    /// finished before it. A session's snapshot, once taken, is never written again.
    static func takeSessionSnapshots(_ db: Database, readingsIn readings: ReadingsTable = .sampleMinute) throws {
        let finished = try Int64.fetchAll(db, sql: """
            SELECT id FROM session WHERE state IN ('ended', 'interrupted') AND id NOT IN (SELECT session_id FROM session_snapshot)
            """)
        for id in finished {
            try db.execute(sql: """
                UPDATE session_player SET first_name = (SELECT first_name FROM player WHERE player.id = session_player.player_id),
                                          last_name = (SELECT last_name FROM player WHERE player.id = session_player.player_id)
                WHERE session_id = ?
                """, arguments: [id])
            // Every strap the session's rows name: the participants', the events', the readings' (in their
            // minutes' blobs since v33: handed to SQL as a JSON array).
            let readingStraps = try Self.readingStraps(id, readings, db).sorted().map(String.init).joined(separator: ",")
            try db.execute(sql: """
                INSERT OR REPLACE INTO session_strap(session_id, strap_id, address, uuid, name, body_location, manufacturer, battery)
                SELECT ?1, id, address, uuid, name, body_location, manufacturer, last_battery FROM strap WHERE id IN (
                    SELECT strap_id FROM session_player WHERE session_id = ?1
                    UNION SELECT strap_id FROM strap_event WHERE session_id = ?1
                    UNION SELECT value FROM json_each(?2))
                """, arguments: [id, "[\(readingStraps)]"])
            try db.execute(sql: """
                INSERT INTO session_snapshot(session_id, team_name, reviewed)
                SELECT s.id, t.name, s.reviewed FROM session s JOIN team t ON t.id = s.team_id WHERE s.id = ?
                """, arguments: [id])
        }
    }
}

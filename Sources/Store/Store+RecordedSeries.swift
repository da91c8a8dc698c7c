import GRDB
import GRDBSQLite
import TeamCore

/// A session's samples and RR intervals grouped by player, in time order.
public struct RecordedSeries: Sendable {
    public var samples: [Int64: [Sample]] = [:]
    public var rrIntervals: [Int64: [RRInterval]] = [:]
}

extension SidelineStore {
    /// Every sample and RR interval of a session, read through SQLite's C API:
    /// review loads hundreds of thousands of rows, and GRDB's `Row` costs about
    /// a microsecond each. Both reads see one snapshot.
    public func recordedSeries(_ sessionID: Int64, includingRR: Bool = true) throws -> RecordedSeries {
        try read { db in
            var series = RecordedSeries()
            // Rows come grouped by player (the index's order): fill one local array per
            // player and hand it over when the player changes, not a dictionary lookup a row.
            var samples = PlayerRuns<Sample>()
            try Self.step(db, sql: "SELECT player_id, strap_id, t_ms, bpm, contact FROM sample WHERE session_id = ? ORDER BY player_id, t_ms",
                          sessionID) { s in
                let player = sqlite3_column_int64(s, 0)
                samples.append(Sample(playerID: player, strapID: sqlite3_column_int64(s, 1), tMs: sqlite3_column_int64(s, 2),
                                      bpm: Int(sqlite3_column_int64(s, 3)),
                                      contact: SensorContact(rawValue: UInt8(clamping: sqlite3_column_int64(s, 4))) ?? .notSupported),
                               for: player)
            }
            series.samples = samples.finish()
            guard includingRR else { return series }
            var rr = PlayerRuns<RRInterval>()
            try Self.step(db, sql: "SELECT player_id, t_ms, rr_1024 FROM rr WHERE session_id = ? ORDER BY player_id, t_ms", sessionID) { s in
                let player = sqlite3_column_int64(s, 0)
                rr.append(RRInterval(playerID: player, tMs: sqlite3_column_int64(s, 1), rr1024: UInt16(clamping: sqlite3_column_int64(s, 2))),
                          for: player)
            }
            series.rrIntervals = rr.finish()
            return series
        }
    }

    /// Steps a query with one session-id parameter, handing each row to `row` (exports use it).
    func stepRows(sql: String, _ sessionID: Int64, row: (SQLiteRow) -> Void) throws {
        try read { db in try Self.step(db, sql: sql, sessionID) { row(SQLiteRow(handle: $0)) } }
    }

    private static func step(_ db: Database, sql: String, _ sessionID: Int64, row: (OpaquePointer) -> Void) throws {
        let statement = try db.makeStatement(sql: sql)
        let handle = statement.sqliteStatement
        sqlite3_bind_int64(handle, 1, sessionID)
        defer { sqlite3_reset(handle) }
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else {
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
            }
            row(handle)
        }
    }
}

/// One row of a query being stepped: column readers without GRDB's per-row boxing.
struct SQLiteRow {
    let handle: OpaquePointer
    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }
    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }
}

/// Rows arriving grouped by player, collected into one array per player.
private struct PlayerRuns<Element> {
    private var byPlayer: [Int64: [Element]] = [:]
    private var player: Int64?
    private var run: [Element] = []

    mutating func append(_ element: Element, for id: Int64) {
        if id != player { flush(); player = id; run = byPlayer.removeValue(forKey: id) ?? [] }
        run.append(element)
    }

    mutating func finish() -> [Int64: [Element]] {
        flush()
        return byPlayer
    }

    private mutating func flush() {
        if let player { byPlayer[player] = run }
        run = []
    }
}

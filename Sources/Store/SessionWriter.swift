import GRDB
import GRDBSQLite
import TeamCore

/// The batched writer: one transaction per call (the recording loop calls it once
/// per second of session), with prepared statements bound through SQLite's C API
/// — GRDB's argument arrays would allocate per row on the hottest path.
public final class SessionWriter {
    public let sessionID: Int64
    private let store: SidelineStore
    public private(set) var committedTMs: Int64 = 0
    public private(set) var rowsWritten = 0

    public init(store: SidelineStore, sessionID: Int64) {
        self.store = store
        self.sessionID = sessionID
    }

    /// Writes a batch in one transaction and records that the session is complete up to `upToMs`.
    /// On failure (e.g. disk full) nothing of the batch is written and earlier batches are untouched;
    /// the caller keeps the batch and may retry.
    public func commit(_ batch: SessionRecording.Batch, upToMs: Int64) throws {
        let session = sessionID
        try store.write { db in
            if !batch.samples.isEmpty {
                let statement = try db.cachedStatement(sql: "INSERT INTO sample(session_id, player_id, strap_id, t_ms, bpm, contact, energy_kj) VALUES (?, ?, ?, ?, ?, ?, ?)")
                for s in batch.samples {
                    // Bound on every row: bindings survive sqlite3_reset, so a missing value must be bound NULL explicitly.
                    if let energy = s.energyKJ { sqlite3_bind_int64(statement.sqliteStatement, 7, Int64(energy)) } else { sqlite3_bind_null(statement.sqliteStatement, 7) }
                    try Self.run(statement, db, session, s.playerID, s.strapID, s.tMs, Int64(s.bpm), Int64(s.contact.rawValue))
                }
            }
            if !batch.rrIntervals.isEmpty {
                let statement = try db.cachedStatement(sql: "INSERT INTO rr(session_id, player_id, t_ms, rr_1024) VALUES (?, ?, ?, ?)")
                for r in batch.rrIntervals {
                    try Self.run(statement, db, session, r.playerID, r.tMs, Int64(r.rr1024))
                }
            }
            for e in batch.strapEvents {
                try db.execute(sql: "INSERT INTO strap_event(session_id, strap_id, t_ms, kind, value) VALUES (?, ?, ?, ?, ?)",
                               arguments: [session, e.strapID, e.tMs, e.kind.rawValue, e.value])
            }
            // Cached too: compiling it (and GRDB's authorizer on every compile) cost as much as the rows of a second.
            try db.cachedStatement(sql: "UPDATE session SET committed_t_ms = MAX(committed_t_ms, ?) WHERE id = ?")
                .execute(arguments: [upToMs, session])
        }
        committedTMs = max(committedTMs, upToMs)
        rowsWritten += batch.samples.count + batch.rrIntervals.count + batch.strapEvents.count
    }

    /// Binds integers and steps a prepared statement once.
    private static func run(_ statement: Statement, _ db: Database, _ values: Int64...) throws {
        let handle = statement.sqliteStatement
        for (i, value) in values.enumerated() { sqlite3_bind_int64(handle, Int32(i + 1), value) }
        let code = sqlite3_step(handle)
        sqlite3_reset(handle)
        guard code == SQLITE_DONE else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
        }
    }
}

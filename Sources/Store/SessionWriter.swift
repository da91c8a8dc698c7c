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
                // A player's readings of the second join their minute's row (decision 108); CAST: `||` makes text of blobs.
                let statement = try db.cachedStatement(sql: """
                    INSERT INTO sample_minute(session_id, player_id, minute, readings, wide) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (session_id, player_id, minute) DO UPDATE
                    SET readings = CAST(readings || excluded.readings AS BLOB), wide = CAST(wide || excluded.wide AS BLOB)
                    """)
                try SampleMinuteCodec.packed(batch.samples) { player, minute, readings, wide in
                    try Self.run(statement, db, session, player, minute, blobs: readings, wide)
                }
            }
            if !batch.rrIntervals.isEmpty {
                // A player's beats of the second join their minute's row (decision 098); CAST: `||` makes text of blobs.
                let statement = try db.cachedStatement(sql: """
                    INSERT INTO rr_minute(session_id, player_id, minute, beats) VALUES (?, ?, ?, ?)
                    ON CONFLICT (session_id, player_id, minute) DO UPDATE SET beats = CAST(beats || excluded.beats AS BLOB)
                    """)
                try RRMinuteCodec.packed(batch.rrIntervals) { player, minute, beats in
                    try Self.run(statement, db, session, player, minute, blobs: beats)
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

    /// Binds integers (and blobs after them) and steps a prepared statement once.
    static func run(_ statement: Statement, _ db: Database, _ values: Int64..., blobs: [UInt8]...) throws {
        let handle = statement.sqliteStatement
        for (i, value) in values.enumerated() { sqlite3_bind_int64(handle, Int32(i + 1), value) }
        for (i, blob) in blobs.enumerated() {
            let at = Int32(values.count + i + 1)
            // Copied by SQLite (SQLITE_TRANSIENT): the array's storage is not promised past this call. An empty
            // array may have no address, which SQLite would bind as NULL: a zero-length blob is bound as one.
            if blob.isEmpty {
                sqlite3_bind_zeroblob(handle, at, 0)
            } else {
                _ = blob.withUnsafeBytes { sqlite3_bind_blob(handle, at, $0.baseAddress, Int32($0.count), transient) }
            }
        }
        let code = sqlite3_step(handle)
        sqlite3_reset(handle)
        guard code == SQLITE_DONE else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
        }
    }

    /// SQLite's SQLITE_TRANSIENT, a macro Swift does not import.
    private static var transient: sqlite3_destructor_type { unsafeBitCast(-1, to: sqlite3_destructor_type.self) }
}

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
                // A player's beats of the second join their minute's row (decision 098); CAST: `||` makes text of blobs.
                let statement = try db.cachedStatement(sql: """
                    INSERT INTO rr_minute(session_id, player_id, minute, beats) VALUES (?, ?, ?, ?)
                    ON CONFLICT (session_id, player_id, minute) DO UPDATE SET beats = CAST(beats || excluded.beats AS BLOB)
                    """)
                try RRMinuteCodec.packed(batch.rrIntervals) { player, minute, beats in
                    try Self.run(statement, db, session, player, minute, blob: beats)
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

    /// Binds integers (and a blob after them) and steps a prepared statement once.
    static func run(_ statement: Statement, _ db: Database, _ values: Int64..., blob: [UInt8]? = nil) throws {
        let handle = statement.sqliteStatement
        for (i, value) in values.enumerated() { sqlite3_bind_int64(handle, Int32(i + 1), value) }
        if let blob {
            // Copied by SQLite (SQLITE_TRANSIENT): the array's storage is not promised past this call.
            _ = blob.withUnsafeBytes { sqlite3_bind_blob(handle, Int32(values.count + 1), $0.baseAddress, Int32($0.count), transient) }
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

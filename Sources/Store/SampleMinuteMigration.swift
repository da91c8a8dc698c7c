import GRDB
import GRDBSQLite
import Localization
import TeamCore

/// v33 (decision 108): every `sample` row packed into `sample_minute`, a row a player and minute, then
/// `sample` dropped. Inside the migration's transaction: interrupted (killed, a full disk) it leaves v32
/// as it was, and it refuses to drop `sample` unless every reading is found in `sample_minute` again.
///
/// Streamed in the covering index's order (no sort): it holds one minute's bytes at a time, whatever the
/// store's size; what grows is the write-ahead log, on disk, by about the new table.
enum SampleMinuteMigration {
    static func migrate(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE sample_minute(
                session_id INTEGER NOT NULL,
                player_id INTEGER NOT NULL,
                minute INTEGER NOT NULL,
                readings BLOB NOT NULL,
                wide BLOB NOT NULL,
                PRIMARY KEY (session_id, player_id, minute)) WITHOUT ROWID;
            """)
        let insert = try db.makeStatement(sql: "INSERT INTO sample_minute(session_id, player_id, minute, readings, wide) VALUES (?, ?, ?, ?, ?)")
        var row: (session: Int64, player: Int64, minute: Int64)?
        var readings: [UInt8] = [], wide: [UInt8] = []
        func flush() throws {
            guard let row else { return }
            try SessionWriter.run(insert, db, row.session, row.player, row.minute, blobs: readings, wide)
            readings.removeAll(keepingCapacity: true)
            wide.removeAll(keepingCapacity: true)
        }
        // `sample_by_player`'s own order (read without a sort): each row's readings come whole and in the order they are read back.
        let read = try db.makeStatement(sql: """
            SELECT session_id, player_id, t_ms, bpm, contact, strap_id, energy_kj FROM sample
            ORDER BY session_id, player_id, t_ms, bpm, contact, strap_id, energy_kj
            """)
        var readingsRead = 0
        try read.eachRow(db) { s in
            let reading = SampleMinuteCodec.Reading(tMs: sqlite3_column_int64(s, 2), bpm: sqlite3_column_int64(s, 3),
                                                    contact: sqlite3_column_int64(s, 4), strapID: sqlite3_column_int64(s, 5),
                                                    energyKJ: sqlite3_column_type(s, 6) == SQLITE_NULL ? nil : sqlite3_column_int64(s, 6))
            let here = (session: sqlite3_column_int64(s, 0), player: sqlite3_column_int64(s, 1), minute: SampleMinuteCodec.minute(of: reading.tMs))
            if let row, row != here { try flush() }
            row = here
            SampleMinuteCodec.append(reading, readings: &readings, wide: &wide)
            readingsRead += 1
        }
        try flush()
        let kept = try Int.fetchOne(db, sql: "SELECT count(*) FROM sample") ?? 0
        let packed = try Int.fetchOne(db, sql: "SELECT coalesce(sum(length(readings)), 0) FROM sample_minute") ?? 0
        guard packed == kept * SampleMinuteCodec.readingBytes, readingsRead == kept else {
            throw StoreError.invalid(Message("v33: \(kept) readings in sample, \(packed / SampleMinuteCodec.readingBytes) in sample_minute; nothing was changed"))
        }
        try db.execute(sql: "DROP TABLE sample")  // its index sample_by_player with it
    }
}

import GRDB
import GRDBSQLite
import Localization
import TeamCore

/// v32 (decision 098): every `rr` row packed into `rr_minute`, a row a player and minute, then `rr`
/// dropped. Inside the migration's transaction: interrupted (killed, a full disk) it leaves v30 as it
/// was, and it refuses to drop `rr` unless every beat is found in `rr_minute` again.
enum RRMinuteMigration {
    static func migrate(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE rr_minute(
                session_id INTEGER NOT NULL,
                player_id INTEGER NOT NULL,
                minute INTEGER NOT NULL,
                beats BLOB NOT NULL,
                PRIMARY KEY (session_id, player_id, minute)) WITHOUT ROWID;
            """)
        let insert = try db.makeStatement(sql: "INSERT INTO rr_minute(session_id, player_id, minute, beats) VALUES (?, ?, ?, ?)")
        var row: (session: Int64, player: Int64, minute: Int64)?
        var bytes: [UInt8] = []
        func flush() throws {
            guard let row else { return }
            try SessionWriter.run(insert, db, row.session, row.player, row.minute, blobs: bytes)
            bytes.removeAll(keepingCapacity: true)
        }
        // In `rr_by_player`'s order (the covering index, read without a sort): each row's beats come whole and sorted.
        let read = try db.makeStatement(sql: "SELECT session_id, player_id, t_ms, rr_1024 FROM rr ORDER BY session_id, player_id, t_ms, rr_1024")
        var beatsRead = 0
        try read.eachRow(db) { s in
            let beat = RRInterval(playerID: sqlite3_column_int64(s, 1), tMs: sqlite3_column_int64(s, 2),
                                  rr1024: UInt16(clamping: sqlite3_column_int64(s, 3)))
            let here = (session: sqlite3_column_int64(s, 0), player: beat.playerID, minute: RRMinuteCodec.minute(of: beat.tMs))
            if let row, row != here { try flush() }
            row = here
            RRMinuteCodec.append(beat, to: &bytes)
            beatsRead += 1
        }
        try flush()
        let kept = try Int.fetchOne(db, sql: "SELECT count(*) FROM rr") ?? 0
        let packed = try Int.fetchOne(db, sql: "SELECT coalesce(sum(length(beats)), 0) FROM rr_minute") ?? 0
        guard packed == kept * RRMinuteCodec.beatBytes, beatsRead == kept else {
            throw StoreError.invalid(Message("v32: \(kept) RR intervals in rr, \(packed / RRMinuteCodec.beatBytes) in rr_minute; nothing was changed"))
        }
        try db.execute(sql: "DROP TABLE rr")  // its index rr_by_player with it
    }
}

import ClubIdentity
import Foundation
import GRDB
import Localization
import TeamCore

/// What erasing a player removed here.
public struct PlayerErasureOutcome: Sendable, Equatable {
    public var erasure: PlayerErasure
    /// Sessions that held readings of theirs (the sessions stay, with the others' readings).
    public var sessions: Int
    public var samples: Int
}

extension SidelineStore {
    /// The tables that hold a player's rows, by `player_id`: everything recorded or computed of them.
    static let playerTables = ["sample_minute", "rr_minute", "nn_cache", "session_load", "session_rating", "wellness_answer", "session_challenge_player", "session_player",
                               "membership", "player_photo"]

    /// Erases a player for good (GDPR Art. 17): every row of theirs — profile, photo, memberships,
    /// samples, RR intervals, figures — goes, and with `PRAGMA secure_delete` and a `VACUUM`
    /// afterwards nothing of them stays in the file's free pages or its write-ahead log. The
    /// sessions they were in stay, with the others' readings; their team figures are computed
    /// again without them. An erasure record (`PlayerErasure`: a digest of their UUID, when, `by`)
    /// is kept in the database and in the erasure log beside it, for the club and for restores.
    /// Not while a session they are in records (the caller checks the recorder).
    @discardableResult
    public func erasePlayer(_ playerID: Int64, by: String, at date: Date = Date()) throws -> PlayerErasureOutcome {
        let found = try read { db in
            try Row.fetchOne(db, sql: "SELECT uuid FROM player WHERE id = ?", arguments: [playerID]).map { ($0["uuid"] as String?) }
        }
        guard let found else { throw StoreError.unknownPlayer(playerID) }
        // A player without a UUID (one another program inserted before the club sync's migration) is named by a fresh one.
        let digest = found.flatMap(PlayerErasure.digest(playerKey:)) ?? PlayerErasure.digest(playerUUID: UUID())
        let erasure = PlayerErasure(playerDigest: digest, erasedMs: date.unixMs, by: by)
        if let problem = erasure.problem { throw StoreError.invalid(Message("cannot record the erasure: \(problem)")) }
        // The log beside the database first: a power cut after this line still erases, at the next open.
        try ErasureJournal(databasePath: path).append([erasure])
        let removed = try eraseInDatabase([erasure], playerIDs: [digest: playerID])
        return PlayerErasureOutcome(erasure: erasure, sessions: removed.sessions, samples: removed.samples)
    }

    /// Applies every erasure of the log beside the database and of the database's own record to
    /// what the database holds, and makes the two logs one again. Run at every open and after a
    /// restore: a backup taken before an erasure brings the player back, and this takes them out
    /// again (an erasure is never undone). Returns how many players it erased.
    @discardableResult
    public func reapplyErasures() throws -> Int {
        let journal = ErasureJournal(databasePath: path)
        let logged = try journal.read()
        let recorded = try playerErasures()
        let loggedDigests = Set(logged.map(\.playerDigest))
        // Erasures recorded only in the database (the club sent them) join the log.
        try journal.append(recorded.filter { !loggedDigests.contains($0.playerDigest) })
        let recordedDigests = Set(recorded.map(\.playerDigest))
        let unrecorded = logged.filter { !recordedDigests.contains($0.playerDigest) }
        let digests = recordedDigests.union(loggedDigests)
        // Nothing ever erased (every launch of most kiosks): no player's key is worth hashing.
        guard !digests.isEmpty else { return 0 }
        let present = try read { db in
            try Row.fetchAll(db, sql: "SELECT id, uuid FROM player WHERE uuid IS NOT NULL").compactMap { row -> (String, Int64)? in
                guard let digest = PlayerErasure.digest(playerKey: row["uuid"]), digests.contains(digest) else { return nil }
                return (digest, row["id"])
            }
        }
        guard !present.isEmpty || !unrecorded.isEmpty else { return 0 }
        _ = try eraseInDatabase(recorded + unrecorded, playerIDs: Dictionary(present, uniquingKeysWith: { a, _ in a }))
        return present.count
    }

    /// The sessions a player took part in, oldest first.
    public func sessions(ofPlayer playerID: Int64) throws -> [Session] {
        try read { db in
            try Session.fetchAll(db, sql: """
                SELECT * FROM session WHERE id IN (SELECT session_id FROM session_player WHERE player_id = ?) ORDER BY started_ms, id
                """, arguments: [playerID])
        }
    }

    /// Every erasure recorded in the database, oldest first.
    public func playerErasures() throws -> [PlayerErasure] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT player_digest, erased_ms, erased_by FROM player_erasure ORDER BY erased_ms, player_digest").map {
                PlayerErasure(playerDigest: $0["player_digest"], erasedMs: $0["erased_ms"], by: $0["erased_by"])
            }
        }
    }

    // MARK: The club

    /// The erasures made here that the club has not acknowledged, oldest first.
    public func erasuresToSend() throws -> [PlayerErasure] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT player_digest, erased_ms, erased_by FROM player_erasure WHERE sent_ms IS NULL ORDER BY erased_ms, player_digest")
                .map { PlayerErasure(playerDigest: $0["player_digest"], erasedMs: $0["erased_ms"], by: $0["erased_by"]) }
        }
    }

    /// The club holds these erasures now.
    public func noteErasuresSent(_ erasures: [PlayerErasure], at time: Date = Date()) throws {
        try write { db in
            for e in erasures {
                try db.execute(sql: "UPDATE player_erasure SET sent_ms = ? WHERE player_digest = ?", arguments: [time.unixMs, e.playerDigest])
            }
        }
    }

    /// How many erasures the club has acknowledged (sent from here, or pulled from it).
    public func erasuresAcknowledged() throws -> Int {
        try read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM player_erasure WHERE sent_ms IS NOT NULL") ?? 0 }
    }

    /// The club lost erasures (its database restored from a backup): every one known here goes up
    /// again, and its feed is read again from the start.
    public func sendAllErasuresAgain() throws {
        try write { db in
            try db.execute(sql: "UPDATE player_erasure SET sent_ms = NULL")
            try db.execute(sql: "UPDATE club_state SET erasure_seq = 0")
        }
    }

    /// Where the pull of the club's erasures goes on from.
    public func clubErasureCursor() throws -> Int64 {
        try read { try Int64.fetchOne($0, sql: "SELECT erasure_seq FROM club_state") ?? 0 }
    }

    /// A page of the club's erasures: each recorded (as sent: the club has it) and in the log beside
    /// the database, and every player it names erased here; the cursor moves on to `lastSeq` in the
    /// same transaction. Returns how many players were erased here.
    @discardableResult
    public func applyClubErasures(_ erasures: [PlayerErasure], lastSeq: Int64, at time: Date = Date()) throws -> Int {
        let valid = erasures.filter { $0.problem == nil }
        let known = Set(try playerErasures().map(\.playerDigest))
        let new = valid.filter { !known.contains($0.playerDigest) }
        try ErasureJournal(databasePath: path).append(new)
        let digests = Set(valid.map(\.playerDigest))
        let present = try read { db in
            try Row.fetchAll(db, sql: "SELECT id, uuid FROM player WHERE uuid IS NOT NULL").compactMap { row -> (String, Int64)? in
                guard let digest = PlayerErasure.digest(playerKey: row["uuid"]), digests.contains(digest) else { return nil }
                return (digest, row["id"])
            }
        }
        _ = try eraseInDatabase(valid, playerIDs: Dictionary(present, uniquingKeysWith: { a, _ in a })) { db in
            for e in valid {
                try db.execute(sql: "UPDATE player_erasure SET sent_ms = ? WHERE player_digest = ?", arguments: [time.unixMs, e.playerDigest])
            }
            try db.execute(sql: "UPDATE club_state SET erasure_seq = max(erasure_seq, ?)", arguments: [lastSeq])
        }
        return present.count
    }

    /// Records `erasures` and deletes the rows of the players `playerIDs` names (digest → id), in one
    /// transaction with deleted content overwritten (`also` runs in it last); then compacts the file.
    /// Returns the sessions and samples they had.
    private func eraseInDatabase(_ erasures: [PlayerErasure], playerIDs: [String: Int64],
                                 also: (Database) throws -> Void = { _ in }) throws -> (sessions: Int, samples: Int) {
        let removed = try writeSecurely { db -> (sessions: Int, samples: Int) in
            var sessions = 0, samples = 0
            for erasure in erasures {
                try db.execute(sql: "INSERT OR IGNORE INTO player_erasure(player_digest, erased_ms, erased_by) VALUES (?, ?, ?)",
                               arguments: [erasure.playerDigest, erasure.erasedMs, erasure.by])
                guard let id = playerIDs[erasure.playerDigest] else { continue }
                let removed = try Self.deletePlayerRows(id, db)
                sessions += removed.sessions
                samples += removed.samples
            }
            try also(db)
            return (sessions, samples)
        }
        if !playerIDs.isEmpty { try compact() }
        return removed
    }

    /// Deletes every row of a player, without the club sync's change capture: an erasure travels as
    /// a record of its own, and a roster edit or a `club_deleted` entry would keep their UUID here.
    static func deletePlayerRows(_ playerID: Int64, _ db: Database) throws -> (sessions: Int, samples: Int) {
        let uuid = try String.fetchOne(db, sql: "SELECT uuid FROM player WHERE id = ?", arguments: [playerID])
        let sessions = try String.fetchAll(db, sql: """
            SELECT s.uuid FROM session s WHERE s.id IN (SELECT session_id FROM session_player WHERE player_id = ?1
                UNION SELECT session_id FROM sample_minute WHERE player_id = ?1)
            """, arguments: [playerID])
        let samples = try Int.fetchOne(db, sql: "SELECT coalesce(sum(length(readings)), 0) / \(SampleMinuteCodec.readingBytes) FROM sample_minute WHERE player_id = ?",
                                       arguments: [playerID]) ?? 0
        // The sessions' team figures were computed with them: computed again when next asked for.
        try db.execute(sql: """
            DELETE FROM session_summary WHERE session_id IN (SELECT session_id FROM session_player WHERE player_id = ?1
                UNION SELECT session_id FROM sample_minute WHERE player_id = ?1)
            """, arguments: [playerID])
        // An upload the club has not stored yet would send them: it starts again with what is left. (One the
        // club stored is the club's to rewrite when the erasure reaches it.)
        try db.execute(sql: """
            DELETE FROM club_session_upload WHERE stored_ms IS NULL AND session_uuid IN (SELECT s.uuid FROM session s
                WHERE s.id IN (SELECT session_id FROM session_player WHERE player_id = ?1 UNION SELECT session_id FROM sample_minute WHERE player_id = ?1))
            """, arguments: [playerID])
        // A challenge side of one player was named after them: it is named by its colour again.
        for (side, column) in ["first_name", "second_name"].enumerated() {
            try db.execute(sql: """
                UPDATE session_challenge SET \(column) = ? WHERE session_id IN
                    (SELECT session_id FROM session_challenge_player WHERE player_id = ? AND side = ?)
                """, arguments: [SessionChallenge.sideNames[side], playerID, side])
        }
        // Inside a pull the capture is off already, and stays so.
        let suppressed = try Int.fetchOne(db, sql: "SELECT capture_suppressed FROM club_state") ?? 0
        try db.execute(sql: "UPDATE club_state SET capture_suppressed = 1")
        for table in playerTables {
            try db.execute(sql: "DELETE FROM \(table) WHERE player_id = ?", arguments: [playerID])
        }
        try db.execute(sql: "DELETE FROM player WHERE id = ?", arguments: [playerID])
        try db.execute(sql: "UPDATE club_state SET capture_suppressed = ?", arguments: [suppressed])
        if let uuid {
            for table in ["club_roster_edit", "club_deleted"] {
                try db.execute(sql: "DELETE FROM \(table) WHERE (entity = 'player' AND key = ?1) OR (entity = 'membership' AND key LIKE '%/' || ?1)",
                               arguments: [uuid])
            }
        }
        return (sessions.count, samples)
    }

    /// A write transaction on a connection that overwrites what it deletes with zeros
    /// (`PRAGMA secure_delete`), switched back afterwards.
    func writeSecurely<T>(_ updates: (Database) throws -> T) throws -> T {
        do {
            return try database.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA secure_delete = ON")
                defer { try? db.execute(sql: "PRAGMA secure_delete = OFF") }
                var result: T?
                try db.inTransaction {
                    result = try updates(db)
                    return .commit
                }
                return result!
            }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_FULL {
            throw StoreError.diskFull(path: path)
        }
    }

    /// Rewrites the file without free pages (`VACUUM`) and empties the write-ahead log into it
    /// (`wal_checkpoint(TRUNCATE)`): the old copies of deleted pages there go too.
    func compact() throws {
        do {
            try database.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA secure_delete = ON")
                defer { try? db.execute(sql: "PRAGMA secure_delete = OFF") }
                try db.execute(sql: "VACUUM")
                // busy = 1: a reader of another process still needs old pages; its next checkpoint empties the log.
                _ = try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)")
            }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_FULL {
            throw StoreError.diskFull(path: path)
        }
    }
}

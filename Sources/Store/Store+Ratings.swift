import Foundation
import GRDB
import TeamCore

extension SidelineStore {
    /// Keeps a player's session RPE (`Session.refusal` decides whether it may be kept) — a new rating
    /// or one replacing theirs — in one transaction; a refused one changes nothing.
    @discardableResult
    public func rateSession(_ sessionID: Int64, playerID: Int64, rpe: Int, at now: Date = Date(), byCoach: Bool) throws -> SessionRating {
        try rate(sessionID, whereColumn: "player_id", is: playerID, rpe: rpe, at: now, byCoach: byCoach)
    }

    /// The same by the shirt number the player wore in that session (what a player and the command line know).
    @discardableResult
    public func rateSession(_ sessionID: Int64, number: Int, rpe: Int, at now: Date = Date(), byCoach: Bool) throws -> SessionRating {
        try rate(sessionID, whereColumn: "shirt_number", is: Int64(number), rpe: rpe, at: now, byCoach: byCoach)
    }

    /// `column`: "player_id" or "shirt_number" of `session_player`, the player the rating is for.
    private func rate(_ sessionID: Int64, whereColumn column: String, is key: Int64, rpe: Int, at now: Date, byCoach: Bool) throws -> SessionRating {
        try write { db in
            guard let session = try Session.fetchOne(db, key: sessionID) else { throw StoreError.unknownSession(sessionID) }
            let player = try Row.fetchOne(db, sql: "SELECT player_id, shirt_number FROM session_player WHERE session_id = ? AND \(column) = ?",
                                          arguments: [sessionID, key])
            let number: Int = player?["shirt_number"] ?? Int(clamping: key)
            if let refusal = session.refusal(rpe: rpe, number: number, participant: player != nil, at: now, byCoach: byCoach) {
                throw StoreError.ratingRefused(refusal)
            }
            let playerID: Int64 = player!["player_id"]  // not nil: a non-participant is refused above
            try db.execute(sql: "INSERT OR REPLACE INTO session_rating(session_id, player_id, rpe, rated_ms, by_coach) VALUES (?, ?, ?, ?, ?)",
                           arguments: [sessionID, playerID, rpe, now.unixMs, byCoach])
            // A session the club already holds goes up again with its ratings (only they may change: decision 067);
            // one the club refused for good stays out.
            try db.execute(sql: """
                DELETE FROM club_session_upload WHERE refused_ms IS NULL AND session_uuid = (SELECT uuid FROM session WHERE id = ?)
                """, arguments: [sessionID])
            return SessionRating(sessionID: sessionID, playerID: playerID, rpe: rpe, ratedAt: Date(unixMs: now.unixMs), byCoach: byCoach)
        }
    }

    /// A session's ratings, by player id.
    public func sessionRatings(_ sessionID: Int64) throws -> [Int64: SessionRating] {
        try read { db in
            let rows = try Row.fetchAll(db, sql: "SELECT player_id, rpe, rated_ms, by_coach FROM session_rating WHERE session_id = ?",
                                        arguments: [sessionID])
            return Dictionary(uniqueKeysWithValues: rows.map { row in
                let playerID: Int64 = row[0]
                return (playerID, SessionRating(sessionID: sessionID, playerID: playerID, rpe: row[1],
                                                ratedAt: Date(unixMs: row[2]), byCoach: row[3]))
            })
        }
    }
}

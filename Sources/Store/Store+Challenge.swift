import GRDB
import TeamCore

/// A session's challenge: written when the session starts (the sides, no scores) and again when
/// its effort ends (with the scores), read by review.
extension SidelineStore {
    /// Writes the session's challenge over what was stored, players and all, in one transaction.
    public func saveChallenge(_ sessionID: Int64, _ challenge: SessionChallenge) throws {
        try write { db in
            let (first, second) = (challenge.sides[0], challenge.sides[1])
            try db.execute(sql: """
                INSERT OR REPLACE INTO session_challenge(session_id, rule, first_name, first_score, second_name, second_score)
                VALUES (?, ?, ?, ?, ?, ?)
                """, arguments: [sessionID, challenge.rule.rawValue, first.name, first.score, second.name, second.score])
            try db.execute(sql: "DELETE FROM session_challenge_player WHERE session_id = ?", arguments: [sessionID])
            for (side, players) in [first.playerIDs, second.playerIDs].enumerated() {
                for player in players {
                    try db.execute(sql: "INSERT INTO session_challenge_player(session_id, player_id, side) VALUES (?, ?, ?)",
                                   arguments: [sessionID, player, side])
                }
            }
        }
    }

    /// The session's challenge; nil when it had none (or its rule is one this build does not know).
    public func challenge(_ sessionID: Int64) throws -> SessionChallenge? {
        try read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM session_challenge WHERE session_id = ?", arguments: [sessionID]),
                  let rule = ChallengeRule(rawValue: row["rule"]) else { return nil }
            let players = try Row.fetchAll(db, sql: """
                SELECT player_id, side FROM session_challenge_player WHERE session_id = ? ORDER BY side, player_id
                """, arguments: [sessionID])
            func side(_ i: Int, _ prefix: String) -> SessionChallenge.Side {
                SessionChallenge.Side(name: row["\(prefix)_name"], playerIDs: players.filter { $0["side"] == i }.map { $0["player_id"] },
                                      score: row["\(prefix)_score"])
            }
            return SessionChallenge(rule: rule, sides: [side(0, "first"), side(1, "second")])
        }
    }
}

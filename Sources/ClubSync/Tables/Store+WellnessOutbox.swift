import ClubProtocol
import Foundation
import GRDB
import Store
import TeamCore

extension SidelineStore {
    /// Answers the club does not hold yet — never sent, or replaced since — oldest first, each named by
    /// its player's UUID (a player without one, inserted by another program, waits for the club's migration).
    public func wellnessToSend(limit: Int) throws -> [WellnessRecord] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT p.uuid, w.day, w.fatigue, w.sleep, w.soreness, w.stress, w.mood, w.answered_ms
                FROM wellness_answer w JOIN player p ON p.id = w.player_id
                WHERE w.sent_ms IS NULL AND p.uuid IS NOT NULL ORDER BY w.answered_ms, w.day LIMIT ?
                """, arguments: [limit]).compactMap { row in
                guard let uuid = UUID(uuidString: row[0]), let day = CalendarDay(iso: row[1]) else { return nil }
                return WellnessRecord(player: uuid, day: day, answers: WellnessAnswers(fatigue: row[2], sleep: row[3], soreness: row[4],
                                                                                       stress: row[5], mood: row[6]), answeredMs: row[7])
            }
        }
    }

    /// The club holds these answers now; one replaced since it was read stays waiting (its time differs).
    public func noteWellnessSent(_ records: [WellnessRecord], at time: Date = Date()) throws {
        try write { db in
            for r in records {
                try db.execute(sql: """
                    UPDATE wellness_answer SET sent_ms = ?
                    WHERE player_id = (SELECT id FROM player WHERE uuid = ?) AND day = ? AND answered_ms = ?
                    """, arguments: [time.unixMs, r.player.uuidString.lowercased(), r.day, r.answeredMs])
            }
        }
    }
}

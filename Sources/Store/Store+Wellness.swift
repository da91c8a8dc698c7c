import Foundation
import GRDB
import Localization
import TeamCore

/// What keeping a wellness answer set did.
public struct WellnessKept: Sendable, Equatable {
    public var entry: WellnessEntry
    public var number: Int
    /// The answers it replaced (the same player and day), nil when it was the day's first.
    public var replaced: WellnessAnswers?
}

extension SidelineStore {
    /// Keeps a team player's morning wellness for `day` (their shirt number in the team names them) in one
    /// transaction: a second answer set the same day replaces the first; one off the scale, for a day
    /// after today (in `calendar`'s zone, the kiosk's) or for a number not on the roster changes nothing.
    @discardableResult
    public func recordWellness(teamID: Int64, number: Int, day: CalendarDay, answers: WellnessAnswers,
                               at now: Date = Date(), calendar: Calendar = .current) throws -> WellnessKept {
        if let refusal = WellnessRefusal.check(answers, day: day, today: CalendarDay(now, in: calendar)) {
            throw StoreError.wellnessRefused(refusal)
        }
        return try write { db in
            guard let playerID = try Int64.fetchOne(db, sql: "SELECT player_id FROM membership WHERE team_id = ? AND shirt_number = ?",
                                                    arguments: [teamID, number]) else {
                let team = try String.fetchOne(db, sql: "SELECT name FROM team WHERE id = ?", arguments: [teamID]) ?? "#\(teamID)"
                throw StoreError.invalid(Message("no player with number \(number) in team '\(team)' (see `sideline team`); nothing was changed"))
            }
            let replaced = try Self.wellnessAnswers(db, sql: "player_id = ? AND day = ?", arguments: [playerID, day.description]).first?.answers
            try db.execute(sql: """
                INSERT OR REPLACE INTO wellness_answer(player_id, day, fatigue, sleep, soreness, stress, mood, answered_ms, sent_ms)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL)
                """, arguments: [playerID, day.description, answers.fatigue, answers.sleep, answers.soreness, answers.stress, answers.mood,
                                 now.unixMs])
            return WellnessKept(entry: WellnessEntry(playerID: playerID, day: day, answers: answers, answeredAt: Date(unixMs: now.unixMs)),
                                number: number, replaced: replaced)
        }
    }

    /// Every answer set of these players, oldest day first, by player id.
    public func wellnessEntries(playerIDs: [Int64]) throws -> [Int64: [WellnessEntry]] {
        guard !playerIDs.isEmpty else { return [:] }
        let placeholders = Array(repeating: "?", count: playerIDs.count).joined(separator: ", ")
        let entries = try read { db in
            try Self.wellnessAnswers(db, sql: "player_id IN (\(placeholders))", arguments: StatementArguments(playerIDs))
        }
        return Dictionary(grouping: entries, by: \.playerID)
    }

    static func wellnessAnswers(_ db: Database, sql condition: String, arguments: StatementArguments) throws -> [WellnessEntry] {
        try Row.fetchAll(db, sql: """
            SELECT player_id, day, fatigue, sleep, soreness, stress, mood, answered_ms FROM wellness_answer
            WHERE \(condition) ORDER BY day, player_id
            """, arguments: arguments).compactMap { row in
            // The table's CHECK holds the day's shape; a date that is none (2026-02-30) is skipped, not guessed.
            guard let day = CalendarDay(iso: row["day"]) else { return nil }
            return WellnessEntry(playerID: row["player_id"], day: day,
                                 answers: WellnessAnswers(fatigue: row["fatigue"], sleep: row["sleep"], soreness: row["soreness"],
                                                          stress: row["stress"], mood: row["mood"]),
                                 answeredAt: Date(unixMs: row["answered_ms"]))
        }
    }
}

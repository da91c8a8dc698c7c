import Analytics
import ClubProtocol
import Foundation
import Logging
import PostgresNIO
import TeamCore

/// The club's copy of its players' morning wellness (`wellness_answer`, migration 9; decision 070):
/// one answer set a player and day, kept as the kiosks send it — the latest given wins, so a player
/// who answered again on another kiosk, or the same kiosk sending again, changes nothing twice.
package enum ClubWellness {
    /// Keeps what a kiosk sent; an erased player's answers are dropped, never stored. Returns how many
    /// were kept (a record older than the one held changes nothing and is not counted).
    package static func store(_ records: [WellnessRecord], club: UUID, kiosk: UUID, in connection: PostgresConnection, logger: Logger) async throws -> Int {
        let digests = records.map { PlayerErasure.digest(playerUUID: $0.player) }
        let erased = Set(try await connection.collect("SELECT player_digest FROM player_erasure WHERE player_digest = ANY(\(digests))",
                                                      logger: logger).decode(String.self).all())
        var kept = 0
        for (record, digest) in zip(records, digests) where !erased.contains(digest) {
            guard let day = record.calendarDay?.description else { continue }  // checked by the route
            let changed = try await connection.collect("""
                INSERT INTO wellness_answer(club_id, player_uuid, day, fatigue, sleep, soreness, stress, mood, answered_ms, kiosk_id)
                VALUES (\(club), \(record.player), \(day)::date, \(record.fatigue), \(record.sleep), \(record.soreness),
                        \(record.stress), \(record.mood), \(record.answeredMs), \(kiosk))
                ON CONFLICT (club_id, player_uuid, day) DO UPDATE SET fatigue = excluded.fatigue, sleep = excluded.sleep,
                    soreness = excluded.soreness, stress = excluded.stress, mood = excluded.mood, answered_ms = excluded.answered_ms,
                    kiosk_id = excluded.kiosk_id
                WHERE wellness_answer.answered_ms < excluded.answered_ms
                RETURNING 1
                """, logger: logger).decode(Int.self).firstElement()
            if changed != nil { kept += 1 }
        }
        if records.count > kept { logger.notice("wellness: \(kept) of \(records.count) answers kept (\(erased.count) erased player(s); the rest older than held)") }
        return kept
    }

    /// Every answer of these players, by player, oldest first (`WellnessEntry.playerID` is 0: the club names players by UUID).
    static func load(players: [UUID], in connection: PostgresConnection, logger: Logger) async throws -> [UUID: [WellnessEntry]] {
        let rows = try await connection.collect("""
            SELECT player_uuid, to_char(day, 'YYYY-MM-DD'), fatigue, sleep, soreness, stress, mood, answered_ms FROM wellness_answer
            WHERE player_uuid = ANY(\(players)) ORDER BY day
            """, logger: logger)
        var out: [UUID: [WellnessEntry]] = [:]
        for try await r in rows.decode((UUID, String, Int16, Int16, Int16, Int16, Int16, Int64).self) {
            guard let day = CalendarDay(iso: r.1) else { continue }
            let answers = WellnessAnswers(fatigue: Int(r.2), sleep: Int(r.3), soreness: Int(r.4), stress: Int(r.5), mood: Int(r.6))
            out[r.0, default: []].append(WellnessEntry(playerID: 0, day: day, answers: answers, answeredAt: Date(unixMs: r.7)))
        }
        return out
    }

    /// `GET /api/v1/wellness?on=DAY`: every player who answered that day, the answers and the total with its
    /// z against the player's own 28 days before (`WellnessHistory`, as the kiosk and the season pages read it).
    package static func day(_ day: CalendarDay, in connection: PostgresConnection, logger: Logger) async throws -> [WellnessDayItem] {
        let players = try await connection.collect("SELECT DISTINCT player_uuid FROM wellness_answer WHERE day = \(day.description)::date",
                                                   logger: logger).decode(UUID.self).all()
        let entries = try await load(players: players, in: connection, logger: logger)
        return players.compactMap { player -> WellnessDayItem? in
            guard let w = WellnessHistory(entries[player] ?? []).day(day) else { return nil }
            return WellnessDayItem(player: player, day: day.description, answers: w.answers, total: w.total.value, z: w.total.z,
                                   flagged: w.flagged, droppedItems: w.droppedItems.map(\.rawValue), baselineAnswers: w.baselineAnswers)
        }.sorted { $0.player.uuidString < $1.player.uuidString }
    }
}

/// One line of `GET /api/v1/wellness`.
package struct WellnessDayItem: Codable, Sendable {
    var player: UUID
    var day: String
    var answers: WellnessAnswers
    var total: Int
    /// Against the player's own 28 days before; null with fewer than 7 earlier answers (or all alike).
    var z: Double?
    var flagged: Bool
    var droppedItems: [String]
    var baselineAnswers: Int
}

import Analytics
import Foundation
import Logging
import PostgresNIO
import TeamCore

/// A team's season from what the club keeps of each session (`session_load`: one row per player
/// and session, written when the session's analysis is kept), read into the one season analysis
/// the kiosk's Season screen and `sideline season` use (`SeasonTable`, `PlayerLoadHistory`,
/// `Readiness`). No reading is decoded and no session analysed per request.
///
/// Days are local days of the server's time zone, as the kiosk's are of its own; the load status
/// thresholds are Polar's (the club's settings do not carry the kiosk's changed ones).
struct ClubSeason: Sendable {
    struct Player: Sendable {
        var uuid: UUID
        var name: String
        var number: Int
    }

    /// A session of a player's, with the day it counts for and what is kept of it.
    struct Entry: Sendable {
        var session: UUID
        var sessionID: Int64
        var teamName: String
        var startedMs: Int64
        var day: CalendarDay
        var tags: SessionTags
        var figures: SessionSeasonFigures
    }

    var players: [Player]
    /// By player, oldest first.
    var entries: [UUID: [Entry]]
    var calendar: Calendar

    static let thresholds = LoadStatusThresholds.polar

    /// Every finished session (any team) of these players that has its figures kept.
    static func load(players: [Player], in connection: PostgresConnection, logger: Logger, calendar: Calendar = .current) async throws -> ClubSeason {
        var entries: [UUID: [Entry]] = [:]
        var ids: [UUID: Int64] = [:]
        let rows = try await connection.query("""
            SELECT l.player_uuid, s.uuid, s.started_ms, s.tags, s.team_name, l.cardio_load, l.zone_ms, l.recovery_bpm, l.ln_rmssd,
                   l.resting_bpm, l.corrected_share
            FROM session_load l JOIN session s ON s.uuid = l.session_uuid
            WHERE l.algorithm = \(SessionDocument.algorithm) AND l.player_uuid = ANY(\(players.map(\.uuid)))
              AND s.state IN ('ended', 'interrupted')
            ORDER BY s.started_ms, s.uuid
            """, logger: logger)
        var days: [Int64: CalendarDay] = [:]
        for try await r in rows.decode((UUID, UUID, Int64, [String], String, Double, [Int64], Double?, Double?, Double?, Double?).self) {
            // Sessions are numbered in the order they started, so "the latest check" is the same one the kiosk finds.
            let id = ids[r.1] ?? Int64(ids.count + 1)
            ids[r.1] = id
            let day = days[r.2] ?? CalendarDay(Date(timeIntervalSince1970: Double(r.2) / 1000), in: calendar)
            days[r.2] = day
            entries[r.0, default: []].append(Entry(
                session: r.1, sessionID: id, teamName: r.4, startedMs: r.2, day: day, tags: SessionTags(stored: r.3),
                figures: SessionSeasonFigures(playerID: 0, cardioLoad: r.5, zoneMs: r.6, recoveryBPM: r.7, lnRMSSD: r.8, restingBPM: r.9, correctedShare: r.10)))
        }
        return ClubSeason(players: players, entries: entries, calendar: calendar)
    }

    func loads(_ player: UUID) -> [SessionLoad] {
        (entries[player] ?? []).filter { !$0.tags.isReadinessCheck }.map {
            SessionLoad(sessionID: $0.sessionID, day: $0.day, cardioLoad: $0.figures.cardioLoad, zones: $0.figures.zones)
        }
    }

    func checks(_ player: UUID) -> [ReadinessCheck] {
        (entries[player] ?? []).filter(\.tags.isReadinessCheck).map {
            ReadinessCheck(sessionID: $0.sessionID, day: $0.day, posture: $0.tags.posture?.rawValue ?? "", lnRMSSD: $0.figures.lnRMSSD,
                           restingBPM: $0.figures.restingBPM, correctedShare: $0.figures.correctedShare)
        }
    }

    /// The team's table on `day`: a row a player, in the roster's order (player ids are the players' places in it).
    func table(on day: CalendarDay) -> [SeasonRow] {
        let inputs = players.enumerated().map { i, p in
            SeasonTable.PlayerInput(playerID: Int64(i), name: p.name, number: p.number, loads: loads(p.uuid), checks: checks(p.uuid))
        }
        return SeasonTable.rows(inputs, on: day, thresholds: Self.thresholds)
    }
}

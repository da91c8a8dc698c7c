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
/// thresholds and the season's start are the club's settings, shared with its kiosks.
package struct ClubSeason: Sendable {
    package struct Player: Sendable {
        package var uuid: UUID
        package var name: String
        package var number: Int

        package init(uuid: UUID, name: String, number: Int) {
            (self.uuid, self.name, self.number) = (uuid, name, number)
        }
    }

    /// A session of a player's, with the day it counts for and what is kept of it.
    package struct Entry: Sendable {
        package var session: UUID
        package var sessionID: Int64
        package var teamName: String
        package var startedMs: Int64
        package var day: CalendarDay
        package var tags: SessionTags
        package var figures: SessionSeasonFigures
        /// The player's session RPE, and the minutes it multiplies (`Session.effortMinutes`, as on the kiosk).
        package var rpe: Int? = nil
        package var effortMinutes: Double = 0
        /// What the session planned: a fitness test's run.
        package var plannedMs: Int64? = nil
    }

    package var players: [Player]
    /// By player, oldest first.
    package var entries: [UUID: [Entry]]
    /// Each player's morning wellness answers, oldest first.
    package var wellness: [UUID: [WellnessEntry]] = [:]
    package var calendar: Calendar
    package var settings: ClubSettings
    /// "This season against the last" on `day`: each player's time in zones per span, summed by the database.
    package var comparison: (day: CalendarDay, zones: [UUID: SeasonZoneTotals])?

    package var thresholds: LoadStatusThresholds { settings.loadStatus }

    /// Every finished session (any team) of these players that has its figures kept. `zonesOn`: the days
    /// whose sessions' time in zones is read too, session by session (the player page's weeks); the table
    /// itself needs none. `comparisonOn`: the day "this season against the last" is shown for, whose two
    /// spans' time in zones PostgreSQL sums per player (a season's sessions each read cost ~100 ms).
    package static func load(players: [Player], zonesOn: [ClosedRange<CalendarDay>] = [], comparisonOn: CalendarDay? = nil,
                     in connection: PostgresConnection, logger: Logger, calendar: Calendar = .current) async throws -> ClubSeason {
        let settings = try await ClubSettings.load(in: connection, logger: logger)
        let uuids = players.map(\.uuid)
        // The players' figures as plain numbers (a row a player and session: 12 000 rows for 40 players × 300
        // sessions), then their sessions (a row each): two index scans, no join for the planner to misjudge.
        var figures: [(player: UUID, session: UUID, figures: SessionSeasonFigures)] = []
        let rows = try await connection.collect("""
            SELECT player_uuid, session_uuid, cardio_load, recovery_bpm, ln_rmssd, resting_bpm, corrected_share, hrex FROM session_load
            WHERE algorithm = \(SessionDocument.algorithm) AND player_uuid = ANY(\(uuids))
            """, logger: logger)
        for try await r in rows.decode((UUID, UUID, Double, Double?, Double?, Double?, Double?, Double?).self) {
            figures.append((r.0, r.1, SessionSeasonFigures(playerID: 0, cardioLoad: r.2, zoneMs: [], recoveryBPM: r.3, lnRMSSD: r.4,
                                                           restingBPM: r.5, correctedShare: r.6, hrex: r.7)))
        }
        var sessions: [UUID: (id: Int64, startedMs: Int64, day: CalendarDay, tags: SessionTags, team: String, effortMinutes: Double, plannedMs: Int64?)] = [:]
        let sessionRows = try await connection.collect("""
            SELECT uuid, started_ms, tags, team_name, ended_ms, planned_ms, effort_end_ms FROM session
            WHERE uuid = ANY(\(Array(Set(figures.map(\.session))))) AND state IN ('ended', 'interrupted')
            ORDER BY started_ms, uuid
            """, logger: logger)
        for try await r in sessionRows.decode((UUID, Int64, [String], String, Int64?, Int64?, Int64?).self) {
            // Sessions are numbered in the order they started, so "the latest check" is the same one the kiosk finds.
            let day = CalendarDay(Date(timeIntervalSince1970: Double(r.1) / 1000), in: calendar)
            let minutes = r.4.map { Session.effortMinutes(startedMs: r.1, endedMs: $0, plannedMs: r.5, effortEndMs: r.6) } ?? 0
            sessions[r.0] = (Int64(sessions.count + 1), r.1, day, SessionTags(stored: r.2), r.3, minutes, r.5)
        }
        // The players' session RPE where given (bundle format 2): the season's sRPE, as the kiosk's.
        var ratings: [UUID: [UUID: Int]] = [:]
        let ratingRows = try await connection.collect("""
            SELECT player_uuid, session_uuid, rpe FROM session_participant WHERE player_uuid = ANY(\(uuids)) AND rpe IS NOT NULL
            """, logger: logger)
        for try await (player, session, rpe) in ratingRows.decode((UUID, UUID, Int16).self) { ratings[player, default: [:]][session] = Int(rpe) }
        // Time in zones for the sessions of the days asked for only, each zone a column of its own: thousands of
        // small arrays cost more to read and decode than the figures above.
        let wanted = sessions.filter { s in zonesOn.contains { $0.contains(s.value.day) } }.map(\.key)
        var zones: [UUID: [UUID: [Int64]]] = [:]
        if !wanted.isEmpty {
            let zoneRows = try await connection.collect("""
                SELECT player_uuid, session_uuid, zone_ms[1], zone_ms[2], zone_ms[3], zone_ms[4], zone_ms[5], zone_ms[6] FROM session_load
                WHERE algorithm = \(SessionDocument.algorithm) AND player_uuid = ANY(\(uuids)) AND session_uuid = ANY(\(wanted))
                """, logger: logger)
            for try await r in zoneRows.decode((UUID, UUID, Int64?, Int64?, Int64?, Int64?, Int64?, Int64?).self) {
                zones[r.0, default: [:]][r.1] = [r.2, r.3, r.4, r.5, r.6, r.7].map { $0 ?? 0 }
            }
        }
        var entries: [UUID: [Entry]] = [:]
        for (player, session, f) in figures {
            guard let s = sessions[session] else { continue }
            var kept = f
            if let ms = zones[player]?[session] { kept.zoneMs = ms }
            entries[player, default: []].append(Entry(session: session, sessionID: s.id, teamName: s.team, startedMs: s.startedMs, day: s.day,
                                                      tags: s.tags, figures: kept, rpe: ratings[player]?[session], effortMinutes: s.effortMinutes,
                                                      plannedMs: s.plannedMs))
        }
        for key in entries.keys { entries[key]!.sort { $0.sessionID < $1.sessionID } }
        var season = ClubSeason(players: players, entries: entries, calendar: calendar, settings: settings)
        season.wellness = try await ClubWellness.load(players: uuids, in: connection, logger: logger)
        if let day = comparisonOn {
            let spans = SeasonComparison.spans(on: day, start: settings.seasonStart)
            season.comparison = (day, try await zoneTotals(players: uuids, sessions: sessions.mapValues { ($0.day, $0.tags) },
                                                           spans: [spans.this, spans.last], in: connection, logger: logger))
        }
        return season
    }

    /// Each player's time in zones summed over their training sessions in each span (`SeasonZoneTotals`'
    /// definition): which sessions count — their local day, readiness checks left out — is decided here
    /// as `loads()` decides it, and PostgreSQL sums their rows (a row a player and span comes back).
    private static func zoneTotals(players: [UUID], sessions: [UUID: (day: CalendarDay, tags: SessionTags)], spans: [ClosedRange<CalendarDay>],
                                   in connection: PostgresConnection, logger: Logger) async throws -> [UUID: SeasonZoneTotals] {
        var counted: [UUID] = [], spanOf: [Int] = []
        for (uuid, s) in sessions where !s.tags.isMeasurement {
            guard let span = spans.firstIndex(where: { $0.contains(s.day) }) else { continue }
            counted.append(uuid)
            spanOf.append(span)
        }
        var totals: [UUID: SeasonZoneTotals] = [:]
        guard !counted.isEmpty else { return totals }
        let rows = try await connection.collect("""
            SELECT l.player_uuid, w.span, SUM(l.zone_ms[1])::int8, SUM(l.zone_ms[2])::int8, SUM(l.zone_ms[3])::int8,
                   SUM(l.zone_ms[4])::int8, SUM(l.zone_ms[5])::int8, SUM(l.zone_ms[6])::int8
            FROM session_load l JOIN unnest(\(counted)::uuid[], \(spanOf)::int8[]) AS w(session, span) ON l.session_uuid = w.session
            WHERE l.algorithm = \(SessionDocument.algorithm) AND l.player_uuid = ANY(\(players))
            GROUP BY l.player_uuid, w.span
            """, logger: logger)
        for try await r in rows.decode((UUID, Int, Int64?, Int64?, Int64?, Int64?, Int64?, Int64?).self) {
            var zones = ZoneTimes()
            for (zone, ms) in zip(HeartRateZone.allCases, [r.2, r.3, r.4, r.5, r.6, r.7]) { zones[zone] = ms ?? 0 }
            if r.1 == 0 { totals[r.0, default: SeasonZoneTotals()].thisSeason = zones } else { totals[r.0, default: SeasonZoneTotals()].lastSeason = zones }
        }
        return totals
    }

    /// The player's sessions as the season takes them (`SeasonPart`: the kind rule the kiosk's season follows too).
    private func parts(_ player: UUID) -> [SeasonPart] {
        (entries[player] ?? []).map {
            SeasonPart(sessionID: $0.sessionID, day: $0.day, tags: $0.tags, plannedMs: $0.plannedMs, figures: $0.figures,
                       rpe: $0.rpe, effortMinutes: $0.effortMinutes)
        }
    }

    package func loads(_ player: UUID) -> [SessionLoad] { parts(player).compactMap(\.load) }

    package func checks(_ player: UUID) -> [ReadinessCheck] { parts(player).compactMap(\.check) }

    /// The player's fitness tests, oldest first (HRex as kept, HRR60 the recovery minute's), as the kiosk's season reads them.
    package func fitnessTests(_ player: UUID) -> [FitnessResult] { parts(player).compactMap(\.fitnessTest) }

    /// The team's table on `day`: a row a player, in the roster's order (player ids are the players' places in it).
    package func table(on day: CalendarDay) -> [SeasonRow] {
        let inputs = players.enumerated().map { i, p in
            SeasonTable.PlayerInput(playerID: Int64(i), name: p.name, number: p.number, loads: loads(p.uuid), checks: checks(p.uuid),
                                    wellness: wellness[p.uuid] ?? [], fitnessTests: fitnessTests(p.uuid))
        }
        return SeasonTable.rows(inputs, on: day, thresholds: thresholds)
    }

    /// The team's average of every day from `from` through `through`; readiness in `posture` (nil: any).
    package func teamAverage(from: CalendarDay, through: CalendarDay, posture: String?) -> [TeamAverageDay] {
        TeamAverage.days(histories: players.map { PlayerLoadHistory(sessions: loads($0.uuid).filter { $0.day <= through }) },
                         checks: players.map { checks($0.uuid) }, from: from, through: through, posture: posture)
    }

    /// This season so far against the same span of the last, for one player or (nil) the team, on the day
    /// `load(comparisonOn:)` was given.
    package func seasonComparison(player: UUID?) -> SeasonComparison {
        guard let (day, zones) = comparison else { preconditionFailure("ClubSeason.load(comparisonOn:) reads the comparison's time in zones") }
        if let player {
            return SeasonComparison.player(loads: loads(player), checks: checks(player), zones: zones[player] ?? SeasonZoneTotals(),
                                           on: day, start: settings.seasonStart)
        }
        return SeasonComparison.team(players.map { (loads($0.uuid), checks($0.uuid), zones[$0.uuid] ?? SeasonZoneTotals()) },
                                     on: day, start: settings.seasonStart)
    }
}

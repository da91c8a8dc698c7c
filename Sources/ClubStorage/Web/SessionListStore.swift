import Foundation
import PostgresNIO

/// One session as the sessions list shows it: its team, times, players, tags, the team's average and the kiosk.
package struct SessionListRow: Sendable, Equatable {
    package var uuid: UUID, team: UUID, teamName: String, startedMs: Int64, endedMs: Int64?, effortEndMs: Int64?
    package var players: Int, tags: [String], averageBPM: Double?, kiosk: String?

    package init(uuid: UUID, team: UUID, teamName: String, startedMs: Int64, endedMs: Int64?, effortEndMs: Int64?,
                 players: Int, tags: [String], averageBPM: Double?, kiosk: String?) {
        self.uuid = uuid
        self.team = team
        self.teamName = teamName
        self.startedMs = startedMs
        self.endedMs = endedMs
        self.effortEndMs = effortEndMs
        self.players = players
        self.tags = tags
        self.averageBPM = averageBPM
        self.kiosk = kiosk
    }

    package var effortMs: Int64? { effortEndMs ?? endedMs.map { $0 - startedMs } }
}

/// The club's sessions for the web's lists and teams: what a page reads of the `session` table beyond one bundle.
package enum SessionListStore {
    /// Stands in for the cursor's UUID on the first page, where `after == nil` decides alone.
    private static let noUUID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))

    /// The sessions `user` may see (a coach: their team's), newest first; `session`: that one only; `after`: those
    /// after it in the list's order (newest first, then by UUID: a keyset, so a page costs the same however old).
    package static func rows(_ user: WebUser, session: UUID? = nil, after: (startedMs: Int64, uuid: UUID)? = nil, limit: Int,
                             database: ClubDatabase) async throws -> [SessionListRow] {
        try await database.inClub(user.club) { c in
            // One query for both roles: a coach's team and one session are parameters ("" for none), never SQL.
            let query: PostgresQuery = """
                SELECT s.uuid, s.team_uuid, s.team_name, s.started_ms, s.ended_ms, s.effort_end_ms, s.player_count, s.tags,
                       d.team_average_bpm, k.name
                FROM session s
                LEFT JOIN session_document d ON d.session_uuid = s.uuid AND d.algorithm = \(SessionDocument.algorithm)
                LEFT JOIN kiosk k ON k.id = s.kiosk_id
                WHERE (\(user.team?.uuidString.lowercased() ?? "")::text = '' OR s.team_uuid::text = \(user.team?.uuidString.lowercased() ?? ""))
                  AND (\(session?.uuidString.lowercased() ?? "")::text = '' OR s.uuid::text = \(session?.uuidString.lowercased() ?? ""))
                  AND (\(after == nil) OR s.started_ms < \(after?.startedMs ?? 0)
                       OR (s.started_ms = \(after?.startedMs ?? 0) AND s.uuid > \(after?.uuid ?? Self.noUUID)))
                ORDER BY s.started_ms DESC, s.uuid LIMIT \(limit)
                """
            return try await c.collect(query, logger: database.logger)
                .decode((UUID, UUID, String, Int64, Int64?, Int64?, Int, [String], Double?, String?).self).all()
                .map { SessionListRow(uuid: $0.0, team: $0.1, teamName: $0.2, startedMs: $0.3, endedMs: $0.4, effortEndMs: $0.5, players: $0.6,
                                      tags: $0.7, averageBPM: $0.8, kiosk: $0.9) }
        }
    }

    /// The teams `user` sees: the rosters' teams, and teams known only from uploaded sessions, by name.
    package static func teams(_ user: WebUser, roster: ClubRoster, in connection: PostgresConnection,
                              logger: Logger) async throws -> [(uuid: UUID, name: String)] {
        var teams = roster.liveTeams.map { (uuid: $0.uuid, name: $0.name) }
        let known = Set(roster.teams.keys)
        for (uuid, name) in try await connection.collect("SELECT DISTINCT team_uuid, team_name FROM session", logger: logger)
            .decode((UUID, String).self).all() where !known.contains(uuid) && !teams.contains(where: { $0.uuid == uuid }) {
            teams.append((uuid, name))
        }
        return teams.filter { user.sees(team: $0.uuid) }.sorted { $0.name.lowercased() < $1.name.lowercased() }
    }

    /// The team as `user` may see it, with the club's roster; another team (or none) is "not found" whichever it is.
    package static func team(_ user: WebUser, _ uuid: UUID, in connection: PostgresConnection,
                             logger: Logger) async throws -> (name: String, roster: ClubRoster) {
        let roster = try await ClubRoster.load(in: connection, logger: logger)
        guard user.sees(team: uuid), let team = try await teams(user, roster: roster, in: connection, logger: logger).first(where: { $0.uuid == uuid }) else {
            throw ClubError.notFound("No team \(uuid.uuidString.lowercased()) that you can see.")
        }
        return (team.name, roster)
    }

    /// How many sessions `player` took part in (what erasing them rewrites).
    package static func sessionCount(of player: UUID, in connection: PostgresConnection, logger: Logger) async throws -> Int64 {
        try await connection.collect("SELECT count(DISTINCT session_uuid) FROM session_participant WHERE player_uuid = \(player)",
                                     logger: logger).decode(Int64.self).firstElement() ?? 0
    }

    /// The team's sessions that carry drills, oldest first.
    package static func sessionsWithDrills(team: UUID, club: UUID, database: ClubDatabase) async throws -> [(uuid: UUID, startedMs: Int64)] {
        try await database.inClub(club) { c in
            try await c.collect("SELECT uuid, started_ms FROM session WHERE team_uuid = \(team) AND extras ? 'drills' ORDER BY started_ms, uuid",
                                logger: database.logger).decode((UUID, Int64).self).all().map { (uuid: $0.0, startedMs: $0.1) }
        }
    }
}

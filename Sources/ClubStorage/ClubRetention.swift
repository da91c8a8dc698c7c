import ClubProtocol
import Foundation
import Logging
import PostgresNIO
import TeamCore

/// The club's "keep sessions for N months" applied (issue 37, item 3; decision 072): sessions that
/// started before the cutoff (and quarantined ones held since before it) are deleted with tombstones (`SessionStore.delete`, as a kiosk's delete:
/// every kiosk deletes them at its next pull), players who have left — no live membership, no session
/// left in the window — are erased (`ClubErasure.erase`, decision 068), and access-log lines older than
/// the period go (`sideline_expire_access_log`, by the database's own clock). One transaction a club.
public enum ClubRetention {
    public struct Report: Sendable, Equatable {
        /// The club's rule (0 months: kept for good, nothing done).
        public var months: Int
        public var sessionsDeleted: [UUID] = []
        public var playersErased = 0
        public var logLinesExpired: Int64 = 0
    }

    /// The origin of the tombstones the job writes (a kiosk's are "kiosk:<uuid>", a person's "web:<uuid>").
    static let origin = "club:retention"

    /// Applies the club's rule as of `now` (the job: the present; `sideline-club apply-retention --today`:
    /// any day), in the server's time zone.
    public static func apply(club: UUID, now: Date, timeZone: TimeZone = .current, database: ClubDatabase) async throws -> Report {
        try await database.inClub(club) { connection in
            let logger = database.logger
            let rule = try await ClubSettings.load(in: connection, logger: logger).retention
            var report = Report(months: rule.months)
            guard let cutoffMs = rule.cutoffMs(now: now, timeZone: timeZone) else { return report }
            let stampMs = Date().unixMs
            // Quarantined ones too: hidden from the server's role (the daily job), the owner's function names them
            // (migration 16); the owner (`apply-retention`) sees them in both lists.
            var seen = Set<UUID>()
            let old = try await (connection.collect("SELECT uuid FROM session WHERE started_ms < \(cutoffMs) ORDER BY started_ms",
                                                    logger: logger).decode(UUID.self).all()
                + connection.collect("SELECT uuid FROM sideline_held_sessions_before(\(cutoffMs))", logger: logger).decode(UUID.self).all())
                .filter { seen.insert($0).inserted }
            for session in old {
                try await SessionStore.delete(session, stamp: HybridTimestamp(wallMs: stampMs, origin: origin), club: club, nowMs: stampMs,
                                              in: connection, logger: logger)
            }
            report.sessionsDeleted = old
            for player in try await leftPlayers(since: cutoffMs, in: connection, logger: logger) {
                let erasure = PlayerErasure(playerDigest: PlayerErasure.digest(playerUUID: player), erasedMs: stampMs,
                                            by: "club retention (\(rule.months) months)")
                _ = try await ClubErasure.erase(erasure, club: club, in: connection, logger: logger)
                report.playersErased += 1
            }
            report.logLinesExpired = try await connection.collect("SELECT sideline_expire_access_log(\(club))", logger: logger)
                .decode(Int64.self).firstElement() ?? 0
            if !report.sessionsDeleted.isEmpty || report.playersErased > 0 {
                try await AccessLog.record(.change("retention (\(rule.months) months): \(old.count) sessions deleted, \(report.playersErased) players erased"),
                                           by: .job("retention", club: club), in: connection, logger: logger)
            }
            return report
        }
    }

    /// The roster's players who left before the window: no live membership (on a team not deleted), no
    /// session from `cutoffMs` on, and no edit of them or their memberships since (a player taken off a
    /// team yesterday, or added to none, is not erased tonight).
    static func leftPlayers(since cutoffMs: Int64, in connection: PostgresConnection, logger: Logger) async throws -> [UUID] {
        let roster = try await ClubRoster.load(in: connection, logger: logger)
        let members = Set(roster.members.filter { !$0.deleted && roster.teams[$0.team]?.deleted != true }.map(\.player))
        let recent = Set(try await connection.collect("""
            SELECT DISTINCT p.player_uuid FROM session_participant p JOIN session s ON s.uuid = p.session_uuid WHERE s.started_ms >= \(cutoffMs)
            UNION
            SELECT DISTINCT CASE WHEN entity = 'player' THEN key ELSE split_part(key, '/', 2) END::uuid FROM roster_field
            WHERE entity IN ('player', 'membership') AND stamp_wall_ms >= \(cutoffMs)
              AND (CASE WHEN entity = 'player' THEN key ELSE split_part(key, '/', 2) END) ~ '^[0-9a-f-]{36}$'
            """, logger: logger).decode(UUID.self).all())
        return roster.players.keys.filter { !members.contains($0) && !recent.contains($0) }.sorted { $0.uuidString < $1.uuidString }
    }

    /// The job for every club (`serve`, daily): a club's failure is logged and the others still run.
    package static func applyToAll(now: Date, database: ClubDatabase) async throws {
        let clubs = try await database.inTransaction { c in
            try await c.collect("SELECT club_id FROM sideline_club_ids()", logger: database.logger).decode(UUID.self).all()
        }
        for club in clubs {
            do {
                let report = try await apply(club: club, now: now, database: database)
                if !report.sessionsDeleted.isEmpty || report.playersErased > 0 || report.logLinesExpired > 0 {
                    database.logger.notice("""
                        retention of club \(club.uuidString.lowercased()) (\(report.months) months): \(report.sessionsDeleted.count) sessions deleted, \
                        \(report.playersErased) players erased, \(report.logLinesExpired) access-log lines expired
                        """)
                }
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                database.logger.warning("retention of club \(club.uuidString.lowercased()) failed (\(error)); it runs again tomorrow")
            }
        }
    }
}

import ClubProtocol
import Foundation
import Logging
import PostgresNIO
import TeamCore

/// `sideline-club check`, run as the schema's owner: every stored session of every club read back
/// and held to today's rules (`SessionBundle.problems`, `InputBounds`). One that fails is quarantined
/// — kept with its reason, its kept analysis dropped, and no longer seen by the server's role (the
/// `served_sessions` policy) — never deleted. One quarantined before that passes now is served again.
public enum SessionCheck {
    public struct Finding: Sendable, Equatable {
        public var club: String
        public var session: UUID
        public var teamName: String
        public var startedMs: Int64
        public var reason: String
        /// False: it was quarantined by an earlier check already.
        public var isNew: Bool

        /// "2026-03-14T10:00:00Z" (any stored time, however far out, prints without trapping).
        public var started: String { ISOTime.string(unixMs: startedMs, fractional: false) }
    }

    public struct Report: Sendable, Equatable {
        public var checked = 0
        public var quarantined: [Finding] = []
        /// Sessions quarantined before that pass today's rules, served again.
        public var released: [UUID] = []
    }

    public static func run(_ database: ClubDatabase) async throws -> Report {
        let logger = database.logger
        // The owner's lookup across clubs: ids only; each session is then read inside its club.
        let sessions = try await database.inTransaction { connection in
            try await connection.collect("SELECT set_config('sideline.lookup', 'on', true)", logger: logger)
            return try await connection.collect("""
                SELECT c.id, c.name, s.uuid, s.team_name, s.started_ms, s.quarantine_reason
                FROM session s JOIN club c ON c.id = s.club_id ORDER BY c.name, s.started_ms, s.uuid
                """, logger: logger).decode((UUID, String, UUID, String, Int64, String?).self).all()
        }
        var report = Report()
        for (club, clubName, uuid, team, started, earlier) in sessions {
            report.checked += 1
            let reason = try await database.inClub(club) { connection -> String? in
                do {
                    guard let bundle = try await SessionStore.bundle(uuid, in: connection, logger: logger) else { return nil }
                    return bundle.problems.first
                } catch let error as PSQLError {
                    throw error
                } catch {
                    return "its stored rows cannot be read as a bundle: \(error)"
                }
            }
            switch (reason, earlier) {
            case (let reason?, _):
                if earlier == nil { try await quarantine(uuid, club: club, reason: reason, database: database) }
                report.quarantined.append(Finding(club: clubName, session: uuid, teamName: team, startedMs: started,
                                                  reason: earlier ?? reason, isNew: earlier == nil))
            case (nil, .some):
                try await database.inClub(club) { connection in
                    try await connection.collect("UPDATE session SET quarantine_reason = NULL, quarantined_at = NULL WHERE uuid = \(uuid)", logger: logger)
                }
                report.released.append(uuid)
            case (nil, nil):
                break
            }
        }
        return report
    }

    /// Kept, but no longer served; what was computed from it goes (it is computed again if it is let go).
    static func quarantine(_ uuid: UUID, club: UUID, reason: String, database: ClubDatabase) async throws {
        try await database.inClub(club) { connection in
            try await connection.collect("""
                UPDATE session SET quarantine_reason = \(reason), quarantined_at = now() WHERE uuid = \(uuid)
                """, logger: database.logger)
            try await connection.collect("DELETE FROM session_document WHERE session_uuid = \(uuid)", logger: database.logger)
            try await connection.collect("DELETE FROM session_load WHERE session_uuid = \(uuid)", logger: database.logger)
        }
        database.logger.warning("session \(uuid.uuidString.lowercased()) quarantined: \(reason)")
    }
}

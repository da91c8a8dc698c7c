import ClubProtocol
import Foundation
import Localization
import Logging
import PostgresNIO

/// Signed-in browsers, kept in PostgreSQL so any server answers for any browser: the cookie holds
/// 256 random bits, the table their SHA-256 (a database dump opens no session), the user, the
/// token every form of the session carries, and when it ends.
package enum WebSessionStore {
    package static let cookieName = "sideline_session"
    package static let lifetime: TimeInterval = 12 * 3600

    package struct Started {
        package var cookieValue: String
        var csrfToken: String
    }

    package static func start(user: UUID, club: UUID, database: ClubDatabase) async throws -> Started {
        let secret = SecretToken.generate(prefix: "")
        let csrf = SecretToken.generate(prefix: "")
        let expires = Date().addingTimeInterval(lifetime)
        try await database.inClub(club) { connection in
            // Sessions that ended are cleared as new ones start: nothing else needs to run.
            try await connection.collect("DELETE FROM web_session WHERE expires_at < now()", logger: database.logger)
            try await connection.collect("""
                INSERT INTO web_session(club_id, id_hash, user_id, csrf_token, expires_at)
                VALUES (\(club), \(SecretToken.hash(secret)), \(user), \(csrf), \(expires))
                """, logger: database.logger)
        }
        return Started(cookieValue: secret, csrfToken: csrf)
    }

    /// What a cookie opens.
    package enum Lookup {
        case signedIn(WebUser)
        /// The session of a user the admin disabled since: refused (401), not sent to sign in again.
        case disabled
        /// No session, or one that ended.
        case none
    }

    /// The signed-in user of a cookie, read afresh on every request, so a disabled user is refused at once.
    package static func user(cookie: String, database: ClubDatabase) async throws -> Lookup {
        guard (1...200).contains(cookie.count) else { return .none }
        let hash = SecretToken.hash(cookie)
        guard let (club, user) = try await database.inTransaction({ connection in
            try await connection.collect("SELECT club_id, user_id FROM sideline_web_session_owner(\(hash))", logger: database.logger)
                .decode((UUID, UUID).self).firstElement()
        }) else { return .none }
        let row = try await database.inClub(club) { connection in
            try await connection.collect("""
                SELECT c.name, u.email, u.role, u.team_uuid, w.csrf_token, u.disabled_at IS NOT NULL, u.language
                FROM web_session w JOIN club_user u ON u.id = w.user_id, club c
                WHERE w.id_hash = \(hash) AND w.expires_at > now() AND u.id = \(user)
                """, logger: database.logger).decode((String, String, String, UUID?, String, Bool, String?).self).firstElement()
        }
        guard let row else { return .none }
        if row.5 { return .disabled }
        return .signedIn(WebUser(id: user, club: club, clubName: row.0, email: row.1, isAdmin: row.2 == "admin", team: row.3, csrfToken: row.4,
                                   language: row.6.flatMap { Language(rawValue: $0) }))
    }

    package static func end(cookie: String, club: UUID, database: ClubDatabase) async throws {
        try await database.inClub(club) { connection in
            try await connection.collect("DELETE FROM web_session WHERE id_hash = \(SecretToken.hash(cookie))", logger: database.logger)
        }
    }
}

import Foundation
import PostgresNIO

/// A web user's own record: what signing in checks, and the language they chose.
package enum WebUserStore {
    /// The user an e-mail names (through the owner's lookup function: the club is not known yet), their password's
    /// hash and whether they are disabled; nil when no user has that e-mail.
    package static func credentials(email: String, database: ClubDatabase)
        async throws -> (club: UUID, user: UUID, passwordHash: String, disabled: Bool)? {
        let owner = try await database.inTransaction { connection in
            try await connection.collect("SELECT club_id, user_id FROM sideline_login_owner(\(email))", logger: database.logger)
                .decode((UUID, UUID).self).firstElement()
        }
        guard let (club, user) = owner else { return nil }
        let stored = try await database.inClub(club) { connection in
            try await connection.collect("SELECT password_hash, disabled_at IS NOT NULL FROM club_user WHERE id = \(user)", logger: database.logger)
                .decode((String, Bool).self).firstElement()
        }
        return stored.map { (club, user, $0.0, $0.1) }
    }

    /// The language `user` chose for their pages (nil: their browser's).
    package static func setLanguage(_ language: String?, of user: WebUser, database: ClubDatabase) async throws {
        try await database.inClub(user.club) { connection in
            try await connection.collect("UPDATE club_user SET language = \(language) WHERE id = \(user.id)", logger: database.logger)
        }
    }
}

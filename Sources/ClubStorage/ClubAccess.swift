import ClubProtocol
import Foundation
import Localization
import PostgresNIO

/// Taking access away, and showing who has it: a kiosk revoked, an API token revoked, a user disabled
/// (and enabled again). Each takes effect on the next request — the token lookup and the web session's
/// check read the mark — and keeps the rows and everything uploaded. Run inside the club, by the admin's
/// commands (as the schema's owner) and by the admin's web pages (as the server's role) alike.
public enum ClubAccess {
    public struct KioskRow: Sendable, Equatable {
        public var id: UUID
        public var name: String
        public var enrolledAt: Date?
        public var lastSeenAt: Date?
        public var revokedAt: Date?
        /// A code given and not yet used: until when.
        public var codeExpiresAt: Date?
        public var sessions: Int64
    }

    public struct TokenRow: Sendable, Equatable {
        public var id: UUID
        public var createdAt: Date
        public var revokedAt: Date?
    }

    public struct UserRow: Sendable, Equatable {
        public var id: UUID
        public var email: String
        public var role: String
        public var teamName: String?
        public var disabledAt: Date?
    }

    public static func kiosks(_ database: ClubDatabase, club: UUID) async throws -> [KioskRow] {
        try await database.inClub(club) { c in
            try await c.collect("""
                SELECT k.id, k.name, k.enrolled_at, k.last_seen_at, k.revoked_at,
                       CASE WHEN k.enrolment_expires_at > now() THEN k.enrolment_expires_at END,
                       (SELECT count(*) FROM session s WHERE s.kiosk_id = k.id)
                FROM kiosk k ORDER BY k.name
                """, logger: database.logger).decode((UUID, String, Date?, Date?, Date?, Date?, Int64).self).all()
                .map { KioskRow(id: $0.0, name: $0.1, enrolledAt: $0.2, lastSeenAt: $0.3, revokedAt: $0.4, codeExpiresAt: $0.5, sessions: $0.6) }
        }
    }

    public static func tokens(_ database: ClubDatabase, club: UUID) async throws -> [TokenRow] {
        try await database.inClub(club) { c in
            try await c.collect("SELECT id, created_at, revoked_at FROM api_token ORDER BY created_at, id", logger: database.logger)
                .decode((UUID, Date, Date?).self).all().map { TokenRow(id: $0.0, createdAt: $0.1, revokedAt: $0.2) }
        }
    }

    public static func users(_ database: ClubDatabase, club: UUID) async throws -> [UserRow] {
        try await database.inClub(club) { c in
            try await c.collect("""
                SELECT u.id, u.email, u.role,
                       (SELECT n.value::jsonb #>> '{}' FROM roster_field n
                        WHERE n.entity = 'team' AND n.field = 'name' AND n.key = u.team_uuid::text),
                       u.disabled_at
                FROM club_user u ORDER BY lower(u.email)
                """, logger: database.logger).decode((UUID, String, String, String?, Date?).self).all()
                .map { UserRow(id: $0.0, email: $0.1, role: $0.2, teamName: $0.3, disabledAt: $0.4) }
        }
    }

    /// What a revocation or a change of state found: the record's name and whether it changed now.
    public struct Outcome: Sendable, Equatable {
        public var name: String
        /// False when it was in that state already (since `since`).
        public var changed: Bool
        public var since: Date
    }

    /// The kiosk's token (and any code not yet used) stop working; its sessions stay. It comes back only by
    /// enrolling again with a new code from `add-kiosk`.
    public static func revokeKiosk(_ database: ClubDatabase, club: UUID, kiosk: KioskSelector) async throws -> Outcome {
        try await database.inClub(club) { c in
            let found = try await c.collect("SELECT id, name, revoked_at FROM kiosk WHERE name = \(kiosk.name) OR id = \(kiosk.id)", logger: database.logger)
                .decode((UUID, String, Date?).self).firstElement()
            guard let (id, name, revokedAt) = found else {
                throw ClubError.notFound(kiosk.name.map { Message(N_admin("this club has no kiosk named '{kiosk}'"), ["kiosk": $0]) }
                                         ?? Message(N_admin("this club has no kiosk {kiosk}"), ["kiosk": kiosk.description]))
            }
            if let revokedAt { return Outcome(name: name, changed: false, since: revokedAt) }
            let now = try await c.collect("""
                UPDATE kiosk SET revoked_at = now(), token_hash = NULL, enrolment_code_hash = NULL, enrolment_expires_at = NULL
                WHERE id = \(id) RETURNING revoked_at
                """, logger: database.logger).decode(Date.self).firstElement() ?? Date()
            database.logger.notice("kiosk '\(name)' (\(id.uuidString.lowercased())) revoked")
            return Outcome(name: name, changed: true, since: now)
        }
    }

    /// How a kiosk is named: by the admin (its name), or by itself (its id, from its own token).
    public enum KioskSelector: Sendable, CustomStringConvertible {
        case name(String)
        case id(UUID)

        var name: String? { if case .name(let name) = self { name } else { nil } }
        var id: UUID? { if case .id(let id) = self { id } else { nil } }

        public var description: String {
            switch self {
            case .name(let name): "named '\(name)'"
            case .id(let id): id.uuidString.lowercased()
            }
        }
    }

    /// An API token, by its id (as `add-token` and the listings print it) or by the token itself.
    public static func revokeToken(_ database: ClubDatabase, club: UUID, token: String) async throws -> Outcome {
        let id = UUID(uuidString: token.trimmingCharacters(in: .whitespaces))
        let hash = SecretToken.hash(token)
        return try await database.inClub(club) { c in
            let found = try await c.collect("SELECT id, revoked_at FROM api_token WHERE id = \(id) OR token_hash = \(hash)", logger: database.logger)
                .decode((UUID, Date?).self).firstElement()
            guard let (tokenID, revokedAt) = found else {
                throw ClubError.notFound(Message(N_admin("this club has no API token '{token}' (its id, as `list-tokens` prints it, or the token itself)"), ["token": String(token.prefix(60))]))
            }
            let name = tokenID.uuidString.lowercased()
            if let revokedAt { return Outcome(name: name, changed: false, since: revokedAt) }
            let now = try await c.collect("UPDATE api_token SET revoked_at = now() WHERE id = \(tokenID) RETURNING revoked_at", logger: database.logger)
                .decode(Date.self).firstElement() ?? Date()
            database.logger.notice("API token \(name) revoked")
            return Outcome(name: name, changed: true, since: now)
        }
    }

    /// A disabled user's sessions open nothing from the next request on, and they cannot sign in; enabled
    /// again, they sign in afresh (the sessions they had are ended, not brought back).
    public static func setUserDisabled(_ database: ClubDatabase, club: UUID, user: UserSelector, disabled: Bool) async throws -> Outcome {
        try await database.inClub(club) { c in
            let found = try await c.collect("SELECT id, email, disabled_at FROM club_user WHERE lower(email) = lower(\(user.email)) OR id = \(user.id)", logger: database.logger)
                .decode((UUID, String, Date?).self).firstElement()
            guard let (id, email, disabledAt) = found else { throw ClubError.notFound(Message(N_admin("this club has no user {user}"), ["user": user.description])) }
            if disabled, let disabledAt { return Outcome(name: email, changed: false, since: disabledAt) }
            if !disabled, disabledAt == nil { return Outcome(name: email, changed: false, since: Date()) }
            let now = try await c.collect("SELECT now()", logger: database.logger).decode(Date.self).firstElement() ?? Date()
            if disabled {
                try await c.collect("UPDATE club_user SET disabled_at = now() WHERE id = \(id)", logger: database.logger)
            } else {
                try await c.collect("UPDATE club_user SET disabled_at = NULL WHERE id = \(id)", logger: database.logger)
                try await c.collect("DELETE FROM web_session WHERE user_id = \(id)", logger: database.logger)
            }
            database.logger.notice("user '\(email)' \(disabled ? "disabled" : "enabled")")
            return Outcome(name: email, changed: true, since: now)
        }
    }

    public enum UserSelector: Sendable, CustomStringConvertible {
        case email(String)
        case id(UUID)

        var email: String? { if case .email(let email) = self { email.trimmingCharacters(in: .whitespaces) } else { nil } }
        var id: UUID? { if case .id(let id) = self { id } else { nil } }

        public var description: String {
            switch self {
            case .email(let email): "'\(email)'"
            case .id(let id): id.uuidString.lowercased()
            }
        }
    }
}

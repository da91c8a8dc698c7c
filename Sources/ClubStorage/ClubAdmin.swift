import ClubProtocol
import Foundation
import Localization
import PostgresNIO

/// The administrator's commands (`add-club`, `add-kiosk`, `add-user`, `add-token`; taking access away: `ClubAccess`), run as the
/// schema's owner over SSH. They find a club by name across clubs (the owner's lookup), then
/// write inside that club like the server does.
public enum ClubAdmin {
    public struct Club: Sendable, Equatable {
        public var id: UUID
        public var name: String
    }

    public static let enrolmentValidity: TimeInterval = 24 * 3600

    public static func addClub(_ database: ClubDatabase, name: String) async throws -> Club {
        let name = name.trimmingCharacters(in: .whitespaces)
        guard (1...80).contains(name.count), !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw ClubError.badRequest(Message(N_admin("a club's name has 1 to 80 characters, no line breaks")))
        }
        if try await findClub(database, name: name) != nil { throw ClubError.conflict(Message(N_admin("a club named '{club}' exists already"), ["club": name])) }
        let id = UUID()
        do {
            try await database.inClub(id) { connection in
                try await connection.collect("INSERT INTO club(id, name) VALUES (\(id), \(name))", logger: database.logger)
            }
        } catch let error as PSQLError where error.isUniqueViolation {
            throw ClubError.conflict(Message(N_admin("a club named '{club}' exists already"), ["club": name]))
        }
        return Club(id: id, name: name)
    }

    public static func club(_ database: ClubDatabase, named name: String) async throws -> Club {
        guard let club = try await findClub(database, name: name) else {
            throw ClubError.notFound(Message(N_admin("no club named '{club}' (these commands run as the database's owner; `sideline-club add-club NAME` adds one)"), ["club": name]))
        }
        return club
    }

    static func findClub(_ database: ClubDatabase, name: String) async throws -> Club? {
        try await database.inTransaction { connection in
            try await connection.collect("SELECT set_config('sideline.lookup', 'on', true)", logger: database.logger)
            return try await connection.collect("SELECT id, name FROM club WHERE name = \(name)", logger: database.logger)
                .decode((UUID, String).self).firstElement().map { Club(id: $0.0, name: $0.1) }
        }
    }

    public struct KioskEnrolment: Sendable {
        public var kioskID: UUID
        public var code: String
        public var expires: Date
        /// True when the kiosk was known: its old token no longer works.
        public var replaced: Bool
    }

    /// A one-time enrolment code for the kiosk, valid 24 h. A kiosk of that name already enrolled
    /// gets a new code and loses its old token (a replaced board, a lost SD card).
    public static func addKiosk(_ database: ClubDatabase, club: Club, name: String) async throws -> KioskEnrolment {
        let name = name.trimmingCharacters(in: .whitespaces)
        guard (1...64).contains(name.count), !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw ClubError.badRequest(Message(N_admin("a kiosk's name has 1 to 64 characters, no line breaks")))
        }
        let code = SecretToken.generate(prefix: "")
        let expires = Date().addingTimeInterval(enrolmentValidity)
        let hash = SecretToken.hash(code)
        return try await database.inClub(club.id) { connection in
            let existing = try await connection.collect("SELECT id FROM kiosk WHERE name = \(name)", logger: database.logger)
                .decode(UUID.self).firstElement()
            if let existing {
                try await connection.collect("""
                    UPDATE kiosk SET enrolment_code_hash = \(hash), enrolment_expires_at = \(expires), token_hash = NULL WHERE id = \(existing)
                    """, logger: database.logger)
                return KioskEnrolment(kioskID: existing, code: code, expires: expires, replaced: true)
            }
            let id = UUID()
            try await connection.collect("""
                INSERT INTO kiosk(club_id, id, name, enrolment_code_hash, enrolment_expires_at)
                VALUES (\(club.id), \(id), \(name), \(hash), \(expires))
                """, logger: database.logger)
            return KioskEnrolment(kioskID: id, code: code, expires: expires, replaced: false)
        }
    }

    /// A read-only API token for the club's own scripts.
    /// The token and its id (the id names it in listings and to `revoke-token`; the token is shown once).
    public static func addToken(_ database: ClubDatabase, club: Club) async throws -> (id: UUID, token: String) {
        let token = SecretToken.generate(prefix: "api_")
        let hash = SecretToken.hash(token)
        let id = UUID()
        try await database.inClub(club.id) { connection in
            try await connection.collect("INSERT INTO api_token(club_id, id, token_hash) VALUES (\(club.id), \(id), \(hash))",
                                       logger: database.logger)
        }
        return (id, token)
    }

    public enum Role: String, Sendable, CaseIterable { case admin, coach }

    /// A web user: an admin sees the club, a coach one team (named as the club's rosters name it).
    public static func addUser(_ database: ClubDatabase, club: Club, email: String, role: Role, team: String?, password: String) async throws -> UUID {
        let email = email.trimmingCharacters(in: .whitespaces)
        guard email.range(of: "^[^@\\s]+@[^@\\s]+$", options: .regularExpression) != nil, email.count <= 254 else {
            throw ClubError.badRequest(Message(N_admin("'{email}' is not an e-mail address"), ["email": email]))
        }
        switch (role, team) {
        case (.coach, nil): throw ClubError.badRequest(Message(N_admin("a coach needs --team: the team they see")))
        case (.admin, .some): throw ClubError.badRequest(Message(N_admin("an admin sees the whole club: no --team")))
        default: break
        }
        guard password.count >= 10 else { throw ClubError.badRequest(Message(N_admin("the password has {count} characters; at least 10"), ["count": "\(password.count)"])) }
        let hash = try PasswordHash.make(password: password).stored
        let id = UUID()
        do {
            try await database.inClub(club.id) { connection in
                var teamUUID: UUID?
                if let team {
                    let keys = try await connection.collect("""
                        SELECT n.key FROM roster_field n
                        WHERE n.entity = 'team' AND n.field = 'name' AND lower(n.value::jsonb #>> '{}') = lower(\(team))
                          AND NOT EXISTS (SELECT 1 FROM roster_field d WHERE d.club_id = n.club_id AND d.entity = 'team' AND d.key = n.key
                                          AND d.field = 'deleted' AND d.value = 'true')
                        """, logger: database.logger).decode(String.self).all()
                    guard keys.count == 1, let key = keys.first.flatMap(UUID.init(uuidString:)) else {
                        throw ClubError.notFound(keys.isEmpty
                                           ? Message(N_admin("club '{club}' has no team '{team}' (teams come from its kiosks' rosters)"), ["club": club.name, "team": team])
                                           : Message(N_admin("club '{club}' has {count} teams named '{team}'"), ["club": club.name, "team": team, "count": "\(keys.count)"]))
                    }
                    teamUUID = key
                }
                try await connection.collect("""
                    INSERT INTO club_user(club_id, id, email, role, team_uuid, password_hash)
                    VALUES (\(club.id), \(id), \(email), \(role.rawValue), \(teamUUID), \(hash))
                    """, logger: database.logger)
            }
        } catch let error as PSQLError where error.isUniqueViolation {
            throw ClubError.conflict(Message(N_admin("a user with e-mail '{email}' exists already"), ["email": email]))
        }
        return id
    }
}

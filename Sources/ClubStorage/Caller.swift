import ClubProtocol
import Foundation
import Logging
import PostgresNIO

/// Who sent a request, from its bearer token: a kiosk of a club, or a club's script (read only).
public enum Caller: Sendable, Equatable {
    case kiosk(club: UUID, kiosk: UUID)
    case script(club: UUID, token: UUID)

    public var club: UUID {
        switch self {
        case .kiosk(let club, _), .script(let club, _): club
        }
    }

    /// The origin a kiosk's roster edits carry in their stamps.
    public static func origin(ofKiosk kiosk: UUID) -> String { "kiosk:\(kiosk.uuidString.lowercased())" }

    /// The token's owner, found through the owner's lookup function (the club is not known yet).
    public static func identify(token: String, database: ClubDatabase) async throws -> Caller? {
        let hash = SecretToken.hash(token)
        let row = try await database.inTransaction { connection in
            try await connection.collect("SELECT club_id, kind, subject_id FROM sideline_token_owner(\(hash))", logger: database.logger)
                .decode((UUID, String, UUID).self).firstElement()
        }
        guard let (club, kind, subject) = row else { return nil }
        return kind == "kiosk" ? .kiosk(club: club, kiosk: subject) : .script(club: club, token: subject)
    }
}

/// `POST /api/v1/enrol`: the one-time code for the kiosk's token. The code is spent in the same
/// statement that sets the token, so two kiosks typing one code cannot both get in.
public enum KioskEnrolment {
    public static func enrol(code: String, database: ClubDatabase) async throws -> Enrolment {
        let codeHash = SecretToken.hash(code)
        guard let (club, kiosk) = try await database.inTransaction({ connection in
            try await connection.collect("SELECT club_id, kiosk_id FROM sideline_enrolment_owner(\(codeHash))", logger: database.logger)
                .decode((UUID, UUID).self).firstElement()
        }) else { throw ClubError(.unauthorized, "unknown, used or expired enrolment code (ask the club's admin for a new one)") }
        let token = SecretToken.generate(prefix: "kiosk_")
        let tokenHash = SecretToken.hash(token)
        return try await database.inClub(club) { connection in
            guard let name = try await connection.collect("""
                UPDATE kiosk SET token_hash = \(tokenHash), enrolment_code_hash = NULL, enrolment_expires_at = NULL,
                                 enrolled_at = now(), last_seen_at = now(), revoked_at = NULL
                WHERE id = \(kiosk) AND enrolment_code_hash = \(codeHash) AND enrolment_expires_at > now()
                RETURNING name
                """, logger: database.logger).decode(String.self).firstElement()
            else { throw ClubError(.unauthorized, "unknown, used or expired enrolment code (ask the club's admin for a new one)") }
            let clubName = try await connection.collect("SELECT name FROM club", logger: database.logger).decode(String.self).firstElement() ?? ""
            database.logger.notice("kiosk '\(name)' (\(kiosk.uuidString.lowercased())) enrolled in club '\(clubName)'")
            return Enrolment(clubID: club, clubName: clubName, kioskID: kiosk, kioskName: name, token: token, serverTimeMs: Date().unixMs)
        }
    }
}

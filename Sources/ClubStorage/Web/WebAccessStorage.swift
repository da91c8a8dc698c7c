import Foundation

/// What the kiosks, users and access-log pages need of the club's storage (decision 091): who has access, taking it
/// away (`ClubAccess`, as the admin's commands), and a page of the access log — each in the caller's club.
package protocol WebAccessStorage: ClubAccessRecording {
    func kiosks(club: UUID) async throws -> [ClubAccess.KioskRow]
    func apiTokens(club: UUID) async throws -> [ClubAccess.TokenRow]
    func users(club: UUID) async throws -> [ClubAccess.UserRow]
    /// The kiosk's token revoked (what it uploaded stays).
    func revoke(kiosk: UUID, club: UUID) async throws -> ClubAccess.Outcome
    func revoke(apiToken: UUID, club: UUID) async throws -> ClubAccess.Outcome
    func setDisabled(user: UUID, club: UUID, disabled: Bool) async throws -> ClubAccess.Outcome
    /// At most `limit` lines of the log that pass `filter`, newest first below `before`, and the roster that names
    /// their players and teams — read in one transaction.
    func accessLog(_ filter: AccessLog.Filter, before: Int64?, limit: Int, club: UUID) async throws -> (entries: [AccessLog.Entry], roster: ClubRoster)
}

extension ClubDatabase: WebAccessStorage {
    package func kiosks(club: UUID) async throws -> [ClubAccess.KioskRow] { try await ClubAccess.kiosks(self, club: club) }
    package func apiTokens(club: UUID) async throws -> [ClubAccess.TokenRow] { try await ClubAccess.tokens(self, club: club) }
    package func users(club: UUID) async throws -> [ClubAccess.UserRow] { try await ClubAccess.users(self, club: club) }

    package func revoke(kiosk: UUID, club: UUID) async throws -> ClubAccess.Outcome {
        try await ClubAccess.revokeKiosk(self, club: club, kiosk: .id(kiosk))
    }

    package func revoke(apiToken: UUID, club: UUID) async throws -> ClubAccess.Outcome {
        try await ClubAccess.revokeToken(self, club: club, token: apiToken.uuidString)
    }

    package func setDisabled(user: UUID, club: UUID, disabled: Bool) async throws -> ClubAccess.Outcome {
        try await ClubAccess.setUserDisabled(self, club: club, user: .id(user), disabled: disabled)
    }

    package func accessLog(_ filter: AccessLog.Filter, before: Int64?, limit: Int, club: UUID) async throws
        -> (entries: [AccessLog.Entry], roster: ClubRoster) {
        try await inClub(club) { [logger] c in
            (try await AccessLog.page(filter, before: before, limit: limit, in: c, logger: logger),
             try await ClubRoster.load(in: c, logger: logger))
        }
    }
}

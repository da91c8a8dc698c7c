import Foundation

/// What signing in and out, the signed-in browser and the account page need of the club's storage (decision 091):
/// the sign-in limit's counts, a user's credentials, a browser's session, a user's language.
package protocol WebSignInStorage: ClubAccessRecording {
    /// Whether a sign-in from `address` for `email` may be checked now (`SignInLimit`).
    func signInDecision(email: String, address: String) async throws -> SignInLimit.Decision
    func signInFailed(email: String, address: String) async throws
    func signInSucceeded(email: String, address: String) async throws
    /// The user an e-mail names, their password's hash and whether they are disabled; nil when no user has that e-mail.
    func credentials(email: String) async throws -> (club: UUID, user: UUID, passwordHash: String, disabled: Bool)?
    func startWebSession(user: UUID, club: UUID) async throws -> WebSessionStore.Started
    /// What a cookie opens, read afresh on every request.
    func webSession(cookie: String) async throws -> WebSessionStore.Lookup
    func endWebSession(cookie: String, club: UUID) async throws
    /// The language `user` chose for their pages (nil: their browser's).
    func setLanguage(_ language: String?, of user: WebUser) async throws
}

extension ClubDatabase: WebSignInStorage {
    package func signInDecision(email: String, address: String) async throws -> SignInLimit.Decision {
        try await LoginThrottle.decision(email: email, address: address, database: self)
    }

    package func signInFailed(email: String, address: String) async throws { try await LoginThrottle.failed(email: email, address: address, database: self) }
    package func signInSucceeded(email: String, address: String) async throws { try await LoginThrottle.succeeded(email: email, address: address, database: self) }

    package func credentials(email: String) async throws -> (club: UUID, user: UUID, passwordHash: String, disabled: Bool)? {
        try await WebUserStore.credentials(email: email, database: self)
    }

    package func startWebSession(user: UUID, club: UUID) async throws -> WebSessionStore.Started {
        try await WebSessionStore.start(user: user, club: club, database: self)
    }

    package func webSession(cookie: String) async throws -> WebSessionStore.Lookup { try await WebSessionStore.user(cookie: cookie, database: self) }
    package func endWebSession(cookie: String, club: UUID) async throws { try await WebSessionStore.end(cookie: cookie, club: club, database: self) }
    package func setLanguage(_ language: String?, of user: WebUser) async throws { try await WebUserStore.setLanguage(language, of: user, database: self) }
}

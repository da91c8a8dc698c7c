import ClubProtocol
import Foundation

/// What the sessions list, a session's page and files, and the drill season need of the club's storage (decision
/// 091): the sessions a user sees, a session's kept document, its whole bundle (through the bundle gate, decision 069).
package protocol WebSessionStorage: ClubAccessRecording {
    /// The sessions `user` may see (a coach: their team's), newest first; `session`: that one only; `after`: those after
    /// it in the list's order (a keyset).
    func sessionRows(visibleTo user: WebUser, session: UUID?, after: (startedMs: Int64, uuid: UUID)?, limit: Int) async throws -> [SessionListRow]
    /// The session's kept document (computed first if it is not kept yet); nil for no such session.
    func sessionDocument(_ session: UUID, club: UUID) async throws -> Data?
    /// `work` over the session's whole bundle, once the bundle gate lets a whole bundle into memory; nil for no such session.
    func withSessionBundle<T: Sendable>(_ session: UUID, club: UUID, _ work: @escaping @Sendable (SessionBundle) async throws -> T) async throws -> T?
    /// The team's sessions that carry drills, oldest first.
    func sessionsWithDrills(team: UUID, club: UUID) async throws -> [(uuid: UUID, startedMs: Int64)]
}

extension ClubDatabase: WebSessionStorage {
    package func sessionRows(visibleTo user: WebUser, session: UUID?, after: (startedMs: Int64, uuid: UUID)?, limit: Int) async throws -> [SessionListRow] {
        try await SessionListStore.rows(user, session: session, after: after, limit: limit, database: self)
    }

    package func sessionDocument(_ session: UUID, club: UUID) async throws -> Data? {
        try await SessionAnalysisCache(database: self).document(club: club, session: session)
    }

    package func withSessionBundle<T: Sendable>(_ session: UUID, club: UUID, _ work: @escaping @Sendable (SessionBundle) async throws -> T) async throws -> T? {
        try await withBundle { [self] () -> T? in
            guard let bundle = try await inClub(club, { [logger] c in try await SessionStore.bundle(session, in: c, logger: logger) }) else { return nil }
            return try await work(bundle)
        }
    }

    package func sessionsWithDrills(team: UUID, club: UUID) async throws -> [(uuid: UUID, startedMs: Int64)] {
        try await SessionListStore.sessionsWithDrills(team: team, club: club, database: self)
    }
}

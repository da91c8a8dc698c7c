import ClubProtocol
import Foundation
import TeamCore

/// What the kiosks' routes and the scripts' read API (`ClubAPI`) need of the club's storage, each in a transaction
/// of its own scoped to the caller's club (decision 091). `ClubDatabase` is the PostgreSQL one, below.
package protocol KioskSyncStorage: ClubAccessRecording {
    // Tokens and kiosks
    /// The token's owner (a kiosk, or a club's script), nil for a token nobody holds.
    func caller(token: String) async throws -> Caller?
    /// A one-time enrolment code spent for the kiosk's token.
    func enrol(code: String) async throws -> Enrolment
    func markSeen(kiosk: UUID, club: UUID) async throws
    func syncStatus(kiosk: UUID, club: UUID, formats: BundleFormatsTaken) async throws -> SyncStatus
    /// The kiosk's token revoked (what it uploaded stays).
    func revoke(kiosk: UUID, club: UUID) async throws -> ClubAccess.Outcome

    // Uploads
    func createUpload(_ request: UploadRequest, kiosk: UUID, club: UUID) async throws -> UploadStore.Started
    func uploadState(_ id: UUID, kiosk: UUID, club: UUID) async throws -> UploadState
    /// `work` (reading a chunk of an upload and storing it) once the chunk gate lets it through.
    func throughChunkGate<T: Sendable>(_ work: @Sendable () async throws -> T) async throws -> T
    func appendUpload(_ id: UUID, offset: Int, bytes: Data, kiosk: UUID, club: UUID) async throws -> UploadState
    /// The upload's bundle checked and stored, once the bundle gate lets a whole bundle into memory.
    func commitUpload(_ id: UUID, kiosk: UUID, club: UUID, formats: BundleFormatsTaken) async throws -> UploadStore.Committed

    // Sessions, rosters, erasures, wellness
    func deleteSession(_ uuid: UUID, stamp: HybridTimestamp, club: UUID, nowMs: Int64) async throws
    func sessionList(club: UUID) async throws -> [SessionListItem]
    /// The session's kept document (computed first if it is not kept yet); nil for no such session.
    func sessionDocument(_ session: UUID, club: UUID) async throws -> Data?
    /// The session's document computed and kept now (after its commit, so its first view need not wait).
    func computeDocument(_ session: UUID, club: UUID) async throws
    func rosterChanges(since: Int64, limit: Int, nowMs: Int64, club: UUID) async throws -> RosterChangesPage
    func applyRosterEdits(_ edits: [RosterEdit], nowMs: Int64, club: UUID) async throws -> RosterEditsResult
    /// The erasures applied to everything the club holds; answers the sessions rewritten.
    func applyErasures(_ erasures: [PlayerErasure], club: UUID, by who: Accessor) async throws -> [UUID]
    /// The rewritten sessions' documents computed again (their team figures).
    func recomputeDocuments(_ sessions: [UUID], club: UUID) async
    func erasures(since: Int64, limit: Int, club: UUID) async throws -> ErasuresPage
    func storeWellness(_ answers: [WellnessRecord], kiosk: UUID, club: UUID) async throws
    func wellness(on day: CalendarDay, club: UUID) async throws -> [WellnessDayItem]
}

extension ClubDatabase: KioskSyncStorage {
    package func caller(token: String) async throws -> Caller? { try await Caller.identify(token: token, database: self) }
    package func enrol(code: String) async throws -> Enrolment { try await KioskEnrolment.enrol(code: code, database: self) }
    package func markSeen(kiosk: UUID, club: UUID) async throws { try await KioskStatusStore.markSeen(kiosk, club: club, database: self) }

    package func syncStatus(kiosk: UUID, club: UUID, formats: BundleFormatsTaken) async throws -> SyncStatus {
        try await KioskStatusStore.status(of: kiosk, club: club, formats: formats, database: self)
    }

    package func createUpload(_ request: UploadRequest, kiosk: UUID, club: UUID) async throws -> UploadStore.Started {
        try await inClub(club) { [logger] in try await UploadStore.create(request, kiosk: kiosk, club: club, in: $0, logger: logger) }
    }

    package func uploadState(_ id: UUID, kiosk: UUID, club: UUID) async throws -> UploadState {
        try await inClub(club) { [logger] in try await UploadStore.state(id, kiosk: kiosk, in: $0, logger: logger).0 }
    }

    package func throughChunkGate<T: Sendable>(_ work: @Sendable () async throws -> T) async throws -> T { try await withChunk(work) }

    package func appendUpload(_ id: UUID, offset: Int, bytes: Data, kiosk: UUID, club: UUID) async throws -> UploadState {
        try await inClub(club) { [logger] in
            try await UploadStore.append(id, offset: offset, bytes: bytes, kiosk: kiosk, club: club, in: $0, logger: logger)
        }
    }

    package func commitUpload(_ id: UUID, kiosk: UUID, club: UUID, formats: BundleFormatsTaken) async throws -> UploadStore.Committed {
        try await withBundle { [self] in
            try await inClub(club) { [logger] in
                try await UploadStore.commit(id, kiosk: kiosk, club: club, formats: formats, in: $0, logger: logger)
            }
        }
    }

    package func deleteSession(_ uuid: UUID, stamp: HybridTimestamp, club: UUID, nowMs: Int64) async throws {
        try await inClub(club) { [logger] in
            try await SessionStore.delete(uuid, stamp: stamp, club: club, nowMs: nowMs, in: $0, logger: logger)
        }
    }

    package func sessionList(club: UUID) async throws -> [SessionListItem] {
        try await inClub(club) { [logger] in try await SessionStore.list(in: $0, logger: logger) }
    }

    package func computeDocument(_ session: UUID, club: UUID) async throws {
        _ = try await SessionAnalysisCache(database: self).compute(club: club, session: session)
    }

    package func rosterChanges(since: Int64, limit: Int, nowMs: Int64, club: UUID) async throws -> RosterChangesPage {
        try await inClub(club) { [logger] in try await RosterStore.changes(since: since, limit: limit, nowMs: nowMs, in: $0, logger: logger) }
    }

    package func applyRosterEdits(_ edits: [RosterEdit], nowMs: Int64, club: UUID) async throws -> RosterEditsResult {
        try await inClub(club) { [logger] in try await RosterStore.apply(edits, club: club, nowMs: nowMs, in: $0, logger: logger) }
    }

    package func applyErasures(_ erasures: [PlayerErasure], club: UUID, by who: Accessor) async throws -> [UUID] {
        try await ClubErasure.apply(erasures, club: club, database: self, loggedAs: who)
    }

    package func recomputeDocuments(_ sessions: [UUID], club: UUID) async { await ClubErasure.recompute(sessions, club: club, database: self) }

    package func erasures(since: Int64, limit: Int, club: UUID) async throws -> ErasuresPage {
        try await inClub(club) { [logger] in try await ClubErasure.page(since: since, limit: limit, in: $0, logger: logger) }
    }

    package func storeWellness(_ answers: [WellnessRecord], kiosk: UUID, club: UUID) async throws {
        try await inClub(club) { [logger] in _ = try await ClubWellness.store(answers, club: club, kiosk: kiosk, in: $0, logger: logger) }
    }

    package func wellness(on day: CalendarDay, club: UUID) async throws -> [WellnessDayItem] {
        try await inClub(club) { [logger] in try await ClubWellness.day(day, in: $0, logger: logger) }
    }
}

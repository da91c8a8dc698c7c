import ClubProtocol
import Foundation
import Logging
import PostgresNIO

/// Resumable uploads of session bundles, in the manner of tus: create (the hash and length to
/// come), append chunks at the offset the server has, ask the offset after a broken link, commit.
/// The bytes wait in PostgreSQL, so any server instance can take the next chunk and a server
/// killed mid-upload loses nothing acknowledged. Unfinished uploads expire after a day, and a kiosk
/// may hold only a few at once (`Quota`): what one kiosk leaves half-sent cannot fill the club's disk.
public enum UploadStore {
    public static let lifetime: TimeInterval = 24 * 3600

    /// What one kiosk may hold unfinished: a kiosk sends one session at a time, so a handful is room for
    /// a few cut passes; the bytes are the lengths announced (each at most `UploadRequest.maxLength`).
    public struct Quota: Sendable, Equatable {
        public var uploads: Int
        public var bytes: Int64
        public static let perKiosk = Quota(uploads: 4, bytes: 2 * Int64(UploadRequest.maxLength))
    }

    /// Deletes every club's expired uploads (and their chunks): the sweep `serve` runs on a timer; the count.
    public static func sweepExpired(_ database: ClubDatabase) async throws -> Int {
        try await database.inTransaction { connection in
            try await connection.collect("SELECT sideline_sweep_expired_uploads()", logger: database.logger)
                .decode(Int64.self).firstElement().map(Int.init) ?? 0
        }
    }

    public enum Started: Sendable, Equatable {
        case upload(UploadState)
        /// The session is stored with this content already: nothing to send.
        case stored(StoredSession)
    }

    /// SHA-256 hex of a stored session's bundle without its ratings; nil when the club has none.
    static func storedReadingsSHA256(_ session: UUID, in connection: PostgresConnection, logger: Logger) async throws -> String? {
        try await SessionStore.bundle(session, in: connection, logger: logger).map { CanonicalJSON.sha256Hex(try $0.withoutRatings.canonicalBytes()) }
    }

    public static func create(_ request: UploadRequest, kiosk: UUID, club: UUID, in connection: PostgresConnection, logger: Logger) async throws -> Started {
        guard CanonicalJSON.isSHA256Hex(request.sha256) else { throw ClubError.badRequest("sha256 must be 64 lower-case hex digits") }
        guard (1...UploadRequest.maxLength).contains(request.length) else {
            throw ClubError(.tooLarge, "length must be 1 to \(UploadRequest.maxLength) bytes (the gzip of the bundle)")
        }
        let session = request.sessionUUID
        if try await RosterStore.isDeletedSession(session, in: connection, logger: logger) {
            throw ClubError(.gone, "session \(session.uuidString.lowercased()) was deleted on the club; it is not stored again")
        }
        if let stored = try await connection.collect("SELECT sha256 FROM session WHERE uuid = \(session)", logger: logger).decode(String.self).firstElement() {
            if stored != request.sha256, try await SessionStore.isSuperseded(session, sha256: request.sha256, in: connection, logger: logger) {
                // An older form of the session, from before a player in it was erased: the club's is the one now.
                return .stored(StoredSession(sessionUUID: session, sha256: stored, created: false, superseded: true))
            }
            // Other ratings of the same readings (a rating given or corrected after the upload): sent, then
            // `SessionStore.store` checks the whole bundle and replaces the ratings only.
            let ratingsOnly = stored != request.sha256
                ? try await storedReadingsSHA256(session, in: connection, logger: logger).map { $0 == request.readingsSHA256 } ?? false : false
            guard stored == request.sha256 || ratingsOnly else {
                logger.warning("session \(session.uuidString.lowercased()): kiosk \(kiosk.uuidString.lowercased()) offered other content (\(request.sha256)); stored is \(stored)")
                throw ClubError.conflict("session \(session.uuidString.lowercased()) is stored with other content (sha256 \(stored)); a session never changes once uploaded")
            }
            if !ratingsOnly { return .stored(StoredSession(sessionUUID: session, sha256: stored, created: false)) }
        } else if let held = try await SessionStore.heldSHA256(session, in: connection, logger: logger) {
            // Quarantined by `check`: kept, not served; its ratings are not replaced while it is held.
            guard held == request.sha256 else {
                throw ClubError.conflict("session \(session.uuidString.lowercased()) is stored with other content (sha256 \(held)); a session never changes once uploaded")
            }
            return .stored(StoredSession(sessionUUID: session, sha256: held, created: false))
        }
        try await connection.collect("DELETE FROM upload WHERE expires_at < now()", logger: logger)
        // The same upload asked for again (the kiosk lost its answer): carry on where it stands.
        if let row = try await connection.collect("""
            SELECT id, received, length, expires_at FROM upload
            WHERE kiosk_id = \(kiosk) AND session_uuid = \(session) AND sha256 = \(request.sha256) AND length = \(Int64(request.length))
            ORDER BY received DESC LIMIT 1
            """, logger: logger).decode((UUID, Int64, Int64, Date).self).firstElement() {
            return .upload(UploadState(uploadID: row.0, sessionUUID: session, offset: Int(row.1), length: Int(row.2), expiresMs: row.3.unixMs))
        }
        // Another content of the same session from the same kiosk replaces its unfinished upload: only one can be stored.
        try await connection.collect("""
            DELETE FROM upload WHERE kiosk_id = \(kiosk) AND session_uuid = \(session) AND (sha256 <> \(request.sha256) OR length <> \(Int64(request.length)))
            """, logger: logger)
        let quota = Quota.perKiosk
        if let (count, bytes) = try await connection.collect("""
            SELECT count(*), coalesce(sum(length), 0)::bigint FROM upload WHERE kiosk_id = \(kiosk)
            """, logger: logger).decode((Int64, Int64).self).firstElement(),
           count >= quota.uploads || bytes + Int64(request.length) > quota.bytes {
            logger.warning("kiosk \(kiosk.uuidString.lowercased()): a new upload refused, \(count) unfinished (\(bytes) bytes) already")
            throw ClubError(.overQuota, "this kiosk has \(count) unfinished uploads (\(bytes) bytes); at most \(quota.uploads) and \(quota.bytes) bytes: finish one, or wait for them to expire")
        }
        let id = UUID(), expires = Date().addingTimeInterval(lifetime)
        try await connection.collect("""
            INSERT INTO upload(club_id, id, kiosk_id, session_uuid, sha256, length, expires_at)
            VALUES (\(club), \(id), \(kiosk), \(session), \(request.sha256), \(Int64(request.length)), \(expires))
            """, logger: logger)
        return .upload(UploadState(uploadID: id, sessionUUID: session, offset: 0, length: request.length, expiresMs: expires.unixMs))
    }

    /// Where the upload stands (HEAD).
    public static func state(_ id: UUID, kiosk: UUID, forUpdate: Bool = false, in connection: PostgresConnection, logger: Logger) async throws -> (UploadState, sha256: String) {
        let lock = forUpdate ? " FOR UPDATE" : ""
        guard let row = try await connection.collect("""
            SELECT session_uuid, received, length, expires_at, sha256 FROM upload
            WHERE id = \(id) AND kiosk_id = \(kiosk) AND expires_at >= now()\(unescaped: lock)
            """, logger: logger).decode((UUID, Int64, Int64, Date, String).self).firstElement()
        else { throw ClubError.notFound("no upload \(id.uuidString.lowercased()) (unknown, another kiosk's, or expired: start a new one)") }
        return (UploadState(uploadID: id, sessionUUID: row.0, offset: Int(row.1), length: Int(row.2), expiresMs: row.3.unixMs), row.4)
    }

    /// Appends a chunk sent for `offset`, which must be where the upload stands.
    public static func append(_ id: UUID, offset: Int, bytes: Data, kiosk: UUID, club: UUID, in connection: PostgresConnection, logger: Logger) async throws -> UploadState {
        var (state, _) = try await state(id, kiosk: kiosk, forUpdate: true, in: connection, logger: logger)
        guard offset == state.offset else {
            throw ClubError.conflict("Upload-Offset \(offset) is not where the upload stands (\(state.offset)); send from there")
        }
        guard !bytes.isEmpty else { return state }
        guard state.offset + bytes.count <= state.length else {
            throw ClubError(.tooLarge, "the chunk ends at \(state.offset + bytes.count), past the upload's length \(state.length)")
        }
        try await connection.collect("""
            INSERT INTO upload_chunk(club_id, upload_id, "offset", bytes) VALUES (\(club), \(id), \(Int64(offset)), \(bytes))
            """, logger: logger)
        state.offset += bytes.count
        try await connection.collect("UPDATE upload SET received = \(Int64(state.offset)) WHERE id = \(id)", logger: logger)
        return state
    }

    /// The upload's bundle text, inflated chunk by chunk (one query per chunk: no result set larger than
    /// one chunk is ever streamed) and its shape checked as it comes out, so one commit holds at most one
    /// chunk of gzip, `InputBounds.bundleBytes` of text and then what a text of `InputBounds.bundleShape`
    /// decodes to — whatever the upload says (docs/decisions/069-a-commit-has-a-memory-ceiling.md).
    static func inflated(_ id: UUID, in connection: PostgresConnection, logger: Logger) async throws -> Data {
        let offsets = try await connection.collect("""
            SELECT "offset" FROM upload_chunk WHERE upload_id = \(id) ORDER BY "offset"
            """, logger: logger).decode(Int64.self).all()
        let inflater: Gzip.Inflater
        do { inflater = try Gzip.Inflater(limit: UploadRequest.maxBundleBytes) } catch { throw CommitFailure(error.description) }
        var shape = BundleShape()
        for offset in offsets {
            guard let chunk = try await connection.collect("""
                SELECT bytes FROM upload_chunk WHERE upload_id = \(id) AND "offset" = \(offset)
                """, logger: logger).decode(Data.self).firstElement() else { continue }
            do {
                try inflater.feed(chunk) { piece in
                    shape.scan(piece)
                    return shape.problem != nil
                }
            } catch {
                if let problem = shape.problem { throw CommitFailure("the bundle holds \(problem)") }
                throw CommitFailure("the upload is not a gzip stream of a bundle: \(error.description)")
            }
        }
        do { return try inflater.finish() } catch {
            throw CommitFailure("the upload is not a gzip stream of a bundle: \(error.description)")
        }
    }

    /// A bundle's format alone, read when the whole bundle does not decode.
    struct FormatOnly: Decodable { var format: Int }

    /// Why an upload's bytes can never make a session (the upload is discarded, the answer is a final 422).
    struct CommitFailure: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

    public enum Committed: Sendable, Equatable {
        case stored(StoredSession)
        /// The upload's bytes are not a bundle that can be stored: the upload is discarded.
        case refused(ClubError)
    }

    /// Checks the whole upload (gzip, hash, canonical form, the bundle's own rules) and stores the
    /// session in the same transaction. Bytes that can never make a session discard the upload.
    /// A bundle of a format the server does not take (`formats`) is refused as a kiosk newer than the server (decision 082).
    public static func commit(_ id: UUID, kiosk: UUID, club: UUID, formats: BundleFormatsTaken = .current,
                              in connection: PostgresConnection, logger: Logger) async throws -> Committed {
        let (state, sha256) = try await state(id, kiosk: kiosk, forUpdate: true, in: connection, logger: logger)
        guard state.offset == state.length else {
            throw ClubError.conflict("the upload has \(state.offset) of its \(state.length) bytes; send the rest first")
        }
        func refuse(_ error: ClubError) async throws -> Committed {
            logger.warning("upload \(id.uuidString.lowercased()) of session \(state.sessionUUID.uuidString.lowercased()) from kiosk \(kiosk.uuidString.lowercased()) refused: \(error.message)")
            try await connection.collect("DELETE FROM upload WHERE id = \(id)", logger: logger)
            return .refused(error)
        }
        let bytes: Data
        do {
            bytes = try await inflated(id, in: connection, logger: logger)
        } catch let failure as CommitFailure {
            return try await refuse(.unprocessable(failure.message))
        }
        let actual = CanonicalJSON.sha256Hex(bytes)
        guard actual == sha256 else {
            return try await refuse(.unprocessable("the bundle's SHA-256 is \(actual), not \(sha256) as announced"))
        }
        let bundle: SessionBundle
        do {
            bundle = try CanonicalJSON.decode(SessionBundle.self, from: bytes)
        } catch {
            // A newer format may not even decode here: said as a format this server does not take, not as a fault.
            if let format = try? CanonicalJSON.decode(FormatOnly.self, from: bytes).format, let refusal = formats.refusal(of: format) {
                return try await refuse(.unprocessable(refusal))
            }
            return try await refuse(.unprocessable("the upload is not a session bundle: \(DecodingMessage.describe(error))"))
        }
        // Before the canonical check: a newer format decodes without the fields this release does not know.
        if let refusal = formats.refusal(of: bundle.format) { return try await refuse(.unprocessable(refusal)) }
        guard try CanonicalJSON.encode(bundle) == bytes else {
            return try await refuse(.unprocessable(BundleFormatRefusal.notCanonical))
        }
        if let problem = bundle.problems.first { return try await refuse(.unprocessable("the bundle: \(problem)")) }
        guard bundle.session.uuid == state.sessionUUID else {
            return try await refuse(.unprocessable("the bundle is session \(bundle.session.uuid.uuidString.lowercased()), not \(state.sessionUUID.uuidString.lowercased()) as announced"))
        }
        let outcome: SessionStore.Outcome
        do {
            outcome = try await SessionStore.store(bundle, sha256: sha256, kiosk: kiosk, club: club, in: connection, logger: logger)
        } catch let error as ClubError where error.kind == .gone || error.kind == .conflict {
            return try await refuse(error)
        }
        try await connection.collect("DELETE FROM upload WHERE id = \(id)", logger: logger)
        switch outcome {
        case .created, .ratingsUpdated: return .stored(StoredSession(sessionUUID: bundle.session.uuid, sha256: sha256, created: outcome == .created))
        case .alreadyStored: return .stored(StoredSession(sessionUUID: bundle.session.uuid, sha256: sha256, created: false))
        case .createdWithout(let stored): return .stored(StoredSession(sessionUUID: bundle.session.uuid, sha256: stored, created: true, superseded: true))
        case .superseded(let stored): return .stored(StoredSession(sessionUUID: bundle.session.uuid, sha256: stored, created: false, superseded: true))
        }
    }
}

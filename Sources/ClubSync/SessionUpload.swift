import ClubProtocol
import Foundation
import Localization
import Logging
import Store

/// One finished session up to the club, resumably: create the upload (or find the one under way
/// — the outbox keeps its id and the hash of what it sends), PATCH the gzip in chunks from where
/// the server stands, commit. The server keeps what it acknowledged, so a pass cut anywhere (the
/// link, a kill -9, a power cut) goes on from there next time; the session stays on the kiosk.
struct SessionUpload {
    let store: SidelineStore
    let api: ClubAPI
    let chunkBytes: Int
    let logger: Logger

    enum Outcome: Equatable {
        /// The club holds it now (or held it already).
        case stored
        /// The club will never take it (deleted there, or held with other content): out of the outbox.
        case settled(String)
        /// The club refuses it for good (a value outside its bounds, 422; or the kiosk found so before
        /// sending): out of the outbox with the reason, kept here.
        case refused(String)
        /// The club server does not take the bundle's format yet (a kiosk newer than its server, decision 082):
        /// kept in the outbox as waiting; `firstTime` when it was not waiting before this attempt.
        case waitsForNewerServer(format: Int, firstTime: Bool)
    }

    /// `club`: the bundle formats the server's status listed; nil when it lists none (a release before decision 082).
    /// `tooNewFrom`: the lowest format such a server refused as too new lately; a bundle of it or newer is not sent.
    func upload(_ waiting: SessionAwaitingUpload, club formats: [Int]?, tooNewFrom: Int? = nil) throws(ClubSyncError) -> Outcome {
        let bundle: SessionBundle, canonical: Data
        do {
            bundle = try KioskSessionBundle.make(store: store, sessionID: waiting.sessionID)
            canonical = try bundle.canonicalBytes()
        } catch let error as ClubSyncError {
            throw error
        } catch {
            throw .local(Message(N_("session {session} cannot be read for the club: {error}"), ["session": "\(waiting.sessionID)", "error": "\(error)"]))
        }
        let sha = CanonicalJSON.sha256Hex(canonical)
        let session = waiting.uuid
        // The club's own check, before a byte is sent: a bundle it would refuse is refused here, once.
        if let problem = bundle.problems.first ?? Self.sizeProblem(canonical) {
            return try refused(session, sha256: sha, reason: "outside the club's bounds, found before sending: \(problem)")
        }
        func waits() throws(ClubSyncError) -> Outcome {
            try note { try store.noteUploadWaitsForNewerServer(session, sha256: sha, format: bundle.format, listed: Self.listing(formats)) }
            return .waitsForNewerServer(format: bundle.format, firstTime: waiting.waiting == nil)
        }
        // A server that lists its formats is sent none other: not a byte of it until the list changes.
        if let formats, !formats.contains(bundle.format) { return try waits() }
        if let tooNewFrom, bundle.format >= tooNewFrom { return try waits() }
        let packed = Gzip.compress(canonical)
        // Whether this attempt may go on from bytes the server holds from an earlier pass: not after such a resumed
        // upload was refused as a whole (below).
        var resumeHeld = true
        while true {
            var resumed = false
            do throws(ClubSyncError) {
                var upload: (id: UUID, offset: Int)?
                // After a cut: ask where the upload we were sending stands (HEAD), if it still sends the same bytes — the same
                // bundle (its hash) gzipped to the same length: a zlib whose output changed since would splice two streams.
                if resumeHeld, waiting.sha256 == sha, let id = waiting.uploadID, let position = try api.uploadPosition(id), position.length == packed.count {
                    upload = (id, position.offset)
                    resumed = position.offset > 0
                }
                if upload == nil {
                    let readings = try? CanonicalJSON.sha256Hex(bundle.withoutRatings.canonicalBytes())
                    switch try api.createUpload(UploadRequest(sessionUUID: session, sha256: sha, length: packed.count, readingsSHA256: readings)) {
                    case .stored:
                        try note { try store.noteUploadStored(session, sha256: sha) }
                        return .stored
                    case .upload(let state):
                        try note { try store.noteUploadStarted(session, sha256: sha, uploadID: state.uploadID) }
                        upload = (state.uploadID, state.offset)
                        resumed = state.offset > 0  // the server carried on an upload of ours it already held
                    }
                }
                guard let (id, start) = upload else { return .stored }
                var offset = start
                while offset < packed.count {
                    let end = min(packed.count, offset + chunkBytes)
                    do throws(ClubSyncError) {
                        offset = try api.append(id, offset: offset, bytes: packed.subdata(in: offset..<end)).offset
                    } catch .refused(_, 409, _) {
                        // Our idea of the offset was stale (an earlier chunk did arrive): ask again.
                        guard let now = try api.uploadPosition(id)?.offset else { throw ClubSyncError.refused(host: api.server.host, status: 404, message: "the upload expired") }
                        offset = now
                    }
                }
                let stored = try api.commit(id)
                try note { try store.noteUploadStored(session, sha256: stored.sha256) }
                logger.info("session \(session.uuidString.lowercased()) uploaded (\(bundle.sampleCount) readings, \(packed.count) bytes)")
                return .stored
            } catch .refused(_, 422, let message) where resumed {
                // The bytes held from an earlier pass were not this stream's — a zlib whose output changed between the passes
                // gzips the same bundle to other bytes of the same length — so the commit refused the splice, and the server
                // dropped the upload. Once more from the first byte before the session itself is judged.
                logger.notice("session \(session.uuidString.lowercased()): the resumed upload was refused (\(message)); sending it again from the start")
                try note { try store.noteUploadStarted(session, sha256: sha, uploadID: nil) }
                resumeHeld = false
                continue
            } catch .refused(_, let status, let message) where status == 409 && message.contains("stored with other content") || status == 410 {
                // Deleted on the club (its tombstone comes down with the roster), or held there as it was
                // first uploaded (a session never changes once uploaded): nothing more to send.
                try note { try store.noteUploadStored(session, sha256: sha) }
                return .settled(message)
            } catch .refused(_, 422, let message) where formats == nil && BundleFormatRefusal.saysServerIsOlder(message, format: bundle.format) {
                // Not a fault in the session: a server older than the kiosk. It waits, and goes once the server takes its format.
                // (A server that lists the format and still refuses it means it: final, below — else it would go every pass.)
                return try waits()
            } catch .refused(_, 422, let message) {
                // Bytes the club can never store as a session: sending them again would be refused again.
                return try refused(session, sha256: sha, reason: "refused by the club (422): \(message)")
            } catch .refused(_, 404, let message) {
                // The upload expired: start from scratch next time, and say so.
                try note { try store.noteUploadStarted(session, sha256: sha, uploadID: nil) }
                throw .refused(host: api.server.host, status: 404, message: message)
            }
        }
    }

    /// How a server's list of formats is noted with a waiting session ("1,2"); nil: it listed none.
    static func listing(_ formats: [Int]?) -> String? { formats.map { $0.map(String.init).joined(separator: ",") } }

    /// Whether a session waiting for a newer club server is offered again in this pass: when the server lists
    /// its formats, exactly when the list has the session's; when it lists none (a release before decision 082,
    /// which says so only by refusing the whole bundle), when it listed some at the last offer or a day after it.
    static func isDue(_ waiting: WaitingForNewerServer, club formats: [Int]?, now: Date) -> Bool {
        if let formats { return formats.contains(waiting.format) }
        return waiting.listed != nil || now.unixMs - waiting.triedMs >= offerAgainAfterMs
    }

    /// How long a session waits before it is offered again to a server that lists no formats.
    static let offerAgainAfterMs: Int64 = 24 * 3600 * 1000

    /// The club's ceiling on what one commit may cost (docs/decisions/069-a-commit-has-a-memory-ceiling.md),
    /// checked on the text it would inflate to.
    static func sizeProblem(_ canonical: Data) -> String? {
        if canonical.count > UploadRequest.maxBundleBytes { return "the bundle is more than \(UploadRequest.maxBundleBytes) bytes" }
        return BundleShape.problem(canonical).map { "the bundle holds \($0)" }
    }

    func refused(_ session: UUID, sha256: String, reason: String) throws(ClubSyncError) -> Outcome {
        try note { try store.noteUploadRefused(session, sha256: sha256, reason: reason) }
        return .refused(reason)
    }

    func note(_ write: () throws -> Void) throws(ClubSyncError) {
        do { try write() } catch { throw .local(Message(N_("the outbox could not be written: {error}"), ["error": "\(error)"])) }
    }
}

import ClubProtocol
import ClubServerHTTP
import ClubStorage
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// The HTTP API under /api/v1 (docs/club-api.yaml describes every endpoint): a kiosk's enrolment
/// and sync (uploads, tombstones, the roster's change feed, status) with its kiosk token, and
/// the read API for the club's scripts with an API token. Stateless: everything is in PostgreSQL,
/// so any number of servers can answer for one database.
public struct ClubRoutes: Sendable {
    /// Everything the routes read and write, each call a transaction in the caller's club (decision 091).
    let storage: any KioskSyncStorage
    /// The bundle formats taken and listed in the status (every one this release knows, but in tests).
    public let formats: BundleFormatsTaken
    var logger: Logger { storage.logger }

    package init(storage: any KioskSyncStorage, formats: BundleFormatsTaken = .current) {
        self.storage = storage
        self.formats = formats
    }

    static let smallBody = 64 * 1024
    static let editsBody = 16 * 1024 * 1024

    public func add(to router: Router<ClubRequestContext>) {
        router.middlewares.add(ErrorMiddleware())
        let api = router.group("api/v1")
        api.post("enrol") { request, _ in try await enrol(request) }
        api.get("kiosk/status") { request, _ in try await status(request) }
        api.post("kiosk/leave") { request, context in try await leave(request, context) }
        api.post("kiosk/uploads") { request, _ in try await createUpload(request) }
        api.head("kiosk/uploads/{id}") { request, context in try await uploadState(request, context, head: true) }
        api.get("kiosk/uploads/{id}") { request, context in try await uploadState(request, context, head: false) }
        api.patch("kiosk/uploads/{id}") { request, context in try await appendUpload(request, context) }
        api.post("kiosk/uploads/{id}/commit") { request, context in try await commitUpload(request, context) }
        api.delete("kiosk/sessions/{uuid}") { request, context in try await deleteSession(request, context) }
        api.get("kiosk/roster/changes") { request, context in try await rosterChanges(request, context) }
        api.post("kiosk/roster/edits") { request, context in try await rosterEdits(request, context) }
        api.post("kiosk/erasures") { request, context in try await pushErasures(request, context) }
        api.get("kiosk/erasures") { request, _ in try await erasures(request) }
        api.post("kiosk/wellness") { request, context in try await pushWellness(request, context) }
        api.get("wellness") { request, context in try await wellness(request, context) }
        api.get("sessions") { request, context in try await sessions(request, context) }
        api.get("sessions/{uuid}") { request, context in try await session(request, context) }
    }

    // MARK: Callers

    func caller(_ request: Request) async throws -> Caller {
        let token = try HTTP.bearer(request)
        guard let caller = try await storage.caller(token: token) else {
            throw ClubError(.unauthorized, "unknown token")
        }
        return caller
    }

    func kiosk(_ request: Request) async throws -> (club: UUID, kiosk: UUID) {
        guard case .kiosk(let club, let kiosk) = try await caller(request) else {
            throw ClubError(.forbidden, "this is a kiosk's endpoint; an API token only reads /api/v1/sessions")
        }
        try await storage.markSeen(kiosk: kiosk, club: club)
        return (club, kiosk)
    }

    func script(_ request: Request, _ context: ClubRequestContext) async throws -> Accessor {
        guard case .script(let club, let token) = try await caller(request) else {
            throw ClubError(.forbidden, "the read API takes an API token (sideline-club add-token), not a kiosk's")
        }
        return .script(club: club, token: token, address: context.clientAddress(request))
    }

    /// The access log's line for a kiosk's sync: once a day for each kind of work (decision 071).
    func logSync(_ action: String, club: UUID, kiosk: UUID, _ request: Request, _ context: ClubRequestContext) async throws {
        try await storage.record(AccessEvent(.sync, action), by: .kiosk(club: club, kiosk: kiosk, address: context.clientAddress(request)))
    }

    // MARK: Kiosks

    func enrol(_ request: Request) async throws -> Response {
        let body = try await HTTP.decode(EnrolmentRequest.self, from: request, limit: Self.smallBody)
        guard (1...200).contains(body.code.count) else { throw ClubError.badRequest("the code has 1 to 200 characters") }
        return try HTTP.json(try await storage.enrol(code: body.code), status: .created)
    }

    func status(_ request: Request) async throws -> Response {
        let (club, kiosk) = try await self.kiosk(request)
        let status = try await storage.syncStatus(kiosk: kiosk, club: club, formats: formats)
        return try HTTP.json(status)
    }

    /// `sideline club leave`: the kiosk revokes its own token; what it uploaded stays.
    func leave(_ request: Request, _ context: ClubRequestContext) async throws -> Response {
        let (club, kiosk) = try await self.kiosk(request)
        let outcome = try await storage.revoke(kiosk: kiosk, club: club)
        if outcome.changed {
            try await storage.record(.change("kiosk left the club: \(outcome.name)"),
                                     by: .kiosk(club: club, kiosk: kiosk, address: context.clientAddress(request)))
        }
        return Response(status: .noContent)
    }

    // MARK: Uploads

    func uploadHeaders(_ state: UploadState) -> HTTPFields {
        [HTTP.uploadOffset: "\(state.offset)", HTTP.uploadLength: "\(state.length)",
         .location: "/api/v1/kiosk/uploads/\(state.uploadID.uuidString.lowercased())"]
    }

    func createUpload(_ request: Request) async throws -> Response {
        let (club, kiosk) = try await self.kiosk(request)
        let body = try await HTTP.decode(UploadRequest.self, from: request, limit: Self.smallBody)
        let started = try await storage.createUpload(body, kiosk: kiosk, club: club)
        switch started {
        case .upload(let state): return try HTTP.json(state, status: state.offset == 0 ? .created : .ok, headers: uploadHeaders(state))
        case .stored(let stored): return try HTTP.json(stored, status: .ok)
        }
    }

    func uploadState(_ request: Request, _ context: ClubRequestContext, head: Bool) async throws -> Response {
        let (club, kiosk) = try await self.kiosk(request)
        let id = try HTTP.uuidParameter(context, "id")
        let state = try await storage.uploadState(id, kiosk: kiosk, club: club)
        if head {
            var headers = uploadHeaders(state)
            headers[.cacheControl] = "no-store"
            return Response(status: .ok, headers: headers)
        }
        return try HTTP.json(state, headers: uploadHeaders(state))
    }

    func appendUpload(_ request: Request, _ context: ClubRequestContext) async throws -> Response {
        let (club, kiosk) = try await self.kiosk(request)
        let id = try HTTP.uuidParameter(context, "id")
        guard let text = request.headers[HTTP.uploadOffset], let offset = Int(text), offset >= 0 else {
            throw ClubError.badRequest("Upload-Offset must be the byte offset this chunk starts at (a whole number ≥ 0)")
        }
        // The chunk is read whole before anything is written: a link cut mid-chunk stores nothing of it. A few
        // at a time (the rest wait with their bytes unread): each is copied twice on its way to PostgreSQL.
        let body = request.body
        let state = try await storage.throughChunkGate { [storage] in
            let bytes: Data
            do {
                let buffer = try await body.collect(upTo: UploadRequest.maxChunk)
                bytes = Data(buffer.readableBytesView)
            } catch is NIOTooManyBytesError {
                throw ClubError(.tooLarge, "a chunk is at most \(UploadRequest.maxChunk) bytes")
            }
            return try await storage.appendUpload(id, offset: offset, bytes: bytes, kiosk: kiosk, club: club)
        }
        return try HTTP.json(state, headers: uploadHeaders(state))
    }

    func commitUpload(_ request: Request, _ context: ClubRequestContext) async throws -> Response {
        let (club, kiosk) = try await self.kiosk(request)
        let id = try HTTP.uuidParameter(context, "id")
        let committed = try await storage.commitUpload(id, kiosk: kiosk, club: club, formats: formats)
        switch committed {
        case .stored(let stored):
            if stored.created {
                try await logSync("sessions uploaded", club: club, kiosk: kiosk, request, context)
                // The first view of a 90-minute session would wait for its analysis (a few hundred ms): do it now,
                // after the answer, so the session's page is read from the kept document.
                Task { [self] in
                    do { try await storage.computeDocument(stored.sessionUUID, club: club) } catch {
                        logger.warning("session \(stored.sessionUUID.uuidString.lowercased()): its document was not computed ahead (\(error)); the first view computes it")
                    }
                }
            }
            return try HTTP.json(stored, status: stored.created ? .created : .ok)
        case .refused(let error): throw error
        }
    }

    // MARK: Tombstones and rosters

    func deleteSession(_ request: Request, _ context: ClubRequestContext) async throws -> Response {
        let (club, kiosk) = try await self.kiosk(request)
        let uuid = try HTTP.uuidParameter(context, "uuid")
        let now = Date().unixMs
        try await storage.deleteSession(uuid, stamp: HybridTimestamp(wallMs: now, origin: Caller.origin(ofKiosk: kiosk)), club: club, nowMs: now)
        try await logSync("sessions deleted", club: club, kiosk: kiosk, request, context)
        return Response(status: .noContent)
    }

    /// A kiosk's request for a page of one of the club's feeds: its club, where it stands (`since`) and
    /// how many it takes (`limit`, at most `maxPage`).
    func feedRequest(_ request: Request, maxPage: Int) async throws -> (club: UUID, kiosk: UUID, since: Int64, limit: Int) {
        let (club, kiosk) = try await kiosk(request)
        let query = request.uri.queryParameters
        let since = try Self.integer(query["since"], name: "since", default: 0, range: 0...Int64.max)
        let limit = try Self.integer(query["limit"], name: "limit", default: Int64(maxPage), range: 1...Int64(maxPage))
        return (club, kiosk, since, Int(limit))
    }

    func rosterChanges(_ request: Request, _ context: ClubRequestContext) async throws -> Response {
        let (club, kiosk, since, limit) = try await feedRequest(request, maxPage: RosterChangesPage.maxPageSize)
        try await logSync("roster pulled", club: club, kiosk: kiosk, request, context)
        let page = try await storage.rosterChanges(since: since, limit: limit, nowMs: Date().unixMs, club: club)
        return try HTTP.json(page)
    }

    func rosterEdits(_ request: Request, _ context: ClubRequestContext) async throws -> Response {
        let (club, kiosk) = try await self.kiosk(request)
        let body = try await HTTP.decode(RosterEditsRequest.self, from: request, limit: Self.editsBody)
        guard body.edits.count <= RosterEditsRequest.maxEdits else {
            throw ClubError(.tooLarge, "at most \(RosterEditsRequest.maxEdits) edits per request")
        }
        let origin = Caller.origin(ofKiosk: kiosk)
        for (i, edit) in body.edits.enumerated() {
            if let problem = RosterSchema.problem(with: edit) { throw ClubError.badRequest("edit \(i): \(problem)") }
            if edit.entity == .session { throw ClubError.badRequest("edit \(i): a session is deleted with DELETE /api/v1/kiosk/sessions/{uuid}") }
            guard edit.stamp.origin == origin else { throw ClubError.badRequest("edit \(i): this kiosk's stamps carry the origin '\(origin)'") }
        }
        let result = try await storage.applyRosterEdits(body.edits, nowMs: Date().unixMs, club: club)
        if !body.edits.isEmpty { try await logSync("roster edited", club: club, kiosk: kiosk, request, context) }
        return try HTTP.json(result)
    }

    // MARK: Erasures

    /// The erasures a kiosk made: each recorded once and applied to everything the club holds.
    func pushErasures(_ request: Request, _ context: ClubRequestContext) async throws -> Response {
        let (club, kiosk) = try await self.kiosk(request)
        let body = try await HTTP.decode(ErasuresRequest.self, from: request, limit: Self.smallBody * 4)
        guard body.erasures.count <= ErasuresRequest.maxErasures else {
            throw ClubError(.tooLarge, "at most \(ErasuresRequest.maxErasures) erasures per request")
        }
        for (i, erasure) in body.erasures.enumerated() {
            if let problem = erasure.problem { throw ClubError.badRequest("erasure \(i): \(problem)") }
        }
        logger.notice("kiosk \(kiosk.uuidString.lowercased()) sends \(body.erasures.count) player erasure(s)")
        try await erase(body.erasures, club: club, by: .kiosk(club: club, kiosk: kiosk, address: context.clientAddress(request)))
        return Response(status: .noContent)
    }

    /// Applies erasures in one transaction, then computes the rewritten sessions' analyses again (their team figures).
    func erase(_ erasures: [PlayerErasure], club: UUID, by who: Accessor) async throws {
        let rewritten = try await storage.applyErasures(erasures, club: club, by: who)
        Task { [storage] in await storage.recomputeDocuments(rewritten, club: club) }
    }

    func erasures(_ request: Request) async throws -> Response {
        let (club, _, since, limit) = try await feedRequest(request, maxPage: ErasuresPage.maxPageSize)
        let page = try await storage.erasures(since: since, limit: limit, club: club)
        return try HTTP.json(page)
    }

    // MARK: Morning wellness

    /// A kiosk's answers since its last sync: checked whole first (one bad record refuses the request,
    /// nothing kept), then each kept unless the club holds a later one for that player and day.
    func pushWellness(_ request: Request, _ context: ClubRequestContext) async throws -> Response {
        let (club, kiosk) = try await self.kiosk(request)
        let body = try await HTTP.decode(WellnessRequest.self, from: request, limit: Self.smallBody * 4)
        guard body.answers.count <= WellnessRequest.maxAnswers else {
            throw ClubError(.tooLarge, "at most \(WellnessRequest.maxAnswers) wellness answers per request")
        }
        let now = Date().unixMs
        for (i, record) in body.answers.enumerated() {
            if let problem = record.problem(todayMs: now) { throw ClubError.badRequest("answer \(i): \(problem)") }
        }
        try await storage.storeWellness(body.answers, kiosk: kiosk, club: club)
        if !body.answers.isEmpty { try await logSync("wellness answers sent", club: club, kiosk: kiosk, request, context) }
        return Response(status: .noContent)
    }

    /// The read API's day of wellness (`?on=YYYY-MM-DD`, default today in the server's zone).
    func wellness(_ request: Request, _ context: ClubRequestContext) async throws -> Response {
        let script = try await script(request, context)
        let day = try HTTP.day(request)
        guard day >= WellnessRecord.earliestDay, day.components.year <= 9999 else { throw ClubError.badRequest("on: \(day) is no day of a season") }
        try await storage.record(.download("wellness of \(day) (API)"), by: script)
        let items = try await storage.wellness(on: day, club: script.club)
        return try HTTP.json(items)
    }

    static func integer(_ text: Substring?, name: String, default value: Int64, range: ClosedRange<Int64>) throws -> Int64 {
        guard let text else { return value }
        guard let number = Int64(text), range.contains(number) else {
            throw ClubError.badRequest("\(name) must be a whole number in \(range.lowerBound)…\(range.upperBound)")
        }
        return number
    }

    // MARK: The read API

    func sessions(_ request: Request, _ context: ClubRequestContext) async throws -> Response {
        let script = try await script(request, context)
        try await storage.record(.download("sessions list (API)"), by: script)
        let list = try await storage.sessionList(club: script.club)
        return try HTTP.json(list)
    }

    func session(_ request: Request, _ context: ClubRequestContext) async throws -> Response {
        let script = try await script(request, context)
        let uuid = try HTTP.uuidParameter(context, "uuid")
        guard let data = try await storage.sessionDocument(uuid, club: script.club) else {
            throw ClubError.notFound("no session \(uuid.uuidString.lowercased()) in this club")
        }
        try await storage.record(.download("session document (API)", session: uuid), by: script)
        return HTTP.json(data: data)
    }
}

import ClubProtocol
import Foundation
import Localization

/// The club server's kiosk endpoints (docs/club-api.yaml), one method each, over `ClubHTTP`.
/// Every refusal becomes `ClubSyncError.refused` with the server's one sentence; no answer at all
/// becomes `.unreachable`.
public struct ClubAPI: Sendable {
    public let server: ClubServerURL
    public let token: String?
    public let http: ClubHTTP

    public init(server: ClubServerURL, token: String?, http: ClubHTTP) {
        self.server = server
        self.token = token
        self.http = http
    }

    /// A request's answer and when it left and came back (local ms): the clock's measurement.
    public struct Timed<T: Sendable>: Sendable {
        public var value: T
        public var sentMs: Int64
        public var receivedMs: Int64
    }

    func send(_ method: String, _ path: String, json: (any Encodable)? = nil, body: Data? = nil,
              headers: [String: String] = [:]) throws(ClubSyncError) -> ClubHTTPResponse {
        var headers = headers
        if let token { headers["Authorization"] = "Bearer \(token)" }
        var payload = body
        if let json {
            do { payload = try JSONEncoder().encode(json) } catch { throw .local(Message(N_("cannot encode the request: {error}"), ["error": "\(error)"])) }
            headers["Content-Type"] = "application/json"
        }
        let response: ClubHTTPResponse
        do {
            response = try http.send(method, server.endpoint(path), headers: headers, body: payload)
        } catch {
            throw error.isLocal ? .local(error.message) : .unreachable(host: server.host, reason: error.message)
        }
        guard (200..<300).contains(response.status) else {
            let message = (try? JSONDecoder().decode(ErrorBody.self, from: response.body))?.error
                ?? String(decoding: response.body.prefix(200), as: UTF8.self)
            throw .refused(host: server.host, status: response.status, message: message.isEmpty ? "no reason given" : message)
        }
        return response
    }

    func decode<T: Decodable>(_ type: T.Type, _ response: ClubHTTPResponse) throws(ClubSyncError) -> T {
        do { return try JSONDecoder().decode(type, from: response.body) } catch {
            throw .refused(host: server.host, status: response.status, message: "an answer this kiosk cannot read (\(error))")
        }
    }

    func timed<T>(_ call: () throws(ClubSyncError) -> T) throws(ClubSyncError) -> Timed<T> {
        let sent = Date().unixMs
        let value = try call()
        return Timed(value: value, sentMs: sent, receivedMs: Date().unixMs)
    }

    public func enrol(code: String) throws(ClubSyncError) -> Enrolment {
        try decode(Enrolment.self, send("POST", "enrol", json: EnrolmentRequest(code: code)))
    }

    public func status() throws(ClubSyncError) -> Timed<SyncStatus> {
        try timed { () throws(ClubSyncError) in try decode(SyncStatus.self, send("GET", "kiosk/status")) }
    }

    /// The kiosk revokes its own token (`sideline club leave`): after this it opens nothing on the server.
    public func leave() throws(ClubSyncError) {
        _ = try send("POST", "kiosk/leave", body: Data())
    }

    public enum Started: Sendable {
        case upload(UploadState)
        /// The club holds the session with this hash already: nothing to send.
        case stored(StoredSession)
    }

    public func createUpload(_ request: UploadRequest) throws(ClubSyncError) -> Started {
        let response = try send("POST", "kiosk/uploads", json: request)
        if let state = try? JSONDecoder().decode(UploadState.self, from: response.body) { return .upload(state) }
        return .stored(try decode(StoredSession.self, response))
    }

    /// Where an upload stands after a broken link (HEAD); nil when the server no longer has it.
    public func uploadPosition(_ id: UUID) throws(ClubSyncError) -> (offset: Int, length: Int)? {
        do {
            let response = try send("HEAD", "kiosk/uploads/\(id.uuidString.lowercased())")
            guard let offset = response.headers["upload-offset"].flatMap({ Int($0) }), let length = response.headers["upload-length"].flatMap({ Int($0) })
            else { return nil }  // not an answer to go on from: the upload is asked for again
            return (offset, length)
        } catch .refused(_, 404, _) {
            return nil
        }
    }

    public func append(_ id: UUID, offset: Int, bytes: Data) throws(ClubSyncError) -> UploadState {
        try decode(UploadState.self, send("PATCH", "kiosk/uploads/\(id.uuidString.lowercased())", body: bytes,
                                          headers: ["Upload-Offset": "\(offset)", "Content-Type": "application/offset+octet-stream"]))
    }

    public func commit(_ id: UUID) throws(ClubSyncError) -> StoredSession {
        try decode(StoredSession.self, send("POST", "kiosk/uploads/\(id.uuidString.lowercased())/commit", body: Data()))
    }

    public func deleteSession(_ uuid: UUID) throws(ClubSyncError) {
        _ = try send("DELETE", "kiosk/sessions/\(uuid.uuidString.lowercased())")
    }

    public func pushEdits(_ edits: [RosterEdit]) throws(ClubSyncError) -> Timed<RosterEditsResult> {
        try timed { () throws(ClubSyncError) in try decode(RosterEditsResult.self, send("POST", "kiosk/roster/edits", json: RosterEditsRequest(edits: edits))) }
    }

    public func pushErasures(_ erasures: [PlayerErasure]) throws(ClubSyncError) {
        _ = try send("POST", "kiosk/erasures", json: ErasuresRequest(erasures: erasures))
    }

    public func pushWellness(_ answers: [WellnessRecord]) throws(ClubSyncError) {
        _ = try send("POST", "kiosk/wellness", json: WellnessRequest(answers: answers))
    }

    public func erasures(since: Int64) throws(ClubSyncError) -> ErasuresPage {
        try decode(ErasuresPage.self, send("GET", "kiosk/erasures?since=\(since)"))
    }

    public func changes(since: Int64) throws(ClubSyncError) -> Timed<RosterChangesPage> {
        try timed { () throws(ClubSyncError) in try decode(RosterChangesPage.self, send("GET", "kiosk/roster/changes?since=\(since)")) }
    }
}

import ClubAPI
import ClubProtocol
import ClubServerHTTP
import ClubStorage
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import TeamCore
import XCTest

/// The kiosks' routes over a storage that cannot be reached (`KioskSyncStorage`, decision 091): every route answers
/// 503 with one sentence — which a kiosk retries later — never a 500 or a dropped request. No database: the seam itself.
final class UnavailableStorageTests: XCTestCase {
    func testEveryKioskRouteAnswers503WhenTheStorageIsUnavailable() async throws {
        let router = Router(context: ClubRequestContext.self)
        ClubRoutes(storage: UnavailableStorage()).add(to: router)
        let app = Application(router: router, logger: UnavailableStorage().logger)
        let id = UUID().uuidString.lowercased()
        let routes: [(HTTPRequest.Method, String, String?)] = [
            (.post, "/api/v1/enrol", #"{"code":"ABCD-EFGH"}"#),
            (.get, "/api/v1/kiosk/status", nil),
            (.post, "/api/v1/kiosk/uploads", #"{"sessionUUID":"\#(id)","sha256":"00","length":10}"#),
            (.get, "/api/v1/kiosk/uploads/\(id)", nil),
            (.post, "/api/v1/kiosk/uploads/\(id)/commit", nil),
            (.get, "/api/v1/kiosk/roster/changes?since=0", nil),
            (.get, "/api/v1/sessions", nil),
        ]
        try await app.test(.router) { client in
            for (method, uri, body) in routes {
                let response = try await client.execute(uri: uri, method: method,
                                                        headers: [.authorization: "Bearer kiosk_token", .contentType: "application/json"],
                                                        body: body.map { ByteBuffer(string: $0) })
                XCTAssertEqual(response.status, .serviceUnavailable, "\(method) \(uri): \(String(buffer: response.body))")
                XCTAssertTrue(String(buffer: response.body).contains("not reachable now"), "\(method) \(uri): \(String(buffer: response.body))")
            }
        }
    }
}

/// A storage whose database is down: every call fails as `ClubDatabase` does past its deadline.
struct UnavailableStorage: KioskSyncStorage {
    var logger: Logger {
        var logger = Logger(label: "unavailable-storage")
        logger.logLevel = .critical
        return logger
    }

    func down() -> ClubError { ClubError(.unavailable, "the club's database is not reachable now") }

    func caller(token: String) async throws -> Caller? { throw down() }
    func enrol(code: String) async throws -> Enrolment { throw down() }
    func markSeen(kiosk: UUID, club: UUID) async throws { throw down() }
    func syncStatus(kiosk: UUID, club: UUID, formats: BundleFormatsTaken) async throws -> SyncStatus { throw down() }
    func revoke(kiosk: UUID, club: UUID) async throws -> ClubAccess.Outcome { throw down() }
    func record(_ event: AccessEvent, by who: Accessor) async throws { throw down() }
    func createUpload(_ request: UploadRequest, kiosk: UUID, club: UUID) async throws -> UploadStore.Started { throw down() }
    func uploadState(_ id: UUID, kiosk: UUID, club: UUID) async throws -> UploadState { throw down() }
    func throughChunkGate<T: Sendable>(_ work: @Sendable () async throws -> T) async throws -> T { throw down() }
    func appendUpload(_ id: UUID, offset: Int, bytes: Data, kiosk: UUID, club: UUID) async throws -> UploadState { throw down() }
    func commitUpload(_ id: UUID, kiosk: UUID, club: UUID, formats: BundleFormatsTaken) async throws -> UploadStore.Committed { throw down() }
    func deleteSession(_ uuid: UUID, stamp: HybridTimestamp, club: UUID, nowMs: Int64) async throws { throw down() }
    func sessionList(club: UUID) async throws -> [SessionListItem] { throw down() }
    func sessionDocument(_ session: UUID, club: UUID) async throws -> Data? { throw down() }
    func computeDocument(_ session: UUID, club: UUID) async throws { throw down() }
    func rosterChanges(since: Int64, limit: Int, nowMs: Int64, club: UUID) async throws -> RosterChangesPage { throw down() }
    func applyRosterEdits(_ edits: [RosterEdit], nowMs: Int64, club: UUID) async throws -> RosterEditsResult { throw down() }
    func applyErasures(_ erasures: [PlayerErasure], club: UUID, by who: Accessor) async throws -> [UUID] { throw down() }
    func recomputeDocuments(_ sessions: [UUID], club: UUID) async {}
    func erasures(since: Int64, limit: Int, club: UUID) async throws -> ErasuresPage { throw down() }
    func storeWellness(_ answers: [WellnessRecord], kiosk: UUID, club: UUID) async throws { throw down() }
    func wellness(on day: CalendarDay, club: UUID) async throws -> [WellnessDayItem] { throw down() }
}

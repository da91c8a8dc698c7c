import ClubSync
import Foundation
import Store
import XCTest

/// A join typed on the kiosk (the contract with the appliance's sync service): its file, the same
/// checks as `sideline club join`, what a pass does with it when the club cannot be reached or the
/// address is no server's, and the request file that asks the service for a pass. The club's own
/// answers (accepted, refused) are proven against the real server in Tests/club/test_pending_join.py.
final class PendingJoinTests: XCTestCase {
    let fixture = ClubSyncFixture()
    override func tearDown() { fixture.remove() }

    private func mode(_ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as! NSNumber).intValue
    }

    func testTheFileHoldsTheAddressAndCodeForItsOwnerOnly() throws {
        let store = try fixture.open()
        let pending = try PendingClubJoin.checked(url: " https://club.example.org/ ", code: " enrol_abcd-efgh ")
        XCTAssertEqual(pending, PendingClubJoin(url: "https://club.example.org", code: "enrol_abcd-efgh"))
        try pending.save(forDatabase: store.path)
        let path = fixture.path + ".club-join"
        XCTAssertEqual(try mode(path), 0o600)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: String]
        XCTAssertEqual(json, ["url": "https://club.example.org", "code": "enrol_abcd-efgh"])
        XCTAssertEqual(PendingClubJoin.load(forDatabase: store.path)?.host, "club.example.org")
        try PendingClubJoin.remove(forDatabase: store.path)
        try PendingClubJoin.remove(forDatabase: store.path)
        XCTAssertNil(PendingClubJoin.load(forDatabase: store.path))
    }

    func testWhatWasTypedIsCheckedAsTheCommandLineChecksIt() {
        func why(_ url: String, _ code: String = "enrol_x") -> String? {
            do { _ = try PendingClubJoin.checked(url: url, code: code); return nil } catch { return error.description }
        }
        XCTAssertEqual(why(""), "type the club server's address (https://club.example.org)")
        XCTAssertEqual(why("club"), "club is not a server address (https://club.example.org)")
        XCTAssertEqual(why("http://club.example.org"),
                       "http://club.example.org: plain http:// is refused except to this machine (127.0.0.1, ::1, localhost); use https://")
        XCTAssertEqual(why("ftp://club.example.org"), "ftp://club.example.org: the address starts with https://")
        XCTAssertEqual(why("https://club.example.org", " "), "the enrolment code is the last line `sideline-club add-kiosk` printed")
        XCTAssertNil(why("http://127.0.0.1:8080"))
    }

    func testAnUnreachableClubKeepsTheJoinForTheNextPassAndSaysWhy() throws {
        let store = try fixture.open()
        // Port 1 on this machine: refused at once.
        try PendingClubJoin(url: "http://127.0.0.1:1", code: "enrol_abcd").save(forDatabase: store.path)
        guard case .joinWaiting(.unreachable(let host, _)) = ClubSyncRun.run(store: store) else { return XCTFail("the join waits") }
        XCTAssertEqual(host, "127.0.0.1")
        XCTAssertNotNil(PendingClubJoin.load(forDatabase: store.path), "kept for the next pass")
        XCTAssertNil(try ClubLink.load(forDatabase: store.path))
        let problem = try XCTUnwrap(try store.clubSyncState().lastProblem)
        XCTAssertTrue(problem.hasPrefix("127.0.0.1 unreachable ("), problem)
        XCTAssertTrue(problem.hasSuffix("; the join waits for the next pass"), problem)
        // Kept as a message too, for Settings → Club sync in the kiosk's language: the same words in English.
        let shown = try XCTUnwrap(try store.clubSyncState().lastProblemMessage)
        XCTAssertEqual(shown.id, "{problem}; the join waits for the next pass")
        XCTAssertEqual(shown.english, problem)
        XCTAssertNil(try store.clubSyncState().lastSyncMs)
    }

    func testAJoinNoPassCanEverDoIsDroppedWithItsReason() throws {
        let store = try fixture.open()
        // Written by hand, past the kiosk's checks.
        try PendingClubJoin(url: "http://club.example.org", code: "enrol_abcd").save(forDatabase: store.path)
        guard case .joinRefused(.invalid(let why)) = ClubSyncRun.run(store: store) else { return XCTFail("refused") }
        XCTAssertTrue(why.english.contains("plain http:// is refused"), why.english)
        XCTAssertNil(PendingClubJoin.load(forDatabase: store.path))
        XCTAssertEqual(try store.clubSyncState().lastProblem, why.english, "kept in English, as the log's")
        XCTAssertEqual(try store.clubSyncState().lastProblemMessage, why, "and as the message the kiosk translates")

        XCTAssertTrue(FileManager.default.createFile(atPath: fixture.path + ".club-join", contents: Data("{not json".utf8)))
        guard case .joinRefused = ClubSyncRun.run(store: store) else { return XCTFail("a damaged file is no join") }
        XCTAssertFalse(FileManager.default.fileExists(atPath: fixture.path + ".club-join"))
        XCTAssertEqual(ClubSyncRun.run(store: store), .notInClub)
    }

    func testTypingAJoinAgainOrLeavingForgetsTheOldOneAndItsProblem() throws {
        let store = try fixture.open()
        try PendingClubJoin(url: "http://127.0.0.1:1", code: "enrol_abcd").save(forDatabase: store.path)
        _ = ClubSyncRun.run(store: store)
        XCTAssertNotNil(try store.clubSyncState().lastProblem)
        try ClubMembership.forgetPendingJoin(store: store)
        XCTAssertNil(PendingClubJoin.load(forDatabase: store.path))
        XCTAssertNil(try store.clubSyncState().lastProblem)
        XCTAssertNil(try store.clubSyncState().lastProblemMessage)
    }

    func testTheRequestFileSaysWhenAPassWasAskedFor() throws {
        let store = try fixture.open()
        let asked = Date(timeIntervalSince1970: 1_795_000_000)
        try ClubSyncRequest.write(forDatabase: store.path, at: asked)
        let path = fixture.path + ".club-sync-request"
        XCTAssertEqual(try mode(path), 0o600)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), ISO8601DateFormatter().string(from: asked) + "\n")
        try ClubSyncRequest.write(forDatabase: store.path, at: asked.addingTimeInterval(60))
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), ISO8601DateFormatter().string(from: asked.addingTimeInterval(60)) + "\n",
                       "written over, not added to")
    }

    func testTheWorkerDoesAJoinTypedOnTheKioskToo() throws {
        let store = try fixture.open()
        try PendingClubJoin(url: "http://127.0.0.1:1", code: "enrol_abcd").save(forDatabase: store.path)
        let worker = ClubSyncWorker(store: store)
        worker.start()
        let published = expectation(for: NSPredicate { _, _ in worker.snapshot.passes >= 1 }, evaluatedWith: nil)
        wait(for: [published], timeout: 30)
        worker.stop()
        XCTAssertFalse(worker.snapshot.joined)
        XCTAssertEqual(worker.snapshot.lastPass?.hasPrefix("127.0.0.1 unreachable ("), true, worker.snapshot.lastPass ?? "")
        XCTAssertNotNil(PendingClubJoin.load(forDatabase: store.path))
    }
}

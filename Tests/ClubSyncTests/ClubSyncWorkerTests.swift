import ClubProtocol
import ClubSync
import Foundation
import Localization
import Store
import XCTest

/// The background worker: passes on a schedule that backs off while the club is unreachable, a
/// snapshot the screens can read, nothing at all for a kiosk in no club.
final class ClubSyncWorkerTests: XCTestCase {
    let fixture = ClubSyncFixture()
    override func tearDown() { fixture.remove() }

    func testTheScheduleBacksOffWhileTheClubIsUnreachableAndRecovers() {
        var schedule = ClubSyncSchedule()
        var down = ClubSyncReport()
        down.problem = .unreachable(host: "club.example.org", reason: Message("connection refused"))
        XCTAssertEqual((0..<8).map { _ in schedule.next(after: down) }, [30, 60, 120, 300, 600, 900, 900, 900])
        var refused = ClubSyncReport()
        refused.problem = .refused(host: "club.example.org", status: 422, message: "no")
        XCTAssertEqual(schedule.next(after: refused), 300, "a refusal is not the network: the normal interval")
        XCTAssertEqual(schedule.next(after: down), 30, "the back-off starts over")
        XCTAssertEqual(schedule.next(after: ClubSyncReport()), 300)
        var revoked = ClubSyncReport()
        revoked.problem = .refused(host: "club.example.org", status: 401, message: "this kiosk's token is not valid")
        XCTAssertEqual(schedule.next(after: revoked), 3600, "revoked: hourly until someone joins again (which asks for a pass at once)")
        XCTAssertEqual(revoked.problem?.message.english,
                       "club.example.org no longer knows this kiosk (revoked by the club's admin): ask them for a new code and join again")
    }

    func testAPassAgainstAnUnreachableClubIsPublishedAndKeepsEverything() throws {
        let store = try fixture.open()
        let team = try store.createTeam(name: "U17")
        let session = try store.startSession(teamID: team.id, participants: [], plannedDurationMs: nil)
        try store.endSession(session.id)
        // Port 1 on this machine: refused at once.
        try ClubLink(server: "http://127.0.0.1:1", token: "t", clubName: "Alpha", kioskID: UUID(), kioskName: "pitch-1", caFile: nil)
            .save(forDatabase: store.path)
        let worker = ClubSyncWorker(store: store)
        worker.start()
        let published = expectation(for: NSPredicate { _, _ in worker.snapshot.passes >= 1 }, evaluatedWith: nil)
        wait(for: [published], timeout: 30)
        worker.stop()
        let snapshot = worker.snapshot
        XCTAssertTrue(snapshot.joined)
        XCTAssertFalse(snapshot.syncing)
        XCTAssertEqual(snapshot.lastPass?.hasPrefix("1 session and 3 roster edits waiting: 127.0.0.1 unreachable ("), true, snapshot.lastPass ?? "")
        XCTAssertEqual(snapshot.statusLine?.hasPrefix("1 session and 3 roster edits waiting · last sync never · 127.0.0.1"), true)
        XCTAssertEqual(try store.clubOutboxCounts().sessions, 1)
    }

    /// The kiosk's first pass waits (a few seconds after its first frame, decision 104); Sync now does not
    /// wait for it, and takes its place.
    func testAFirstPassAskedForLaterWaitsAndSyncNowDoesNot() throws {
        let store = try fixture.open()
        // Port 1 on this machine: refused at once, so a pass that ran would be published at once.
        try ClubLink(server: "http://127.0.0.1:1", token: "t", clubName: "Alpha", kioskID: UUID(), kioskName: "pitch-1", caFile: nil)
            .save(forDatabase: store.path)
        let worker = ClubSyncWorker(store: store)
        worker.start(firstPassAfter: 3600)
        let early = expectation(for: NSPredicate { _, _ in worker.snapshot.passes >= 1 }, evaluatedWith: nil)
        early.isInverted = true
        wait(for: [early], timeout: 2)
        worker.passNow()
        let published = expectation(for: NSPredicate { _, _ in worker.snapshot.passes >= 1 }, evaluatedWith: nil)
        wait(for: [published], timeout: 30)
        worker.stop()
        XCTAssertEqual(worker.snapshot.passes, 1, "Sync now's pass, and not the waiting one")
    }

    func testAKioskInNoClubRunsNoPass() throws {
        let store = try fixture.open()
        let worker = ClubSyncWorker(store: store)
        worker.start()
        worker.stop()
        XCTAssertEqual(worker.snapshot.passes, 0)
        XCTAssertFalse(worker.snapshot.joined)
    }
}

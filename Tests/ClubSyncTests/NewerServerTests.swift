import ClubProtocol
@testable import ClubSync
import Foundation
import Store
import TeamCore
import XCTest

/// Decision 082: a session whose bundle format the club server does not take yet waits in the outbox,
/// apart from the work a pass has left, is offered again only when that may help, and leaves the
/// waiting state when the club stores or refuses it.
final class NewerServerTests: XCTestCase {
    let fixture = ClubSyncFixture()
    override func tearDown() { fixture.remove() }

    func testASessionWaitingForANewerServerIsKeptApartAndLeavesTheStateWhenStored() throws {
        var store: SidelineStore? = try fixture.open()
        let team = try store!.createTeam(name: "U17")
        func ended() throws -> Int64 {
            let session = try store!.startSession(teamID: team.id, participants: [], plannedDurationMs: nil)
            try store!.endSession(session.id)
            return session.id
        }
        let drills = try ended(), newer = try ended(), plain = try ended()
        let sha = String(repeating: "d", count: 64)
        let (drillsUUID, newerUUID) = (try store!.sessionUUID(drills), try store!.sessionUUID(newer))
        try store!.noteUploadWaitsForNewerServer(drillsUUID, sha256: sha, format: 3, listed: nil, at: Date(timeIntervalSince1970: 1000))
        try store!.noteUploadWaitsForNewerServer(newerUUID, sha256: sha, format: 4, listed: "1,2,3", at: Date(timeIntervalSince1970: 1000))
        store = nil  // it survives the process

        store = try fixture.open()
        XCTAssertEqual(try store!.clubOutboxCounts().sessions, 1, "only the plain one is work left for a pass")
        XCTAssertEqual(try store!.sessionsWaitingForNewerServer().map(\.uuid), [drillsUUID, newerUUID])
        let outbox = try store!.sessionsAwaitingUpload()
        XCTAssertEqual(outbox.map(\.sessionID), [drills, newer, plain], "still in the outbox, to be offered when it may help")
        XCTAssertEqual(outbox[0].waiting, WaitingForNewerServer(format: 3, listed: nil, triedMs: 1_000_000))
        XCTAssertNil(outbox[2].waiting)

        // One offer refused as too new stands for every waiting session of that format or newer.
        try store!.noteNewerServerOffered(formatsFrom: 3, listed: nil, at: Date(timeIntervalSince1970: 2000))
        XCTAssertEqual(try store!.sessionsWaitingForNewerServer().map(\.waiting), [
            WaitingForNewerServer(format: 3, listed: nil, triedMs: 2_000_000), WaitingForNewerServer(format: 4, listed: nil, triedMs: 2_000_000)])

        // An upload begun keeps the state (a cut pass leaves it waiting); stored or refused ends it.
        try store!.noteUploadStarted(drillsUUID, sha256: sha, uploadID: UUID())
        XCTAssertEqual(try store!.sessionsWaitingForNewerServer().count, 2)
        try store!.noteUploadStored(drillsUUID, sha256: sha)
        try store!.noteUploadRefused(newerUUID, sha256: sha, reason: "refused by the club (422): the bundle: an RPE of 11")
        XCTAssertEqual(try store!.sessionsWaitingForNewerServer().count, 0)
        XCTAssertEqual(try store!.sessionsAwaitingUpload().map(\.sessionID), [plain])
    }

    /// Store v28 on a v27 kiosk: a session it dropped as refused for good because an older server answered its
    /// newer format "not in canonical form" is back in the outbox, waiting and due; a real refusal stays.
    func testSessionsAnOlderServerMadeAKioskDropComeBackAsWaiting() throws {
        _ = try SidelineStore.migrate(path: fixture.path, upTo: "v27-drills")
        let old = "refused by the club (422): the bundle is not in canonical form (JSON with sorted keys, no whitespace)"
        try fixture.execute("""
            INSERT INTO team(name, colour, created_ms) VALUES ('U17', '#336699', 0);
            INSERT INTO session(id, team_id, started_ms, ended_ms, state, zone_model) VALUES
                (1, 1, 1800000000000, 1800000060000, 'ended', 'hrmax'), (2, 1, 1800000100000, 1800000160000, 'ended', 'hrmax');
            INSERT INTO club_session_upload(session_uuid, sha256, refused_ms, refused_reason)
                SELECT uuid, 'aa', 5, CASE id WHEN 1 THEN '\(old)' ELSE 'refused by the club (422): the bundle: an RPE of 11' END FROM session;
            """)
        let store = try fixture.open()
        XCTAssertEqual(try store.sessionsRefusedByClub().map(\.reason), ["refused by the club (422): the bundle: an RPE of 11"])
        let waiting = try store.sessionsAwaitingUpload()
        XCTAssertEqual(waiting.map(\.sessionID), [1])
        XCTAssertEqual(waiting.first?.waiting, WaitingForNewerServer(format: 2, listed: nil, triedMs: 0), "2 or newer, offered at the next pass")
        XCTAssertTrue(SessionUpload.isDue(try XCTUnwrap(waiting.first?.waiting), club: nil, now: Date()))
        XCTAssertTrue(SessionUpload.isDue(try XCTUnwrap(waiting.first?.waiting), club: [1, 2, 3], now: Date()))
    }

    func testAWaitingSessionIsOfferedAgainOnlyWhenThatMayHelp() {
        let now = Date(timeIntervalSince1970: 10 * 86_400)
        let day = SessionUpload.offerAgainAfterMs
        let unlisted = WaitingForNewerServer(format: 3, listed: nil, triedMs: now.unixMs - 60_000)
        let listed = WaitingForNewerServer(format: 3, listed: "1,2", triedMs: now.unixMs - 60_000)
        // A server that lists its formats: exactly when the list has the session's.
        XCTAssertTrue(SessionUpload.isDue(unlisted, club: [1, 2, 3], now: now))
        XCTAssertFalse(SessionUpload.isDue(listed, club: [1, 2], now: now))
        XCTAssertFalse(SessionUpload.isDue(WaitingForNewerServer(format: 3, listed: "1,2", triedMs: 0), club: [1, 2], now: now), "not even after a day")
        // A server that lists none: when the list went away since (another server, or one downgraded), or a day after.
        XCTAssertTrue(SessionUpload.isDue(listed, club: nil, now: now))
        XCTAssertFalse(SessionUpload.isDue(unlisted, club: nil, now: now))
        XCTAssertFalse(SessionUpload.isDue(WaitingForNewerServer(format: 3, listed: nil, triedMs: now.unixMs - day + 1), club: nil, now: now))
        XCTAssertTrue(SessionUpload.isDue(WaitingForNewerServer(format: 3, listed: nil, triedMs: now.unixMs - day), club: nil, now: now))
    }

    /// Only what a server older than the bundle answers makes it wait; any other 422 stays final (issue 35, item 1).
    func testOnlyAnOlderServersAnswerMakesASessionWait() {
        XCTAssertTrue(BundleFormatRefusal.saysServerIsOlder(BundleFormatRefusal.sentence(format: 4, taken: 1...3), format: 4))
        // Releases before decision 082 dropped the fields they did not know, so the bytes were no longer canonical.
        XCTAssertTrue(BundleFormatRefusal.saysServerIsOlder("the bundle is not in canonical form (JSON with sorted keys, no whitespace)", format: 3))
        XCTAssertTrue(BundleFormatRefusal.saysServerIsOlder("the bundle is not in canonical form (JSON with sorted keys, no whitespace)", format: 2))
        XCTAssertFalse(BundleFormatRefusal.saysServerIsOlder("the bundle is not in canonical form (JSON with sorted keys, no whitespace)", format: 1),
                       "every server takes format 1: a format 1 bundle refused so is a real fault")
        XCTAssertFalse(BundleFormatRefusal.saysServerIsOlder("the bundle: an RPE of 11 is off the CR-10 scale (0 to 10)", format: 2))
        XCTAssertFalse(BundleFormatRefusal.saysServerIsOlder("the bundle: a drill's name: more than 128 characters", format: 3))
    }

    func testTheStatusSaysItOnceInItsLineAndOnceBySession() {
        let session = UUID(uuidString: "8703F5E9-77CD-4095-B441-DE1BD8B87520")!
        var status = ClubStatus(joined: true, server: "https://club.example.org", club: "Alpha", kiosk: "pitch-1", sessionsWaiting: 0,
                                deletionsWaiting: 0, rosterEditsWaiting: 0, lastSyncMs: nil, lastProblem: nil)
        status.sessionsWaitingForNewerServer = [SessionWaitingForNewerServer(uuid: session, startedMs: 0,
                                                                             waiting: WaitingForNewerServer(format: 3, listed: "1,2", triedMs: 0))]
        XCTAssertEqual(status.line(), "nothing waiting · 1 session waits for a newer club server · last sync never · club.example.org")
        XCTAssertEqual(status.newerServerLines(timeZone: TimeZone(identifier: "UTC")!), [
            "session 8703f5e9-77cd-4095-b441-de1bd8b87520 of 1970-01-01 00:00 waits for a newer club server: its bundle is format 3, "
                + "the server takes 1,2 (kept here, sent once the server takes it)"])
    }
}

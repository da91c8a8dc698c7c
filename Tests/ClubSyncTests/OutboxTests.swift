import ClubProtocol
import ClubSync
import Foundation
import GRDB
import Store
import TeamCore
import XCTest

/// The outbox lives in the database: what waits survives the process (a kill -9, a power cut: the
/// store is closed and opened again here), an upload under way is found where it stood, a session
/// deleted here waits as a tombstone, and one deleted by the club leaves none.
final class OutboxTests: XCTestCase {
    let fixture = ClubSyncFixture()
    override func tearDown() { fixture.remove() }

    func endedSession(_ store: SidelineStore, team: Int64) throws -> Int64 {
        let session = try store.startSession(teamID: team, participants: [], plannedDurationMs: nil)
        try store.endSession(session.id)
        return session.id
    }

    func testWhatWaitsSurvivesTheProcessAndAnUploadResumesWhereItStood() throws {
        var store: SidelineStore? = try fixture.open()
        let team = try store!.createTeam(name: "U17")
        let first = try endedSession(store!, team: team.id), second = try endedSession(store!, team: team.id)
        let running = try store!.startSession(teamID: team.id, participants: [], plannedDurationMs: nil)
        XCTAssertEqual(try store!.sessionsAwaitingUpload().map(\.sessionID), [first, second], "finished sessions only")
        let upload = UUID()
        let uuid = try store!.sessionUUID(first)
        try store!.noteUploadStarted(uuid, sha256: String(repeating: "a", count: 64), uploadID: upload)
        store = nil  // the process ends half-way through the upload

        store = try fixture.open()
        let waiting = try store!.sessionsAwaitingUpload()
        XCTAssertEqual(waiting.map(\.sessionID), [first, second, running.id], "the running one was interrupted: finished too")
        XCTAssertEqual(waiting[0].uploadID, upload, "the next pass asks the server where this upload stands")
        XCTAssertEqual(waiting[0].sha256, String(repeating: "a", count: 64))
        try store!.noteUploadStored(uuid, sha256: String(repeating: "a", count: 64))
        XCTAssertEqual(try store!.sessionsAwaitingUpload().map(\.sessionID), [second, running.id])
        XCTAssertEqual(try store!.sessions().count, 3, "an uploaded session stays on the kiosk")
        XCTAssertEqual(try store!.clubOutboxCounts().sessions, 2)
    }

    /// A session the club refuses for good leaves the outbox with its reason, survives the process,
    /// and stays on the kiosk; it is listed, never offered again.
    func testARefusedSessionLeavesTheOutboxWithItsReasonAndStays() throws {
        var store: SidelineStore? = try fixture.open()
        let team = try store!.createTeam(name: "U17")
        let refused = try endedSession(store!, team: team.id), other = try endedSession(store!, team: team.id)
        let uuid = try store!.sessionUUID(refused)
        try store!.noteUploadStarted(uuid, sha256: String(repeating: "c", count: 64), uploadID: UUID())
        try store!.noteUploadRefused(uuid, sha256: String(repeating: "c", count: 64), reason: "refused by the club (422): the bundle: weight")
        store = nil

        store = try fixture.open()
        XCTAssertEqual(try store!.sessionsAwaitingUpload().map(\.sessionID), [other])
        XCTAssertEqual(try store!.clubOutboxCounts().sessions, 1)
        let listed = try store!.sessionsRefusedByClub()
        XCTAssertEqual(listed.map(\.uuid), [uuid])
        XCTAssertEqual(listed.first?.reason, "refused by the club (422): the bundle: weight")
        XCTAssertEqual(try store!.sessions().count, 2, "a refused session stays on the kiosk")
    }

    func testDeletingASessionHereWaitsAsATombstoneAndTheClubsDeletionLeavesNone() throws {
        let store = try fixture.open()
        let team = try store.createTeam(name: "U17")
        let mine = try endedSession(store, team: team.id), theirs = try endedSession(store, team: team.id)
        let (mineUUID, theirsUUID) = (try store.sessionUUID(mine), try store.sessionUUID(theirs))
        try store.noteUploadStarted(mineUUID, sha256: String(repeating: "b", count: 64), uploadID: UUID())
        try store.deleteSession(mine)
        XCTAssertEqual(try store.sessionTombstones(), [mineUUID])
        XCTAssertEqual(try fixture.sql("SELECT count(*) FROM club_session_upload", as: Int.self), [0], "its upload is dropped")
        let tombstone = RosterChange(seq: 1, entity: .session, key: theirsUUID.uuidString.lowercased(), field: "deleted", value: .bool(true),
                                     stamp: HybridTimestamp(wallMs: 5, origin: "kiosk:other"))
        let outcome = try store.applyClubChanges([tombstone], lastSeq: 1, clock: HybridLogicalClock(origin: "kiosk:test"))
        XCTAssertEqual(outcome.sessionsDeleted, 1)
        XCTAssertNil(try store.sessionID(uuid: theirsUUID))
        XCTAssertEqual(try store.sessionTombstones(), [mineUUID], "the club's deletion is not sent back")
        try store.removeSessionTombstone(mineUUID)
        XCTAssertEqual(try store.clubOutboxCounts().tombstones, 0)
    }

    func testJoiningQueuesTheWholeRosterAndForgetsOlderTombstones() throws {
        let store = try fixture.open()
        let team = try store.createTeam(name: "U17")
        _ = try store.addPlayer(ClubSyncFixture.player("Mia"), toTeam: team.id, shirtNumber: 7)
        try store.deleteSession(try endedSession(store, team: team.id))
        try fixture.clearQueue()
        try store.queueWholeRosterForClub(forgettingTombstones: true)
        let queued = try fixture.queued()
        XCTAssertEqual(queued.filter { $0.hasPrefix("team ") }.count, RosterSchema.fields(of: .team).count)
        XCTAssertEqual(queued.filter { $0.hasPrefix("player ") }.count, RosterSchema.fields(of: .player).count)
        XCTAssertEqual(queued.filter { $0.hasPrefix("membership ") }.count, RosterSchema.fields(of: .membership).count)
        XCTAssertEqual(queued.filter { $0.hasPrefix("settings ") }.count, RosterSchema.fields(of: .settings).count)
        XCTAssertEqual(try store.sessionTombstones(), [])
        let (edits, refused) = try store.pendingRosterEdits(origin: "kiosk:test")
        XCTAssertEqual(refused.count, 0)
        XCTAssertTrue(edits.allSatisfy { RosterSchema.problem(with: $0) == nil })
        XCTAssertEqual(edits.first { $0.entity == .player && $0.field == "photo" }?.value, .null)
        // Settings never set here go up as the kiosk's defaults.
        XCTAssertEqual(edits.first { $0.entity == .settings && $0.field == "loadStatusRatios" }?.value, .string("0.8,1.0,1.5"))
        XCTAssertEqual(edits.first { $0.entity == .settings && $0.field == "seasonStart" }?.value, .string("08-01"))
    }

    func testStatusSaysWhatWaitsWhenAndWhere() throws {
        let store = try fixture.open()
        let team = try store.createTeam(name: "U17")
        _ = try endedSession(store, team: team.id)
        _ = try endedSession(store, team: team.id)
        try fixture.clearQueue()
        try store.noteClubPass(problem: nil, at: Date(timeIntervalSince1970: 1_790_000_000))
        var status = try ClubStatus.read(store: store)
        status.joined = true
        status.server = "https://club.example.org"
        let utc = TimeZone(identifier: "UTC")!
        XCTAssertEqual(status.line(now: Date(timeIntervalSince1970: 1_790_000_100), timeZone: utc),
                       "2 sessions waiting · last sync 14:13 · club.example.org")
        XCTAssertEqual(status.line(now: Date(timeIntervalSince1970: 1_790_200_000), timeZone: utc),
                       "2 sessions waiting · last sync 2026-09-21 14:13 · club.example.org")
        XCTAssertEqual(ClubOutboxCounts(sessions: 1, tombstones: 0, rosterEdits: 3).summary, "1 session and 3 roster edits waiting")
    }
}

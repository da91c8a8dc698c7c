import ClubSync
import Foundation
import GRDB
@testable import Store
import TeamCore
import XCTest

/// The kiosk's retention pass (issue 37, item 3): exactly the sessions that started before the cutoff
/// go, with a tombstone for the club; outside a club, players with no team and no session left are erased.
final class RetentionStoreTests: XCTestCase {
    var fixture = StoreFixture()
    override func tearDown() { fixture.remove() }

    func testExactlyTheOlderSessionsGoAndThePlayersWhoLeftWithThem() throws {
        let store = try fixture.open()
        let utc = try XCTUnwrap(TimeZone(identifier: "UTC"))
        let now = Date(unixMs: 1_780_272_000_000)  // 2026-06-01T00:00Z
        let rule = SessionRetention(months: 12)
        let cutoff = try XCTUnwrap(rule.cutoffMs(now: now, timeZone: utc))
        XCTAssertEqual(cutoff, 1_748_736_000_000, "2025-06-01T00:00Z: twelve calendar months back")
        let team = try store.createTeam(name: "A")
        let mia = try store.addPlayer(StoreFixture.player("Mia"), toTeam: team.id, shirtNumber: 1)  // leaves; only an old session
        let ola = try store.addPlayer(StoreFixture.player("Ola"), toTeam: team.id, shirtNumber: 2)  // leaves; a session at the cutoff
        let ada = try store.addPlayer(StoreFixture.player("Ada"), toTeam: team.id, shirtNumber: 3)  // stays on the team
        func session(_ players: [Int64], startedMs: Int64) throws -> Int64 {
            let s = try store.startSession(teamID: team.id, participants: players.map { Participant(playerID: $0, strapID: nil) }, plannedDurationMs: 60_000)
            try store.endSession(s.id)
            try store.database.write { try $0.execute(sql: "UPDATE session SET started_ms = ?, ended_ms = ? WHERE id = ?", arguments: [startedMs, startedMs + 60_000, s.id]) }
            return s.id
        }
        let old = try session([mia, ola, ada], startedMs: cutoff - 1)
        let edge = try session([ola], startedMs: cutoff)
        let recent = try session([ada], startedMs: cutoff + 200 * 86_400_000)
        try store.removeMembership(teamID: team.id, playerID: mia)
        try store.removeMembership(teamID: team.id, playerID: ola)
        let oldUUID = try store.sessionUUID(old)

        XCTAssertEqual(try store.applyRetention(SessionRetention(months: 0), now: now, timeZone: utc, erasingPlayersWhoLeft: true, by: "test"),
                       RetentionOutcome(sessionsDeleted: 0, playersErased: 0), "kept for good")
        let outcome = try store.applyRetention(rule, now: now, timeZone: utc, erasingPlayersWhoLeft: true, by: "test")
        XCTAssertEqual(outcome, RetentionOutcome(sessionsDeleted: 1, playersErased: 1))
        let left = try store.database.read { try Int64.fetchAll($0, sql: "SELECT id FROM session ORDER BY started_ms") }
        XCTAssertEqual(left, [edge, recent])
        XCTAssertNil(try store.player(id: mia))
        XCTAssertNotNil(try store.player(id: ola))
        XCTAssertNotNil(try store.player(id: ada))
        XCTAssertEqual(try store.playerErasures().map(\.by), ["test"])
        XCTAssertEqual(try store.sessionTombstones(), [oldUUID], "the club is told at the next sync")
        XCTAssertEqual(try store.applyRetention(rule, now: now, timeZone: utc, erasingPlayersWhoLeft: true, by: "test"),
                       RetentionOutcome(sessionsDeleted: 0, playersErased: 0), "nothing more the same day")
        // A kiosk in a club leaves the players to the club: a day later the edge session goes, Ola stays.
        let later = try store.applyRetention(rule, now: now.addingTimeInterval(86_400), timeZone: utc, erasingPlayersWhoLeft: false, by: "test")
        XCTAssertEqual(later, RetentionOutcome(sessionsDeleted: 1, playersErased: 0))
        XCTAssertNotNil(try store.player(id: ola))
    }
}

import Foundation
import GRDB
@testable import Store
import TeamCore
import XCTest

/// `session_challenge` and `session_challenge_player` (v11): a session's challenge, written with
/// its sides when the session starts and with its scores when the effort ends.
final class ChallengeStoreTests: XCTestCase {
    var fixture = StoreFixture()
    override func tearDown() { fixture.remove() }

    private func session(_ store: SidelineStore) throws -> (session: Int64, players: [Int64]) {
        let team = try store.createTeam(name: "A")
        let players = try ["Mia", "Ola", "Kai"].enumerated().map { try store.addPlayer(StoreFixture.player($1), toTeam: team.id, shirtNumber: $0 + 1) }
        let s = try store.startSession(teamID: team.id, participants: players.map { Participant(playerID: $0, strapID: nil) }, plannedDurationMs: 60_000)
        return (s.id, players)
    }

    func testTheSidesAreStoredAtTheStartAndTheScoresAtTheEnd() throws {
        let store = try fixture.open()
        let (id, p) = try session(store)
        XCTAssertNil(try store.challenge(id), "no challenge")
        var challenge = SessionChallenge(rule: .higherZone, sides: [.init(name: "Reds", playerIDs: [p[0], p[2]]), .init(name: "Ola Test", playerIDs: [p[1]])])
        try store.saveChallenge(id, challenge)
        XCTAssertEqual(try store.challenge(id), challenge)
        XCTAssertFalse(try store.challenge(id)!.isDecided)
        challenge.sides[0].score = 312.5
        challenge.sides[1].score = 98
        try store.saveChallenge(id, challenge)
        XCTAssertEqual(try store.challenge(id), challenge, "written over, players not doubled")
        XCTAssertEqual(try store.challenge(id)?.outcome, "Reds won")
    }

    func testItGoesWithItsSessionAndAPlayerWithTheirData() throws {
        let store = try fixture.open()
        let (id, p) = try session(store)
        try store.saveChallenge(id, SessionChallenge(rule: .effortPoints, sides: [.init(name: "A", playerIDs: [p[0]], score: 1),
                                                                                  .init(name: "B", playerIDs: [p[1], p[2]], score: 2)]))
        try store.erasePlayer(p[2], by: "test")
        XCTAssertEqual(try store.challenge(id)?.sides[1].playerIDs, [p[1]])
        try store.deleteSession(id)
        XCTAssertNil(try store.challenge(id))
        let left = try store.database.read { db in
            try Int.fetchOne(db, sql: "SELECT (SELECT COUNT(*) FROM session_challenge) + (SELECT COUNT(*) FROM session_challenge_player)")
        }
        XCTAssertEqual(left, 0)
    }

    func testAVersion10DatabaseUpgradesWithNoChallenges() throws {
        let queue = try DatabaseQueue(path: fixture.path)
        try Schema.migrator.migrate(queue, upTo: "v10-player-photo")
        try queue.close()
        let store = try fixture.open()
        let applied = try store.database.read { try String.fetchAll($0, sql: "SELECT identifier FROM grdb_migrations") }
        XCTAssertTrue(applied.contains("v11-session-challenge"))
        let (id, _) = try session(store)
        XCTAssertNil(try store.challenge(id))
    }
}

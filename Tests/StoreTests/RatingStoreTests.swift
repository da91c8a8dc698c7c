import Foundation
import GRDB
@testable import Store
import TeamCore
import XCTest

/// `session_rating` (v18): a player's session RPE kept, replaced, refused without a change, and gone
/// with its session or its player.
final class RatingStoreTests: XCTestCase {
    var fixture = StoreFixture()
    override func tearDown() { fixture.remove() }

    private func ended(_ store: SidelineStore, at end: Date = Date()) throws -> (session: Int64, players: [Int64]) {
        let team = try store.createTeam(name: "A")
        let players = try ["Mia", "Ola"].enumerated().map { try store.addPlayer(StoreFixture.player($1), toTeam: team.id, shirtNumber: $0 + 7) }
        let s = try store.startSession(teamID: team.id, participants: players.map { Participant(playerID: $0, strapID: nil) },
                                       plannedDurationMs: 600_000, at: end.addingTimeInterval(-600))
        try store.endSession(s.id, at: end)
        return (s.id, players)
    }

    private func count(_ store: SidelineStore) throws -> Int {
        try store.database.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM session_rating")! }
    }

    func testARatingIsKeptByNumberAndReplaced() throws {
        let store = try fixture.open()
        let end = Date()
        let (id, p) = try ended(store, at: end)
        try store.rateSession(id, number: 7, rpe: 6, at: end.addingTimeInterval(1800), byCoach: false)
        try store.rateSession(id, number: 7, rpe: 8, at: end.addingTimeInterval(1900), byCoach: false)
        let kept = try store.sessionRatings(id)
        XCTAssertEqual(kept.count, 1)
        XCTAssertEqual(kept[p[0]]?.rpe, 8, "replaced, not doubled")
        XCTAssertEqual(kept[p[0]]?.byCoach, false)
        try store.rateSession(id, playerID: p[1], rpe: 3, at: end.addingTimeInterval(86_400), byCoach: true)
        XCTAssertEqual(try store.sessionRatings(id)[p[1]], SessionRating(sessionID: id, playerID: p[1], rpe: 3,
                                                                         ratedAt: Date(unixMs: end.addingTimeInterval(86_400).unixMs), byCoach: true))
    }

    func testARefusedRatingChangesNothing() throws {
        let store = try fixture.open()
        let end = Date()
        let (id, _) = try ended(store, at: end)
        try store.rateSession(id, number: 7, rpe: 6, at: end, byCoach: false)
        let before = try store.sessionRatings(id)
        let attempts: [(Int, Int, Date, Bool, RatingRefusal)] = [
            (7, 11, end, false, .offScale(11)),
            (9, 5, end, true, .notInSession(number: 9, sessionID: id)),
            (7, 2, end.addingTimeInterval(7201), false, .windowClosed(sessionID: id, closedAt: end.addingTimeInterval(7200))),
        ]
        for (number, rpe, at, coach, refusal) in attempts {
            XCTAssertThrowsError(try store.rateSession(id, number: number, rpe: rpe, at: at, byCoach: coach)) { error in
                guard case .ratingRefused(let got)? = error as? StoreError else { return XCTFail("\(error)") }
                XCTAssertEqual(got.description, refusal.description)
            }
        }
        XCTAssertThrowsError(try store.rateSession(999, number: 7, rpe: 5, byCoach: true)) {
            XCTAssertEqual($0 as? StoreError, .unknownSession(999))
        }
        XCTAssertEqual(try store.sessionRatings(id), before)
    }

    func testTheDatabaseItselfRefusesAValueOffTheScale() throws {
        let store = try fixture.open()
        let (id, p) = try ended(store)
        XCTAssertThrowsError(try store.database.write {
            try $0.execute(sql: "INSERT INTO session_rating VALUES (?, ?, 11, 0, 0)", arguments: [id, p[0]])
        })
    }

    func testRatingsGoWithTheirSessionAndTheirErasedPlayer() throws {
        let store = try fixture.open()
        let (id, p) = try ended(store)
        try store.rateSession(id, number: 7, rpe: 6, byCoach: false)
        try store.rateSession(id, number: 8, rpe: 4, byCoach: false)
        _ = try store.erasePlayer(p[1], by: "test")
        XCTAssertEqual(try store.sessionRatings(id).keys.sorted(), [p[0]])
        try store.deleteSession(id)
        XCTAssertEqual(try count(store), 0)
    }

    func testTheSeasonReadsTheRatingAndTheEffortMinutes() throws {
        let store = try fixture.open()
        let (id, p) = try ended(store)
        try store.rateSession(id, number: 7, rpe: 6, byCoach: false)
        let entries = try store.seasonEntries(playerIDs: p, algorithm: "x")
        XCTAssertEqual(entries.map(\.rpe), [6, nil])
        XCTAssertEqual(entries.map(\.effortMinutes), [10, 10])
    }

    func testAVersion17DatabaseUpgradesWithNoRatings() throws {
        let queue = try DatabaseQueue(path: fixture.path)
        try Schema.migrator.migrate(queue, upTo: "v17-club-upload-refused")
        try queue.close()
        let store = try fixture.open()
        let (id, _) = try ended(store)
        XCTAssertEqual(try store.sessionRatings(id), [:])
        XCTAssertEqual(try count(store), 0)
    }
}

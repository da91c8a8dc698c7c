import Foundation
import GRDB
@testable import Store
import TeamCore
import XCTest

/// `wellness_answer` (v20): one answer set per player per day — a second replaces the first — refused
/// without a change, and gone with an erased player.
final class WellnessStoreTests: XCTestCase {
    var fixture = StoreFixture()
    override func tearDown() { fixture.remove() }

    let noon = Date(timeIntervalSince1970: 1_773_489_600)  // 2026-03-14 12:00 UTC
    let utc: Calendar = { var c = Calendar(identifier: .gregorian); c.timeZone = TimeZone(identifier: "UTC")!; return c }()
    let answers = WellnessAnswers(fatigue: 4, sleep: 3, soreness: 2, stress: 5, mood: 4)

    private func team(_ store: SidelineStore) throws -> (team: Int64, players: [Int64]) {
        let team = try store.createTeam(name: "A")
        let players = try ["Mia", "Ola"].enumerated().map { try store.addPlayer(StoreFixture.player($1), toTeam: team.id, shirtNumber: $0 + 7) }
        return (team.id, players)
    }

    private func rows(_ store: SidelineStore) throws -> [Row] {
        try store.database.read { try Row.fetchAll($0, sql: "SELECT * FROM wellness_answer ORDER BY player_id, day") }
    }

    func testASecondAnswerTheSameDayReplacesTheFirst() throws {
        let store = try fixture.open()
        let (team, players) = try team(store)
        let today = CalendarDay(noon, in: utc)
        let first = try store.recordWellness(teamID: team, number: 7, day: today, answers: answers, at: noon, calendar: utc)
        XCTAssertNil(first.replaced)
        var better = answers
        better.sleep = 5
        let second = try store.recordWellness(teamID: team, number: 7, day: today, answers: better, at: noon.addingTimeInterval(60), calendar: utc)
        XCTAssertEqual(second.replaced, answers)
        try store.recordWellness(teamID: team, number: 7, day: today.adding(days: -1), answers: answers, at: noon, calendar: utc)
        let kept = try store.wellnessEntries(playerIDs: players)
        XCTAssertEqual(kept[players[0]]?.map(\.day), [today.adding(days: -1), today])
        XCTAssertEqual(kept[players[0]]?.last?.answers, better)
        XCTAssertEqual(kept[players[0]]?.last?.answeredAt, noon.addingTimeInterval(60))
        XCTAssertNil(kept[players[1]])
    }

    func testARefusedAnswerChangesNothing() throws {
        let store = try fixture.open()
        let (team, _) = try team(store)
        let today = CalendarDay(noon, in: utc)
        try store.recordWellness(teamID: team, number: 7, day: today, answers: answers, at: noon, calendar: utc)
        let before = try rows(store)
        var zero = answers
        zero.fatigue = 0
        let attempts: [(Int, CalendarDay, WellnessAnswers, String)] = [
            (7, today, zero, "a fatigue answer of 0 is off the wellness scale"),
            (7, today.adding(days: 1), answers, "2026-03-15 is in the future (today is 2026-03-14)"),
            (9, today, answers, "no player with number 9 in team 'A'"),
        ]
        for (number, day, given, says) in attempts {
            XCTAssertThrowsError(try store.recordWellness(teamID: team, number: number, day: day, answers: given, at: noon, calendar: utc)) {
                XCTAssertTrue("\($0)".hasPrefix(says), "\($0)")
                XCTAssertTrue("\($0)".hasSuffix("nothing was changed"), "\($0)")
            }
        }
        XCTAssertEqual(try rows(store), before)
        // The table's own checks hold against a writer that skips the store.
        XCTAssertThrowsError(try store.database.write {
            try $0.execute(sql: "INSERT INTO wellness_answer VALUES (1, '2026-03-01', 6, 3, 3, 3, 3, 0, NULL)")
        })
    }

    func testAnErasedPlayersAnswersGo() throws {
        let store = try fixture.open()
        let (team, players) = try team(store)
        try store.recordWellness(teamID: team, number: 7, day: CalendarDay(noon, in: utc), answers: answers, at: noon, calendar: utc)
        try store.recordWellness(teamID: team, number: 8, day: CalendarDay(noon, in: utc), answers: answers, at: noon, calendar: utc)
        try store.erasePlayer(players[0], by: "test")
        XCTAssertEqual(try rows(store).map { $0["player_id"] as Int64 }, [players[1]])
    }
}

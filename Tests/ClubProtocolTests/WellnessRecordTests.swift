import ClubProtocol
import Foundation
import TeamCore
import XCTest

/// `WellnessRecord`, the sync's morning wellness answer: its JSON keys, and what the club refuses.
final class WellnessRecordTests: XCTestCase {
    let today = CalendarDay(year: 2026, month: 3, day: 14)
    var todayMs: Int64 { Int64(today.dayNumber) * 86_400_000 + 43_200_000 }
    let answers = WellnessAnswers(fatigue: 4, sleep: 3, soreness: 2, stress: 5, mood: 1)

    func testItRoundTripsWithItsDayAsADate() throws {
        let record = WellnessRecord(player: UUID(), day: today, answers: answers, answeredMs: todayMs)
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(record)) as? [String: Any]
        XCTAssertEqual(json?["day"] as? String, "2026-03-14")
        XCTAssertEqual(Set(json?.keys.map { $0 } ?? []), ["player", "day", "fatigue", "sleep", "soreness", "stress", "mood", "answeredMs"])
        let back = try JSONDecoder().decode(WellnessRecord.self, from: JSONEncoder().encode(record))
        XCTAssertEqual(back, record)
        XCTAssertEqual(back.answers, answers)
        XCTAssertNil(back.problem(todayMs: todayMs))
    }

    func testWhatTheClubRefuses() {
        var record = WellnessRecord(player: UUID(), day: today, answers: answers, answeredMs: todayMs)
        record.mood = 6
        XCTAssertEqual(record.problem(todayMs: todayMs), "mood 6 is off the 1–5 scale")
        record.mood = 3
        record.day = "2026-02-30"
        XCTAssertEqual(record.problem(todayMs: todayMs), "its day '2026-02-30' is not a date like 2026-03-14")
        record.day = "2026-03-16"
        XCTAssertEqual(record.problem(todayMs: todayMs), "2026-03-16 is in the future")
        record.day = "2026-03-15"
        XCTAssertNil(record.problem(todayMs: todayMs), "tomorrow in UTC can be today in a kiosk's zone")
        record.day = "0000-01-01"
        XCTAssertEqual(record.problem(todayMs: todayMs), "0000-01-01 is before 2000-01-01")
    }
}

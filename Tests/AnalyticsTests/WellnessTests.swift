import Foundation
import TeamCore
import XCTest
@testable import Analytics

/// Morning wellness against a baseline worked by hand: the z of the total and of each item, the
/// minimum of earlier answers, the 28-day span, and a drop beyond 1 SD flagged.
final class WellnessTests: XCTestCase {
    let day = CalendarDay(year: 2026, month: 3, day: 14)

    private func entry(_ daysBefore: Int, _ items: [Int]) -> WellnessEntry {
        WellnessEntry(playerID: 1, day: day.adding(days: -daysBefore),
                      answers: WellnessAnswers(fatigue: items[0], sleep: items[1], soreness: items[2], stress: items[3], mood: items[4]),
                      answeredAt: Date(timeIntervalSince1970: 0))
    }

    /// Seven earlier mornings whose totals are 14, 15, 16, 17, 18, 19, 20 (mean 17, SD √(28/6) = 2.1602…):
    /// fatigue 2 3 3 4 4 5 5 (mean 3.71, SD 1.11), soreness 2 2 3 3 4 4 5 (mean 3.29, SD 1.11), sleep
    /// always 4, stress and mood always 3 (SD 0); then today.
    private func history(today: [Int]) -> WellnessHistory {
        let earlier = (0..<7).map { k in entry(7 - k, [2 + (k + 1) / 2, 4, 2 + k / 2, 3, 3]) }
        return WellnessHistory(earlier + [entry(0, today)])
    }

    func testTheTotalAgainstTheBaselineByHand() throws {
        // Totals by hand: k = 0 → 2+4+2+3+3 = 14 … k = 6 → 5+4+5+3+3 = 20.
        let w = try XCTUnwrap(history(today: [2, 4, 2, 3, 2]).day(day))
        XCTAssertEqual(w.total.value, 13)
        XCTAssertEqual(w.baselineAnswers, 7)
        XCTAssertEqual(try XCTUnwrap(w.total.mean), 17, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(w.total.sd), (28.0 / 6).squareRoot(), accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(w.total.z), -4 / (28.0 / 6).squareRoot(), accuracy: 1e-12)  // −1.85
        XCTAssertTrue(w.total.dropped)
        XCTAssertTrue(w.flagged)
        // Mood fell from an always-3 to 2: SD 0, so no z, but it is below the mean by more than 1 SD (0).
        XCTAssertNil(w.score(.mood).z)
        XCTAssertTrue(w.score(.mood).dropped)
        // Fatigue 2 < 3.71 − 1.11 and soreness 2 < 3.29 − 1.11 dropped too; sleep and stress held.
        XCTAssertEqual(try XCTUnwrap(w.score(.fatigue).z), (2 - 26.0 / 7) / (52.0 / 42).squareRoot(), accuracy: 1e-12)
        XCTAssertEqual(w.droppedItems, [.fatigue, .soreness, .mood])
    }

    func testWithinOneSDIsNoFlag() throws {
        // Total 16: z = −1 / 2.16 = −0.46; fatigue 3 > 2.60, soreness 3 > 2.17; sleep 4 = its mean.
        let w = try XCTUnwrap(history(today: [3, 4, 3, 3, 3]).day(day))
        XCTAssertEqual(try XCTUnwrap(w.total.z), -1 / (28.0 / 6).squareRoot(), accuracy: 1e-12)
        XCTAssertFalse(w.total.dropped)
        XCTAssertEqual(w.score(.sleep).z, nil, "every earlier sleep was 4: no spread, no z")
        XCTAssertFalse(w.score(.sleep).dropped)
        XCTAssertFalse(w.flagged)
    }

    func testFewerThanTheMinimumOfEarlierAnswersGiveNoZ() throws {
        let six = (1...6).map { entry($0, [3, 3, 3, 3, 3]) } + [entry(0, [1, 1, 1, 1, 1])]
        let w = try XCTUnwrap(WellnessHistory(six).day(day))
        XCTAssertEqual(w.baselineAnswers, 6)
        XCTAssertNil(w.total.mean)
        XCTAssertNil(w.total.z)
        XCTAssertFalse(w.flagged, "no baseline, no claim")
    }

    func testTheBaselineIsTheTwentyEightDaysBeforeTheDay() throws {
        // 29 days before is outside; the day itself is not its own baseline; a day without an answer is nil.
        let entries = (1...28).map { entry($0, [4, 4, 4, 4, 4]) } + [entry(29, [1, 1, 1, 1, 1]), entry(0, [4, 4, 4, 4, 4])]
        let w = try XCTUnwrap(WellnessHistory(entries).day(day))
        XCTAssertEqual(w.baselineAnswers, 28)
        XCTAssertEqual(w.total.mean, 20)
        XCTAssertNil(WellnessHistory(entries).day(day.adding(days: 1)))
    }

    func testAnAnswerOffTheScaleOrInTheFutureIsRefused() {
        let good = WellnessAnswers(fatigue: 5, sleep: 1, soreness: 3, stress: 2, mood: 4)
        XCTAssertNil(WellnessRefusal.check(good, day: day, today: day))
        var zero = good
        zero.soreness = 0
        XCTAssertEqual(WellnessRefusal.check(zero, day: day, today: day), .offScale(item: .soreness, value: 0))
        var six = good
        six.mood = 6
        XCTAssertEqual(WellnessRefusal.check(six, day: day, today: day)?.description,
                       "a mood answer of 6 is off the wellness scale: give 1 (worst) to 5 (best); nothing was changed")
        XCTAssertEqual(WellnessRefusal.check(good, day: day.adding(days: 1), today: day), .future(day: day.adding(days: 1), today: day))
        XCTAssertEqual(good.total, 15)
        XCTAssertEqual(WellnessItem.sleep.words(5), "Very restful")
        XCTAssertNil(WellnessItem.sleep.words(0))
    }
}

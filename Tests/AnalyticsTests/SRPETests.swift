import Foundation
import TeamCore
import XCTest
@testable import Analytics

/// The season by session RPE, against a week worked by hand.
final class SRPEHistoryTests: XCTestCase {
    let monday = CalendarDay(year: 2026, month: 3, day: 2)

    /// Mon 60 min at 5, Tue 45 at 7 and 30 at 3 (two sessions), Thu 60 unrated, Sat 90 at 8; the rest off.
    var week: [SessionLoad] {
        [SessionLoad(sessionID: 1, day: monday, cardioLoad: 120, rpe: 5, effortMinutes: 60),
         SessionLoad(sessionID: 2, day: monday.adding(days: 1), cardioLoad: 100, rpe: 7, effortMinutes: 45),
         SessionLoad(sessionID: 3, day: monday.adding(days: 1), cardioLoad: 20, rpe: 3, effortMinutes: 30),
         SessionLoad(sessionID: 4, day: monday.adding(days: 3), cardioLoad: 150, rpe: nil, effortMinutes: 60),
         SessionLoad(sessionID: 5, day: monday.adding(days: 5), cardioLoad: 200, rpe: 8, effortMinutes: 90)]
    }

    func testAWeekByHand() {
        let sunday = monday.adding(days: 6)
        let history = SRPEHistory(sessions: week)
        // Daily sRPE: 300, 315 + 90 = 405, 0, 0 (unrated), 0, 720, 0 → 1425; mean 203.571…
        let daily: [Double] = [300, 405, 0, 0, 0, 720, 0]
        XCTAssertEqual(history.days(from: monday, through: sunday).map(\.load), daily)
        let f = history.figures(on: sunday)
        XCTAssertEqual(f.today, 0)
        XCTAssertEqual(f.week.load, 1425)
        let mean = 1425.0 / 7
        let sd = (daily.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / 6).squareRoot()  // 283.53… (Python's statistics.stdev)
        XCTAssertEqual(sd, 283.5300, accuracy: 1e-4)
        XCTAssertEqual(f.week.monotony!, mean / sd, accuracy: 1e-12)
        XCTAssertEqual(f.week.monotony!, 0.71799, accuracy: 1e-5)
        XCTAssertEqual(f.week.strain!, 1425 * mean / sd, accuracy: 1e-9)
        XCTAssertEqual(f.ratedSessions, 4)
        XCTAssertEqual(f.unratedSessions, 1)
        // TRIMP of the rated sessions only: 120 + 100 + 20 + 200 = 440 over 1425.
        XCTAssertEqual(f.trimpToSRPE!, 440.0 / 1425, accuracy: 1e-12)
        XCTAssertEqual(history.day(monday.adding(days: 1)).trimpToSRPE!, 120.0 / 405, accuracy: 1e-12)
        XCTAssertNil(history.day(monday.adding(days: 3)).trimpToSRPE, "an unrated day has no ratio, not 0 or ∞")
    }

    func testAWeekWithoutRatingsHasNoMonotonyOrRatio() {
        let unrated = week.map { var s = $0; s.rpe = nil; return s }
        let f = SRPEHistory(sessions: unrated).figures(on: monday.adding(days: 6))
        XCTAssertEqual(f.week.load, 0)
        XCTAssertNil(f.week.monotony)
        XCTAssertNil(f.trimpToSRPE)
        XCTAssertEqual(f.unratedSessions, 5)
    }

    /// Foster's week is one definition for TRIMP and sRPE: the season table's TRIMP week reads the same.
    func testTheTrimpWeekUsesTheSameFosterWeek() {
        let sunday = monday.adding(days: 6)
        let trimp = PlayerLoadHistory(sessions: week).week(endingOn: sunday)
        let foster = FosterWeek(dailyLoads: [120, 120, 0, 150, 0, 200, 0])
        XCTAssertEqual(trimp.load, foster.load)
        XCTAssertEqual(trimp.monotony, foster.monotony)
        XCTAssertEqual(trimp.fosterStrain, foster.strain)
    }

    func testTheSeasonRowCarriesTheSRPEOfTheDay() {
        let rows = SeasonTable.rows([.init(playerID: 1, name: "Mia", number: 7, loads: week, checks: [])], on: monday.adding(days: 5))
        XCTAssertEqual(rows[0].srpe.today, 720)
        XCTAssertEqual(rows[0].srpe.week.load, 1425)
    }
}

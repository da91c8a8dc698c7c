import Foundation
import TeamCore
import XCTest
@testable import Analytics

final class PlayerLoadHistoryTests: XCTestCase {
    let d0 = CalendarDay(year: 2026, month: 1, day: 5)

    func testOneSessionIsStillBuildingABaseline() {
        let history = PlayerLoadHistory(sessions: [SessionLoad(sessionID: 1, day: d0, cardioLoad: 70)])
        let f = history.figures(on: d0)
        XCTAssertEqual(f.load, 70)
        XCTAssertEqual(f.strain, 10, accuracy: 1e-12)
        XCTAssertEqual(f.tolerance, 2.5, accuracy: 1e-12)
        XCTAssertEqual(f.status, .buildingBaseline)
        XCTAssertNil(f.acwrRolling)
        XCTAssertNil(f.acwrEWMA)
        XCTAssertEqual(f.acuteEWMA, 70 * 0.25, accuracy: 1e-12)
        XCTAssertEqual(f.chronicEWMA, 70 * 2 / 29, accuracy: 1e-12)
    }

    func testTwoSessionsOnOneDayAddUp() {
        let history = PlayerLoadHistory(sessions: [SessionLoad(sessionID: 2, day: d0, cardioLoad: 30),
                                                   SessionLoad(sessionID: 1, day: d0, cardioLoad: 40)])
        XCTAssertEqual(history.load(on: d0), 70)
        XCTAssertEqual(history.load(on: d0.adding(days: 1)), 0)
        XCTAssertEqual(history.sessions.map(\.sessionID), [1, 2])
    }

    /// The same load every day for 28 days: Strain = Tolerance, ratio 1 (productive); the EWMAs
    /// follow their closed forms load·(1 − (1 − λ)^n).
    func testSteadyLoadForFourWeeks() {
        let loads = (0..<28).map { SessionLoad(sessionID: Int64($0), day: d0.adding(days: $0), cardioLoad: 100) }
        let history = PlayerLoadHistory(sessions: loads)
        let last = d0.adding(days: 27)
        XCTAssertEqual(history.figures(on: d0.adding(days: 26)).status, .buildingBaseline)
        let f = history.figures(on: last)
        XCTAssertEqual(f.strain, 100, accuracy: 1e-9)
        XCTAssertEqual(f.tolerance, 100, accuracy: 1e-9)
        XCTAssertEqual(f.status, .productive)
        XCTAssertEqual(f.acwrRolling!, 1, accuracy: 1e-12)
        let acute: Double = 100 * (1 - pow(0.75, 28.0)), chronic: Double = 100 * (1 - pow(27.0 / 29.0, 28.0))
        XCTAssertEqual(f.acuteEWMA, acute, accuracy: 1e-9)
        XCTAssertEqual(f.chronicEWMA, chronic, accuracy: 1e-9)
        XCTAssertEqual(f.acwrEWMA!, acute / chronic, accuracy: 1e-9)
    }

    /// A rest week after three steady ones: Strain falls to 0, so the status is detraining.
    func testARestWeekIsDetraining() {
        let loads = (0..<21).map { SessionLoad(sessionID: Int64($0), day: d0.adding(days: $0), cardioLoad: 80) }
        let f = PlayerLoadHistory(sessions: loads).figures(on: d0.adding(days: 27))
        XCTAssertEqual(f.strain, 0)
        XCTAssertEqual(f.tolerance, 60, accuracy: 1e-9)
        XCTAssertEqual(f.status, .detraining)
    }

    func testThresholdsAtTheirEdges() {
        let t = LoadStatusThresholds.polar
        XCTAssertEqual(t.status(ratio: 0.79), .detraining)
        XCTAssertEqual(t.status(ratio: 0.8), .maintaining)
        XCTAssertEqual(t.status(ratio: 0.99), .maintaining)
        XCTAssertEqual(t.status(ratio: 1.0), .productive)
        XCTAssertEqual(t.status(ratio: 1.5), .productive)
        XCTAssertEqual(t.status(ratio: 1.51), .overreaching)
        XCTAssertTrue(t.isValid)
        XCTAssertFalse(LoadStatusThresholds(maintainingFrom: 1.2, productiveFrom: 1.0, overreachingAbove: 1.5).isValid)
    }

    func testOnePassOverDaysEqualsDayByDay() {
        var rng = SystemRandomNumberGenerator()
        let loads = (0..<60).filter { _ in Bool.random(using: &rng) }.map {
            SessionLoad(sessionID: Int64($0), day: d0.adding(days: $0), cardioLoad: Double.random(in: 0...250, using: &rng))
        }
        let history = PlayerLoadHistory(sessions: loads)
        let run = history.days(from: d0.adding(days: 10), through: d0.adding(days: 70))
        XCTAssertEqual(run.count, 61)
        for f in run { XCTAssertEqual(f, history.figures(on: f.day)) }
    }

    /// Foster (1998) on a week of three equal sessions: 300 load, mean 42.857, sample SD 53.452.
    func testFostersWeek() {
        var zones = ZoneTimes()
        zones[.z3] = 600_000
        let loads = [2, 4, 6].map { SessionLoad(sessionID: Int64($0), day: d0.adding(days: $0), cardioLoad: 100, zones: zones) }
        let week = PlayerLoadHistory(sessions: loads).week(endingOn: d0.adding(days: 6))
        XCTAssertEqual(week.load, 300)
        let mean = 300.0 / 7, sd = ((4 * mean * mean + 3 * (100 - mean) * (100 - mean)) / 6).squareRoot()
        XCTAssertEqual(week.monotony!, mean / sd, accuracy: 1e-12)
        XCTAssertEqual(week.fosterStrain!, 300 * mean / sd, accuracy: 1e-9)
        XCTAssertEqual(week.zones[.z3], 1_800_000)
        XCTAssertNil(PlayerLoadHistory(sessions: []).week(endingOn: d0).monotony, "a week of equal days has no monotony")
    }

    func testACWRBandsAreGuidanceWords() {
        XCTAssertEqual(ACWRBand(ratio: 0.5), .low)
        XCTAssertEqual(ACWRBand(ratio: 1.0), .moderate)
        XCTAssertEqual(ACWRBand(ratio: 1.4), .high)
        XCTAssertEqual(ACWRBand(ratio: 1.6), .veryHigh)
    }
}

final class ReadinessTests: XCTestCase {
    let d0 = CalendarDay(year: 2026, month: 2, day: 1)

    func check(_ day: Int, _ ln: Double?, posture: String = "lying", id: Int64? = nil) -> ReadinessCheck {
        ReadinessCheck(sessionID: id ?? Int64(day), day: d0.adding(days: day), posture: posture, lnRMSSD: ln)
    }

    func testFewerThanFiveDaysIsBuildingBaseline() {
        let history = (0..<4).map { check($0, 4.0) }
        let a = Readiness.assess(history[3], history: history)
        XCTAssertEqual(a.status, .buildingBaseline)
        XCTAssertEqual(a.comparableDays, 4)
        XCTAssertNil(a.normalLow)
    }

    func testOtherPosturesAndOldChecksDoNotCount() {
        var history = (0..<4).map { check($0, 4.0) }
        history.append(check(4, 3.0, posture: "standing"))
        history.append(check(-61, 4.0))
        let a = Readiness.assess(check(5, 4.0), history: history)
        XCTAssertEqual(a.comparableDays, 5)
        XCTAssertEqual(a.status, .within)
    }

    /// Ten steady days (4.0 ± 0.1), then a week of low values: the 7-day baseline drops below the range.
    func testAFallingBaselineIsBelow() {
        var history = (0..<20).map { check($0, 4.0 + ($0 % 2 == 0 ? 0.1 : -0.1)) }
        history += (20..<27).map { check($0, 3.5) }
        let a = Readiness.assess(history.last!, history: history)
        let values = history.compactMap(\.lnRMSSD)
        let mean = values.reduce(0, +) / Double(values.count)
        let sd = (values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count - 1)).squareRoot()
        XCTAssertEqual(a.baseline!, 3.5, accuracy: 1e-12)
        XCTAssertEqual(a.normalLow!, mean - sd / 2, accuracy: 1e-12)
        XCTAssertEqual(a.status, .below)
        XCTAssertEqual(Readiness.assess(history[19], history: history).status, .within)
    }

    func testADaysLastCheckCounts() {
        var history = (0..<6).map { check($0, 4.0) }
        history.append(check(5, 5.0, id: 100)) // a redo the same morning
        let a = Readiness.assess(history.last!, history: history)
        XCTAssertEqual(a.comparableDays, 6)
        XCTAssertEqual(a.baseline!, (5 * 4.0 + 5.0) / 6, accuracy: 1e-12)
    }

    func testACheckWithoutCleanRRHasNoReading() {
        let history = (0..<8).map { check($0, 4.0) }
        XCTAssertEqual(Readiness.assess(check(8, nil), history: history).status, .buildingBaseline)
        XCTAssertNil(Readiness.lnRMSSD(0))
        XCTAssertEqual(Readiness.lnRMSSD(54.6)!, log(54.6), accuracy: 1e-12)
    }

    func testSeasonRowsReadEachPlayersHistoryUpToTheDay() {
        let day = d0.adding(days: 30)
        let players = [
            SeasonTable.PlayerInput(playerID: 1, name: "Ana", number: 7,
                                    loads: (0..<40).map { SessionLoad(sessionID: Int64($0), day: d0.adding(days: $0), cardioLoad: 50) },
                                    checks: (0..<40).map { check($0, 4.0) }),
            SeasonTable.PlayerInput(playerID: 2, name: "Bo", number: 9, loads: [], checks: []),
        ]
        let rows = SeasonTable.rows(players, on: day)
        XCTAssertEqual(rows[0].figures.status, .productive)
        XCTAssertEqual(rows[0].lastSession, day, "sessions after the day are not seen")
        XCTAssertEqual(rows[0].readiness?.check.day, day)
        XCTAssertEqual(rows[1].figures.status, .buildingBaseline)
        XCTAssertNil(rows[1].readiness)
        XCTAssertNil(rows[1].lastSession)
    }
}

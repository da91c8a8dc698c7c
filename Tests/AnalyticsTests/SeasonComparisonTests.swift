import TeamCore
import XCTest
@testable import Analytics

final class SeasonStartTests: XCTestCase {
    func testASeasonStartIsADayEveryYearHas() {
        XCTAssertEqual(SeasonStart(parsing: "08-01"), SeasonStart.august1)
        XCTAssertEqual(SeasonStart(parsing: " 7-5 ")?.description, "07-05")
        XCTAssertNil(SeasonStart(parsing: "02-29"), "not every year has it")
        XCTAssertNotNil(SeasonStart(parsing: "02-28"))
        for bad in ["13-01", "00-10", "04-31", "08", "08-01-01", "aug-01", "", "８-01"] { XCTAssertNil(SeasonStart(parsing: bad), bad) }
    }

    func testTheSeasonADayFallsIn() {
        let start = SeasonStart.august1
        XCTAssertEqual(start.firstDay(ofSeasonContaining: CalendarDay(year: 2026, month: 3, day: 9)), CalendarDay(year: 2025, month: 8, day: 1))
        XCTAssertEqual(start.firstDay(ofSeasonContaining: CalendarDay(year: 2026, month: 8, day: 1)), CalendarDay(year: 2026, month: 8, day: 1))
        XCTAssertEqual(start.firstDay(ofSeasonContaining: CalendarDay(year: 2026, month: 7, day: 31)), CalendarDay(year: 2025, month: 8, day: 1))
    }

    func testTheKioskKeepsItAmongItsSettings() {
        var settings = KioskSettings()
        XCTAssertEqual(settings.seasonStart, .august1)
        settings.seasonStart = SeasonStart(month: 7, day: 15)!
        let stored = Dictionary(settings.keyValues, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(stored["seasonStart"], "07-15")
        XCTAssertEqual(KioskSettings(keyValues: { stored[$0] }).seasonStart, settings.seasonStart)
        XCTAssertEqual(KioskSettings(keyValues: { $0 == "seasonStart" ? "02-29" : nil }).seasonStart, .august1, "unreadable: the default")
    }
}

final class SeasonComparisonTests: XCTestCase {
    let start = SeasonStart(month: 8, day: 1)!

    func day(_ y: Int, _ m: Int, _ d: Int) -> CalendarDay { CalendarDay(year: y, month: m, day: d) }

    func testTheSpansAreTheSeasonSoFarAndTheSameDaysOfTheLast() {
        let (this, last) = SeasonComparison.spans(on: day(2026, 3, 9), start: start)
        XCTAssertEqual(this, day(2025, 8, 1)...day(2026, 3, 9))
        XCTAssertEqual(last, day(2024, 8, 1)...day(2025, 3, 9))
        XCTAssertEqual(this.upperBound.dayNumber - this.lowerBound.dayNumber, last.upperBound.dayNumber - last.lowerBound.dayNumber)
        // The last day of a leap season has no twin: the last span stops at its season's end.
        let leap = SeasonComparison.spans(on: day(2028, 7, 31), start: start)
        XCTAssertEqual(leap.this, day(2027, 8, 1)...day(2028, 7, 31))
        XCTAssertEqual(leap.last, day(2026, 8, 1)...day(2027, 7, 31))
    }

    func testAPlayersSeasonAgainstTheLast() {
        var zones = ZoneTimes()
        zones[.z2] = 600_000
        let loads = [SessionLoad(sessionID: 1, day: day(2025, 2, 1), cardioLoad: 70, zones: zones),
                     SessionLoad(sessionID: 2, day: day(2025, 2, 3), cardioLoad: 30, zones: zones),
                     SessionLoad(sessionID: 9, day: day(2026, 2, 2), cardioLoad: 50, zones: zones)]
        let checks = [ReadinessCheck(sessionID: 3, day: day(2025, 2, 2), posture: "sitting", lnRMSSD: 4.0),
                      ReadinessCheck(sessionID: 4, day: day(2025, 2, 3), posture: "sitting", lnRMSSD: 4.2),
                      ReadinessCheck(sessionID: 5, day: day(2025, 2, 4), posture: "sitting", lnRMSSD: nil)]
        let c = SeasonComparison.player(loads: loads, checks: checks, zones: SeasonZoneTotals(loads: loads, on: day(2026, 2, 3), start: start),
                                        on: day(2026, 2, 3), start: start)
        XCTAssertEqual(c.thisSeason.sessions, 1)
        XCTAssertEqual(c.thisSeason.totalLoad, 50)
        XCTAssertNil(c.thisSeason.readinessMean, "no check this season: no data, not 0")
        // The last season, 2024-08-01 … 2025-02-03: two sessions, Strain from the first session's day on.
        let last = c.lastSeason
        XCTAssertEqual(last.first, day(2024, 8, 1))
        XCTAssertEqual(last.last, day(2025, 2, 3))
        XCTAssertEqual(last.sessions, 2)
        XCTAssertEqual(last.totalLoad, 100)
        XCTAssertEqual(last.zones?[.z2], 1_200_000)
        XCTAssertEqual(try XCTUnwrap(last.meanStrain), (10 + 10 + 100.0 / 7) / 3, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(last.readinessMean), 4.1, accuracy: 1e-12)
    }

    func testASeasonWithoutDataSaysSoInsteadOfZeros() {
        let loads = [SessionLoad(sessionID: 1, day: day(2026, 2, 1), cardioLoad: 70)]
        let c = SeasonComparison.player(loads: loads, checks: [], zones: SeasonZoneTotals(), on: day(2026, 2, 3), start: start)
        XCTAssertFalse(c.lastSeason.hasData)
        XCTAssertNil(c.lastSeason.totalLoad)
        XCTAssertNil(c.lastSeason.meanStrain)
        XCTAssertNil(c.lastSeason.zones)
        XCTAssertTrue(c.thisSeason.hasData)
    }

    func zones(_ pairs: [HeartRateZone: Int64]) -> ZoneTimes {
        var z = ZoneTimes()
        for (zone, ms) in pairs { z[zone] = ms }
        return z
    }

    func testTheTimeInZonesOfASpanIsItsSessionsSummedZoneByZone() {
        let loads = [SessionLoad(sessionID: 1, day: day(2024, 7, 31), cardioLoad: 10, zones: zones([.z1: 1])),         // before the last span
                     SessionLoad(sessionID: 2, day: day(2024, 8, 1), cardioLoad: 10, zones: zones([.rest: 5, .z2: 20])),
                     SessionLoad(sessionID: 3, day: day(2025, 2, 3), cardioLoad: 10, zones: zones([.z2: 300, .z5: 7])),
                     SessionLoad(sessionID: 4, day: day(2025, 2, 4), cardioLoad: 10, zones: zones([.z3: 1_000])),       // past its last day
                     SessionLoad(sessionID: 5, day: day(2025, 8, 1), cardioLoad: 10, zones: zones([.z4: 40])),
                     SessionLoad(sessionID: 6, day: day(2026, 2, 3), cardioLoad: 10, zones: zones([.z4: 2, .z5: 1])),
                     SessionLoad(sessionID: 7, day: day(2026, 2, 4), cardioLoad: 10, zones: zones([.z4: 9_000]))]      // after the day shown
        let totals = SeasonZoneTotals(loads: loads.shuffled(), on: day(2026, 2, 3), start: start)
        XCTAssertEqual(totals.lastSeason, zones([.rest: 5, .z2: 320, .z5: 7]))
        XCTAssertEqual(totals.thisSeason, zones([.z4: 42, .z5: 1]))
        XCTAssertEqual(SeasonZoneTotals(loads: [], on: day(2026, 2, 3), start: start), SeasonZoneTotals())
    }

    func testTheComparisonShowsTheTotalsItIsGivenWhereThePlayerTrained() {
        let loads = [SessionLoad(sessionID: 1, day: day(2026, 2, 1), cardioLoad: 70, zones: zones([.z1: 1]))]
        let given = SeasonZoneTotals(thisSeason: zones([.z2: 600_000]), lastSeason: zones([.z3: 5]))
        let c = SeasonComparison.player(loads: loads, checks: [], zones: given, on: day(2026, 2, 3), start: start)
        XCTAssertEqual(c.thisSeason.zones, zones([.z2: 600_000]), "the database's sums, not the loads' own zones")
        XCTAssertNil(c.lastSeason.zones, "no session in the span: no data, whatever the totals say")
        let team = SeasonComparison.team([(loads, [], given), (loads, [], SeasonZoneTotals(thisSeason: zones([.z2: 300_001]))), ([], [], given)],
                                         on: day(2026, 2, 3), start: start)
        XCTAssertEqual(team.thisSeason.zones, zones([.z2: 450_001]), "(600 000 + 300 001) / 2 rounded: per player who trained")
    }

    func testATeamCountsSessionsOnceAndAveragesThePlayersWhoTrained() {
        let d = day(2026, 2, 2)
        let a = [SessionLoad(sessionID: 1, day: d, cardioLoad: 70), SessionLoad(sessionID: 2, day: d, cardioLoad: 10)]
        let b = [SessionLoad(sessionID: 1, day: d, cardioLoad: 30)]
        let checks = [ReadinessCheck(sessionID: 3, day: d, posture: "lying", lnRMSSD: 3.0)]
        let c = SeasonComparison.team([(a, [], SeasonZoneTotals()), (b, checks, SeasonZoneTotals()), ([], [], SeasonZoneTotals())], on: d, start: start)
        XCTAssertEqual(c.thisSeason.sessions, 2)
        XCTAssertEqual(c.thisSeason.totalLoad, 55, "(80 + 30) / 2: the player without a session is not counted")
        XCTAssertEqual(try XCTUnwrap(c.thisSeason.meanStrain), 55.0 / 7, accuracy: 1e-12)
        XCTAssertEqual(c.thisSeason.readinessMean, 3.0)
        XCTAssertFalse(c.lastSeason.hasData)
    }
}

final class TeamAverageTests: XCTestCase {
    let d0 = CalendarDay(year: 2026, month: 1, day: 5)

    func testTheAverageCountsThePlayersWhoseSeasonHasBegun() {
        let a = PlayerLoadHistory(sessions: [SessionLoad(sessionID: 1, day: d0, cardioLoad: 70)])
        let b = PlayerLoadHistory(sessions: [SessionLoad(sessionID: 2, day: d0.adding(days: 1), cardioLoad: 140)])
        let none = PlayerLoadHistory(sessions: [])
        let days = TeamAverage.days(histories: [a, b, none], checks: [[], [], []], from: d0.adding(days: -1), through: d0.adding(days: 2), posture: nil)
        XCTAssertEqual(days.map(\.players), [0, 1, 2, 2])
        XCTAssertNil(days[0].load, "nobody yet: no average, not 0")
        XCTAssertEqual(days[1].load, 70)
        XCTAssertEqual(days[2].load, 70, "(0 + 140) / 2: a day without a session is a load of 0")
        XCTAssertEqual(try XCTUnwrap(days[2].strain), (10 + 20) / 2, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(days[3].tolerance), (70.0 / 28 + 140.0 / 28) / 2, accuracy: 1e-12)
    }

    func testReadinessIsTheMeanOfTheDaysChecksInThePosture() {
        let checks: [[ReadinessCheck]] = [
            [ReadinessCheck(sessionID: 1, day: d0, posture: "sitting", lnRMSSD: 4.0), ReadinessCheck(sessionID: 2, day: d0, posture: "sitting", lnRMSSD: 4.4)],
            [ReadinessCheck(sessionID: 1, day: d0, posture: "sitting", lnRMSSD: 3.6), ReadinessCheck(sessionID: 5, day: d0, posture: "lying", lnRMSSD: 5.0)],
            [ReadinessCheck(sessionID: 1, day: d0, posture: "sitting", lnRMSSD: nil)],
        ]
        let histories = [PlayerLoadHistory(sessions: []), PlayerLoadHistory(sessions: []), PlayerLoadHistory(sessions: [])]
        let day = TeamAverage.days(histories: histories, checks: checks, from: d0, through: d0, posture: "sitting")[0]
        XCTAssertEqual(day.checks, 2)
        XCTAssertEqual(try XCTUnwrap(day.lnRMSSD), (4.4 + 3.6) / 2, accuracy: 1e-12, "a player's last check of the day")
        XCTAssertEqual(TeamAverage.days(histories: histories, checks: checks, from: d0, through: d0, posture: nil)[0].checks, 2)
    }
}

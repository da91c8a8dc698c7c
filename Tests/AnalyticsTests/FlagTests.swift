import Foundation
import TeamCore
import XCTest
@testable import Analytics

/// Each flag rule at its boundary (fires just past it, not at it), the numbers it gives, and the list:
/// rule order, dismissals for the day.
final class FlagTests: XCTestCase {
    let day = CalendarDay(year: 2026, month: 3, day: 14)

    private func row(strain: Double = 50, tolerance: Double = 50, status: LoadStatus = .productive, acute: Double = 50, chronic: Double = 50,
                     readiness: ReadinessAssessment? = nil, wellness: WellnessDay? = nil, fitness: FitnessAssessment? = nil) -> SeasonRow {
        let acwr: Double? = chronic > 0 ? acute / chronic : nil
        return SeasonRow(playerID: 7, name: "Mia Berg", number: 7,
                         figures: LoadDay(day: day, load: 0, strain: strain, tolerance: tolerance, status: status,
                                          acwrRolling: tolerance > 0 ? strain / tolerance : nil, acuteEWMA: acute, chronicEWMA: chronic,
                                          acwrEWMA: acwr),
                         srpe: SRPEHistory(sessions: []).figures(on: day), wellness: wellness, readiness: readiness, fitness: fitness, lastSession: nil)
    }

    private func player(_ row: SeasonRow, maxSource: Physiology.MaxSource = .measured) -> FlagInput.Player {
        FlagInput.Player(id: "7", row: row, maxHR: 187, maxSource: maxSource)
    }

    func testOverreachingReadsTheSeasonsStatusAndGivesStrainAndTolerance() throws {
        let rule = OverreachingRule()
        // The status is the season's word: Strain ÷ Tolerance 1.5 is productive, above it overreaching.
        let thresholds = LoadStatusThresholds.polar
        XCTAssertNil(rule.flag(player(row(strain: 75, tolerance: 50, status: thresholds.status(ratio: 1.5))), on: day))
        let flag = try XCTUnwrap(rule.flag(player(row(strain: 76, tolerance: 50, status: thresholds.status(ratio: 1.52))), on: day))
        XCTAssertEqual(flag.reason, "Strain 76 ÷ Tolerance 50 = 1.52 (overreaching above 1.50)")
        XCTAssertEqual(flag.key, "overreaching/player-7")
        XCTAssertEqual(flag.figures["ratio"] ?? 0, 1.52, accuracy: 1e-12)
        // Just above the threshold, enough decimals that the ratio does not read as the threshold.
        let close = try XCTUnwrap(rule.flag(player(row(strain: 150.4, tolerance: 100, status: .overreaching)), on: day))
        XCTAssertEqual(close.reason, "Strain 150 ÷ Tolerance 100 = 1.504 (overreaching above 1.50)")
    }

    func testACWRAboveOnePointFiveOnly() throws {
        XCTAssertNil(ACWRRule().flag(player(row(acute: 300, chronic: 200)), on: day))  // exactly 1.5
        XCTAssertNil(ACWRRule().flag(player(row(acute: 300, chronic: 0)), on: day))  // no ACWR yet
        let flag = try XCTUnwrap(ACWRRule().flag(player(row(acute: 412, chronic: 254)), on: day))
        XCTAssertEqual(flag.reason, "ACWR 1.62 = acute 412 / chronic 254")
        XCTAssertEqual(flag.kind.title, "ACWR above 1.5")
    }

    /// Two tests at one protocol, the later `daysAgo`: worse only beyond the typical error (1 point), and only for two weeks.
    private func fitness(hrex: Double, daysAgo: Int) -> FitnessAssessment? {
        FitnessTest.assess([FitnessResult(sessionID: 1, day: day.adding(days: -30), protocolKey: "240 s 12kmh-20m", hrex: 84.5, hrr60: 40),
                            FitnessResult(sessionID: 2, day: day.adding(days: -daysAgo), protocolKey: "240 s 12kmh-20m", hrex: hrex, hrr60: 38)]).last
    }

    func testHRexWorseBeyondTheTypicalErrorFromATestOfTheLastTwoWeeks() throws {
        XCTAssertNil(HRexWorseRule().flag(player(row(fitness: fitness(hrex: 85.5, daysAgo: 0))), on: day))  // exactly 1 point
        XCTAssertNil(HRexWorseRule().flag(player(row(fitness: fitness(hrex: 82.0, daysAgo: 0))), on: day))  // better
        XCTAssertNil(HRexWorseRule().flag(player(row(fitness: fitness(hrex: 87.0, daysAgo: 14))), on: day))
        let flag = try XCTUnwrap(HRexWorseRule().flag(player(row(fitness: fitness(hrex: 85.54, daysAgo: 13))), on: day))
        XCTAssertEqual(flag.reason, "HRex 85.5 % HRmax on 2026-03-01, was 84.5 (+1.04, typical error 1.0)")
        XCTAssertEqual(flag.key, "hrex/player-7")
        XCTAssertEqual(flag.figures["change"] ?? 0, 1.04, accuracy: 1e-9)
    }

    private func assessment(status: ReadinessStatus, checkDaysAgo: Int) -> ReadinessAssessment {
        ReadinessAssessment(check: ReadinessCheck(sessionID: 1, day: day.adding(days: -checkDaysAgo), posture: "sitting", lnRMSSD: 3.4),
                            baseline: 3.42, normalLow: 3.55, normalHigh: 3.9, comparableDays: 20, status: status)
    }

    func testReadinessBelowTheRangeFromACheckOfTheLastSevenDays() throws {
        XCTAssertNil(ReadinessBelowRule().flag(player(row(readiness: assessment(status: .within, checkDaysAgo: 0))), on: day))
        XCTAssertNil(ReadinessBelowRule().flag(player(row(readiness: assessment(status: .below, checkDaysAgo: 7))), on: day))
        let flag = try XCTUnwrap(ReadinessBelowRule().flag(player(row(readiness: assessment(status: .below, checkDaysAgo: 6))), on: day))
        XCTAssertEqual(flag.reason, "7-day lnRMSSD 3.42, normal 3.55–3.90 · check 2026-03-08, sitting")
    }

    /// Seven mornings totalling 14…20 (mean 17, SD 2.16) with sleep, stress and mood the same each day: a total one
    /// SD below is no drop, below that it is, as WellnessHistory says.
    private func wellness(today: [Int]) -> WellnessDay? {
        func entry(_ before: Int, _ i: [Int]) -> WellnessEntry {
            WellnessEntry(playerID: 7, day: day.adding(days: -before),
                          answers: WellnessAnswers(fatigue: i[0], sleep: i[1], soreness: i[2], stress: i[3], mood: i[4]), answeredAt: Date())
        }
        return WellnessHistory((0..<7).map { k in entry(7 - k, [2 + (k + 1) / 2, 4, 2 + k / 2, 3, 3]) } + [entry(0, today)]).day(day)
    }

    func testAWellnessDropIsItem2sRuleWithItsNumbers() throws {
        XCTAssertNil(WellnessDropRule().flag(player(row(wellness: wellness(today: [4, 4, 4, 3, 3]))), on: day))  // 18: above the mean
        XCTAssertNil(WellnessDropRule().flag(player(row(wellness: nil)), on: day))  // not answered
        let flag = try XCTUnwrap(WellnessDropRule().flag(player(row(wellness: wellness(today: [3, 4, 4, 3, 2]))), on: day))
        // Total 16 is within 1 SD of 17; mood 2 against an always-3 is a drop (no z: SD 0).
        XCTAssertEqual(flag.reason, "mood 2 vs 3.0")
        let total = try XCTUnwrap(WellnessDropRule().flag(player(row(wellness: wellness(today: [2, 4, 2, 3, 3]))), on: day))
        XCTAssertEqual(total.reason, "total 14 vs 17.0 ± 2.2 (z -1.4); fatigue 2 vs 3.7; soreness 2 vs 3.3")
        XCTAssertEqual(total.figures["totalMean"] ?? 0, 17, accuracy: 1e-12)
    }

    func testAPlayerWithoutAMeasuredMaximum() throws {
        XCTAssertNil(NoMaxHeartRateRule().flag(player(row(), maxSource: .measured), on: day))
        let flag = try XCTUnwrap(NoMaxHeartRateRule().flag(player(row(), maxSource: .tanaka), on: day))
        XCTAssertEqual(flag.reason, "zones use the tanaka age estimate, 187 bpm")
    }

    private func strap(battery: Int?, seenDaysAgo: Int?) -> FlagInput.Strap {
        FlagInput.Strap(address: "AA:BB:CC:DD:EE:01", name: "H10 A1", wornBy: "#7 Mia Berg", battery: battery,
                        lastSeen: seenDaysAgo.map { day.adding(days: -$0) })
    }

    func testAStrapsBatteryBelowTwentyPercent() throws {
        XCTAssertNil(StrapBatteryRule().flag(strap(battery: 20, seenDaysAgo: 0), on: day))
        XCTAssertNil(StrapBatteryRule().flag(strap(battery: nil, seenDaysAgo: 0), on: day))
        let flag = try XCTUnwrap(StrapBatteryRule().flag(strap(battery: 19, seenDaysAgo: 0), on: day))
        XCTAssertEqual(flag.reason, "battery 19 % (below 20 %)")
        XCTAssertEqual(flag.key, "strap-battery/strap-AA:BB:CC:DD:EE:01")
        XCTAssertEqual(flag.subject.title, "Strap H10 A1 (#7 Mia Berg)")
    }

    func testAStrapNotHeardForSevenDays() throws {
        XCTAssertNil(StrapUnseenRule().flag(strap(battery: 80, seenDaysAgo: 6), on: day))
        XCTAssertNil(StrapUnseenRule().flag(strap(battery: 80, seenDaysAgo: nil), on: day))  // never heard: nothing known
        let flag = try XCTUnwrap(StrapUnseenRule().flag(strap(battery: 80, seenDaysAgo: 7), on: day))
        XCTAssertEqual(flag.reason, "last seen 2026-03-07, 7 days ago")
    }

    func testTheListInRuleOrderWithTheDaysDismissalsApart() {
        let input = FlagInput(day: day, players: [player(row(acute: 412, chronic: 254), maxSource: .tanaka)],
                              straps: [strap(battery: 10, seenDaysAgo: 9)])
        let list = TeamFlags.list(input)
        XCTAssertEqual(list.active.map(\.kind), [.acwr, .strapBattery, .strapUnseen, .maxHR])
        XCTAssertTrue(list.dismissed.isEmpty)
        let dismissed = TeamFlags.list(input, dismissed: ["acwr/player-7", "no-such/flag"])
        XCTAssertEqual(dismissed.active.map(\.kind), [.strapBattery, .strapUnseen, .maxHR])
        XCTAssertEqual(dismissed.dismissed.map(\.key), ["acwr/player-7"])
        XCTAssertEqual(dismissed.flag(key: "acwr/player-7")?.kind, .acwr)
    }

    func testNoAdviceClaimsADiagnosis() {
        for kind in FlagKind.allCases {
            for word in ["overtrain", "injur", "ill", "sick", "risk"] {
                XCTAssertFalse((kind.advice + kind.title).lowercased().contains(word), "\(kind): \(word)")
            }
        }
    }
}

import XCTest
@testable import Analytics
import TeamCore

final class SessionAnalysisTests: XCTestCase {
    private func player(_ id: Int64, number: Int) -> SessionPlayer {
        SessionPlayer(sessionID: 1, playerID: id, strapID: id, shirtNumber: number, physiology: TestData.male30)
    }

    private func input() -> SessionInput {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let session = Session(id: 1, teamID: 1, plannedDurationMs: 600_000, startedAt: start,
                              endedAt: start.addingTimeInterval(660), state: .ended, zoneModel: .heartRateReserve)
        // Player 1 works at 170 then recovers at 120 after the countdown; player 2 steady 130;
        // player 3 never had a signal; player 4 sent a single sample.
        let hard = TestData.steady(bpm: 170, seconds: 600, player: 1) + TestData.steady(bpm: 120, seconds: 60, from: 600_000, player: 1)
        return SessionInput(session: session, players: [player(1, number: 7), player(2, number: 3), player(3, number: 1), player(4, number: 9)],
                            samples: [1: hard, 2: TestData.steady(bpm: 130, seconds: 660, player: 2),
                                      4: TestData.steady(bpm: 150, seconds: 1, player: 4)],
                            rrIntervals: [2: TestData.intervals(TestData.cleanRR(count: 700, meanMs: 900), player: 2)],
                            laps: [Lap(sessionID: 1, tMs: 300_000, label: "drills")])
    }

    /// Drills and interval blocks are one list of phases; a phase's figures are the session's code over its span,
    /// the laps inside it untouched; an open drill ends at the effort's end, not with the recovery minute.
    func testDrillsAndIntervalBlocksArePhasesWithTheSessionsFigures() {
        var input = input()
        input.laps.append(Lap(sessionID: 1, tMs: 60_000, label: "WORK 1/1"))
        input.drills = [DrillStart(name: "SSG 4v4", startMs: 450_000), DrillStart(name: "Warm-up", startMs: 0, endMs: 240_000)]
        let analysis = SessionAnalysis(input)
        XCTAssertEqual(analysis.phases.map(\.name), ["WORK 1/1", "Warm-up", "SSG 4v4"])
        XCTAssertEqual(analysis.phases.last?.toMs, 600_000)
        let hard = analysis.players[0]
        XCTAssertEqual(hard.laps.count, 3, "a drill splits no lap")
        let ssg = hard.phases[2].stats
        XCTAssertEqual(ssg.signalMs, 150_000)
        XCTAssertEqual(ssg.averageBPM, .value(170))
        XCTAssertEqual(ssg, HeartRateStats(track: hard.track, weights: HeartRateWeights(physiology: TestData.male30, zoneModel: .heartRateReserve),
                                           fromMs: 450_000, toMs: 600_000))
        XCTAssertEqual(ssg.highIntensityMs, 150_000, "170 of an HRmax of 190 is 89 %, above 85 %")
    }

    func testLapsRecoveryAndRanking() {
        let analysis = SessionAnalysis(input())
        XCTAssertEqual(analysis.durationMs, 660_000)
        XCTAssertEqual(analysis.effortEndMs, 600_000)
        let hard = analysis.players[0]
        XCTAssertEqual(hard.laps.count, 2)
        XCTAssertEqual(hard.laps[0].toMs, 300_000)
        XCTAssertEqual(hard.laps[0].label, "drills")
        XCTAssertEqual(hard.laps[0].stats.signalMs, 300_000)
        XCTAssertEqual(hard.laps[1].stats.signalMs, 300_000)
        XCTAssertEqual(hard.laps[0].recoveryBPM, .value(0)) // still working a minute after the mark
        // At 600 s: samples 598…602 s → (2·170 + 3·120)/5 = 140; 60 s later 120 → 20.
        XCTAssertEqual(hard.recoveryBPM.value!, 20, accuracy: 1e-9)
        XCTAssertEqual(analysis.players[1].recoveryBPM, .value(0))
        XCTAssertEqual(analysis.ranked().map(\.shirtNumber), [7, 3, 9, 1])
        let none = analysis.players[2]
        XCTAssertEqual(none.stats.averageBPM, .notEnoughData(.noHeartRate))
        XCTAssertEqual(none.recoveryBPM, .notEnoughData(.noDataAtEnd))
        XCTAssertEqual(none.hrv[0].timeDomain, .notEnoughData(.tooFewBeats))
        XCTAssertEqual(analysis.players[3].recoveryBPM, .notEnoughData(.noDataAtEnd))
    }

    /// Issue 25, item 4: an interval program's laps name the blocks they close; the last block's
    /// lap sits at the effort's end and names the last span.
    func testIntervalLapsNameTheirSpansTheLastOneToo() {
        var input = input()
        input.laps = [Lap(sessionID: 1, tMs: 240_000, label: "WORK 1/2"), Lap(sessionID: 1, tMs: 360_000, label: "REST 1/2"),
                      Lap(sessionID: 1, tMs: 600_000, label: "WORK 2/2")]
        XCTAssertEqual(input.lapSpans.map(\.label), ["WORK 1/2", "REST 1/2", "WORK 2/2"])
        XCTAssertEqual(input.lapSpans.map(\.toMs), [240_000, 360_000, 600_000])
        input.laps = [Lap(sessionID: 1, tMs: 600_000)]
        XCTAssertEqual(input.lapSpans.map(\.label), [nil], "a coach's lap at the end names nothing")
    }

    func testHRVWholeSessionAndFirstFiveMinutes() {
        let steady = SessionAnalysis(input()).players[1]
        XCTAssertEqual(steady.hrv.map(\.window.label), ["session", "first 5 min"])
        XCTAssertEqual(steady.rr.recorded, 700)
        XCTAssertNotNil(steady.hrv[0].timeDomain.value)
        XCTAssertNotNil(steady.hrv[1].frequencyDomain.value)
    }
}

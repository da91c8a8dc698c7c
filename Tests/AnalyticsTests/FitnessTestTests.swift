import Foundation
import TeamCore
import XCTest
@testable import Analytics

/// HRex over the run's last 30 s from a known track, and tests read only against their own protocol.
final class FitnessTestTests: XCTestCase {
    func testHRexIsTheTimeWeightedMeanOfTheLastThirtySecondsAsPercentOfMax() throws {
        let plan = FitnessTestPlan.standard
        let session = Session(id: 1, teamID: 1, plannedDurationMs: plan.runMs, startedAt: Date(unixMs: 0), endedAt: Date(unixMs: 300_000),
                              state: .ended, tags: plan.tags.tags, effortEndMs: plan.runMs)
        let physiology = Physiology(age: 25, sex: .male, weightKg: 75, restingHR: 60, maxHR: 200, maxSource: .measured)
        // 150 bpm a second to 210 s, then 160 to the run's end, 120 standing: HRex = (0·150 + 30·160) / 30 / 200 = 80 %.
        let samples = stride(from: Int64(0), to: 300_000, by: 1_000).map { t in
            Sample(playerID: 1, strapID: 1, tMs: t, bpm: t < 210_000 ? 150 : t < 240_000 ? 160 : 120, contact: .detected)
        }
        let input = SessionInput(session: session, players: [SessionPlayer(sessionID: 1, playerID: 1, strapID: nil, shirtNumber: 7, physiology: physiology)],
                                 samples: [1: samples], rrIntervals: [:], laps: [])
        let analysis = SessionAnalysis(input)
        XCTAssertEqual(try XCTUnwrap(FitnessTest.hrex(of: analysis)[1]), 80, accuracy: 1e-9)
        XCTAssertEqual(analysis.phases.map(\.name), ["RUN", "STAND STILL"])
        // HRR60 as every session's: the samples within ±2.5 s of the run's end ((2·160 + 3·120) / 5) less those 60 s later.
        XCTAssertEqual(analysis.players[0].recoveryBPM.value ?? 0, 16, accuracy: 1e-9)
        // A run cut short (the effort ended 10 s early) gives none.
        var short = input
        short.session.effortEndMs = plan.runMs - 10_000
        XCTAssertTrue(FitnessTest.hrex(of: SessionAnalysis(short)).isEmpty)
    }

    func testATestIsReadAgainstThePreviousOneOfItsProtocolOnly() {
        let d = CalendarDay(year: 2026, month: 3, day: 1)
        let a = FitnessTest.assess([
            FitnessResult(sessionID: 1, day: d, protocolKey: "240 s 12kmh-20m", hrex: 85, hrr60: 40),
            FitnessResult(sessionID: 2, day: d.adding(days: 7), protocolKey: "240 s 11kmh-20m", hrex: 80, hrr60: 40),
            FitnessResult(sessionID: 3, day: d.adding(days: 14), protocolKey: "240 s 12kmh-20m", hrex: nil, hrr60: nil),
            FitnessResult(sessionID: 4, day: d.adding(days: 21), protocolKey: "240 s 12kmh-20m", hrex: 83.5, hrr60: 45),
        ])
        XCTAssertEqual(a.map(\.previous?.sessionID), [nil, nil, 1, 1])
        XCTAssertEqual(a.map(\.change), [nil, nil, nil, .better])
        XCTAssertEqual(a[3].hrexChange ?? 0, -1.5, accuracy: 1e-12)
    }
}

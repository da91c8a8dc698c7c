import XCTest
@testable import Analytics
import TeamCore

final class HeartRateStatsTests: XCTestCase {
    private func stats(_ samples: [Sample], _ p: Physiology = TestData.male30, model: ZoneModel = .heartRateReserve,
                       from: Int64 = .min / 2, to: Int64 = .max / 2) -> HeartRateStats {
        HeartRateStats(track: HeartRateTrack(samples: samples), weights: HeartRateWeights(physiology: p, zoneModel: model),
                       fromMs: from, toMs: to)
    }

    /// 150 bpm for 10 minutes, male 30 y, 80 kg, resting 60, max 190 — values worked by hand:
    /// kcal = 10 · (−55.0969 + 0.6309·150 + 0.1988·80 + 0.2017·30) / 4.184 = 146.972;
    /// x = 90/130, Banister = 10 · x · 0.64 · e^(1.92x) = 16.740; 78.9 %HRmax → Edwards zone 3 → 30;
    /// 69.2 %HRR → effort zone 2 → 20 points.
    func testSteadyTenMinutesHandComputed() {
        let s = stats(TestData.steady(bpm: 150, seconds: 600))
        XCTAssertEqual(s.signalMs, 600_000)
        XCTAssertEqual(s.averageBPM, .value(150))
        XCTAssertEqual(s.minBPM, .value(150))
        XCTAssertEqual(s.maxBPM, .value(150))
        XCTAssertEqual(s.peakPercentOfMax.value!, 78.947, accuracy: 0.001)
        XCTAssertEqual(s.kcal.value!, 146.972, accuracy: 0.001)
        XCTAssertEqual(s.banisterTRIMP.value!, 16.740, accuracy: 0.001)
        XCTAssertEqual(s.edwardsTRIMP.value!, 30, accuracy: 1e-9)
        XCTAssertEqual(s.effortPoints.value!, 20, accuracy: 1e-9)
        XCTAssertEqual(s.zonesOfMax[.z3], 600_000)
        XCTAssertEqual(s.zonesOfReserve[.z2], 600_000)
    }

    func testFemaleFactorsAndKcal() {
        let s = stats(TestData.steady(bpm: 150, seconds: 600), TestData.female30)
        XCTAssertEqual(s.banisterTRIMP.value!, 18.919, accuracy: 0.001) // 0.86 · e^(1.67x)
        XCTAssertEqual(s.kcal.value!, 92.719, accuracy: 0.001)
    }

    func testKcalIsNeverNegativeAtLowHeartRate() {
        let s = stats(TestData.steady(bpm: 40, seconds: 60), TestData.female30)
        XCTAssertEqual(s.kcal, .value(0))
    }

    func testTimeWeightedAverageAndGapsCountAsNoSignal() {
        // 100 bpm for 60 s, then 3 minutes of nothing, then 160 bpm for 60 s.
        let samples = TestData.steady(bpm: 100, seconds: 60) + TestData.steady(bpm: 160, seconds: 60, from: 240_000)
        let s = stats(samples)
        XCTAssertEqual(s.signalMs, 120_000) // the sample before the gap counts for 1 s, not 3 min
        XCTAssertEqual(s.averageBPM.value!, 130, accuracy: 1e-9)
    }

    func testLapClipsTheIntervalsItCuts() {
        let s = stats(TestData.steady(bpm: 120, seconds: 100), from: 10_500, to: 20_500)
        XCTAssertEqual(s.signalMs, 10_000)
    }

    func testBadInputGivesNotEnoughDataNeverNaN() {
        let none = stats([])
        XCTAssertEqual(none.averageBPM, .notEnoughData(.noHeartRate))
        XCTAssertEqual(none.kcal, .notEnoughData(.noHeartRate))
        XCTAssertEqual(none.banisterTRIMP, .notEnoughData(.noHeartRate))

        let absurd = [0, 255, 251, 24].enumerated().map {
            Sample(playerID: 1, strapID: 1, tMs: Int64($0.offset) * 1000, bpm: $0.element, contact: .detected)
        } + [Sample(playerID: 1, strapID: 1, tMs: 9000, bpm: 140, contact: .notDetected)]
        XCTAssertEqual(stats(absurd).averageBPM, .notEnoughData(.noHeartRate))
        XCTAssertEqual(HeartRateTrack(samples: absurd).rejected, 5)

        let single = stats(TestData.steady(bpm: 130, seconds: 1))
        XCTAssertEqual(single.signalMs, 1000)
        XCTAssertEqual(single.averageBPM, .value(130))
    }

    func testRecoveryIsTheDropSixtySecondsLater() {
        let samples = TestData.steady(bpm: 170, seconds: 120) + TestData.steady(bpm: 130, seconds: 120, from: 120_000)
        let track = HeartRateTrack(samples: samples)
        // Mean of samples within ±2.5 s of 119 s: 117…121 s → (3·170 + 2·130)/5 = 154; at 179 s: 130.
        XCTAssertEqual(HeartRateRecovery.drop(track: track, afterEndAt: 119_000).value!, 24, accuracy: 1e-9)
        XCTAssertEqual(HeartRateRecovery.drop(track: track, afterEndAt: 100_000), .value(40))
        XCTAssertEqual(HeartRateRecovery.drop(track: track, afterEndAt: 200_000), .notEnoughData(.noDataAfterEnd))
        XCTAssertEqual(HeartRateRecovery.drop(track: track, afterEndAt: 400_000), .notEnoughData(.noDataAtEnd))
    }
}

import TeamCore
import XCTest

final class PhysiologyTests: XCTestCase {
    func testMaxHeartRateFormulasMatchHandComputedValues() {
        XCTAssertEqual(MaxHeartRateFormula.tanaka.estimate(age: 30), 187, accuracy: 1e-9)   // 208 − 21
        XCTAssertEqual(MaxHeartRateFormula.fox.estimate(age: 30), 190, accuracy: 1e-9)      // 220 − 30
        XCTAssertEqual(MaxHeartRateFormula.gellish.estimate(age: 24), 190.82, accuracy: 1e-9) // 206.9 − 16.08
    }

    func testMeasuredMaximumWinsOverFormula() {
        let p = Player(firstName: "A", lastName: "B", birthYear: 2000, sex: .male, weightKg: 70, restingHR: 50, measuredMaxHR: 201)
        let physiology = Physiology(player: p, year: 2026, formula: .fox)
        XCTAssertEqual(physiology.maxHR, 201)
        XCTAssertEqual(physiology.maxSource, .measured)
        XCTAssertEqual(physiology.age, 26)
        let estimated = Physiology(player: Player(firstName: "A", lastName: "B", birthYear: 2000, sex: .male, weightKg: 70, restingHR: 50),
                                   year: 2026, formula: .fox)
        XCTAssertEqual(estimated.maxHR, 194)
        XCTAssertEqual(estimated.maxSource, .fox)
    }

    /// Issue 6's case: age 24, resting 65, Gellish → HRmax 190.82, HRR 125.82,
    /// Karvonen 60/70/80/90 % starts 140.49 / 153.07 / 165.66 / 178.24 bpm.
    func testKarvonenZoneStartsForTheIssueCase() {
        let p = Physiology(age: 24, sex: .male, weightKg: 70, restingHR: 65,
                           maxHR: MaxHeartRateFormula.gellish.estimate(age: 24), maxSource: .gellish)
        XCTAssertEqual(p.maxHR, 190.82, accuracy: 1e-9)
        XCTAssertEqual(p.heartRateReserve, 125.82, accuracy: 1e-9)
        let starts = [60.0, 70, 80, 90].map { p.heartRate(atIntensity: $0, model: .heartRateReserve) }
        for (got, want) in zip(starts, [140.49, 153.07, 165.66, 178.24]) { XCTAssertEqual(got, want, accuracy: 0.005) }
        XCTAssertEqual(p.zone(140.5, model: .heartRateReserve), .z2)
        XCTAssertEqual(p.zone(140.4, model: .heartRateReserve), .z1)
        XCTAssertEqual(p.zone(178.3, model: .heartRateReserve), .z5)
    }

    func testPercentOfMaxAndReserve() {
        let p = Physiology(age: 30, sex: .female, weightKg: 60, restingHR: 60, maxHR: 190, maxSource: .tanaka)
        XCTAssertEqual(p.percentOfMax(95), 50, accuracy: 1e-9)
        XCTAssertEqual(p.percentOfReserve(60), 0, accuracy: 1e-9)
        XCTAssertEqual(p.percentOfReserve(125), 50, accuracy: 1e-9)
        XCTAssertEqual(p.percentOfReserve(190), 100, accuracy: 1e-9)
    }

    func testZoneBoundariesAreHalfOpen() {
        XCTAssertEqual(HeartRateZone(intensity: 49.999), .rest)
        XCTAssertEqual(HeartRateZone(intensity: 50), .z1)
        XCTAssertEqual(HeartRateZone(intensity: 59.999), .z1)
        XCTAssertEqual(HeartRateZone(intensity: 60), .z2)
        XCTAssertEqual(HeartRateZone(intensity: 70), .z3)
        XCTAssertEqual(HeartRateZone(intensity: 80), .z4)
        XCTAssertEqual(HeartRateZone(intensity: 90), .z5)
        XCTAssertEqual(HeartRateZone(intensity: 104), .z5, "above max stays in zone 5")
    }

    /// Keytel et al. (2005), by hand:
    /// male, HR 150, 75 kg, 30 y: (−55.0969 + 94.635 + 14.91 + 6.051) / 4.184 = 14.45963 kcal/min;
    /// female, HR 150, 60 kg, 25 y: (−20.4022 + 67.08 − 7.578 + 1.85) / 4.184 = 9.78724 kcal/min.
    func testKeytelEnergyExpenditureBySex() {
        let male = Physiology(age: 30, sex: .male, weightKg: 75, restingHR: 60, maxHR: 187, maxSource: .tanaka)
        let female = Physiology(age: 25, sex: .female, weightKg: 60, restingHR: 60, maxHR: 190, maxSource: .tanaka)
        XCTAssertEqual(EnergyExpenditure.kcalPerMinute(bpm: 150, physiology: male), 14.45963, accuracy: 1e-4)
        XCTAssertEqual(EnergyExpenditure.kcalPerMinute(bpm: 150, physiology: female), 9.78724, accuracy: 1e-4)
    }

    func testKeytelNeverNegativeAtLowHeartRate() {
        let p = Physiology(age: 20, sex: .male, weightKg: 60, restingHR: 45, maxHR: 194, maxSource: .tanaka)
        // −55.0969 + 25.236 + 11.928 + 4.034 < 0
        XCTAssertEqual(EnergyExpenditure.kcalPerMinute(bpm: 40, physiology: p), 0)
    }
}

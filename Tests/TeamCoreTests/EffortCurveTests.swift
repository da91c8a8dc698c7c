import TeamCore
import XCTest

/// Issue 25, item 6: the effort points a player had by each minute of a stored session, as the
/// tiles earn them, for "vs last time".
final class EffortCurveTests: XCTestCase {
    private let physiology = Physiology(age: 30, sex: .female, weightKg: 60, restingHR: 60, maxHR: 200, maxSource: .measured)

    private func samples(_ bpm: (Int64) -> Int, every ms: Int64 = 1000, until end: Int64, contact: (Int64) -> SensorContact = { _ in .detected })
        -> [Sample] {
        stride(from: Int64(0), through: end, by: Int(ms)).map { Sample(playerID: 1, strapID: 1, tMs: $0, bpm: bpm($0), contact: contact($0)) }
    }

    func testZone3EarnsThreePointsAMinuteAndTheCurveIsReadBetweenMinutes() {
        let curve = EffortCurve.perMinute(samples({ _ in 150 }, until: 180_000), physiology: physiology, model: .percentOfMax, effortEndMs: nil)
        XCTAssertEqual(curve.count, 5)
        for (got, want) in zip(curve, [0.0, 3, 6, 9, 9]) { XCTAssertEqual(got, want, accuracy: 1e-9) }
        XCTAssertEqual(EffortCurve.points(curve, atMs: 90_000), 4.5, accuracy: 1e-9)
        XCTAssertEqual(EffortCurve.points(curve, atMs: 600_000), 9, accuracy: 1e-9, "past its end: where they finished")
    }

    func testNothingAfterTheEffortNorInGapsNorWithoutContact() {
        // Zone 4 (170 bpm) for two minutes; the effort ended at 90 s.
        let ended = EffortCurve.perMinute(samples({ _ in 170 }, until: 120_000), physiology: physiology, model: .percentOfMax, effortEndMs: 90_000)
        XCTAssertEqual(ended[1], 4, accuracy: 1e-9)
        XCTAssertEqual(ended[2], 6, accuracy: 1e-9, "90 s of zone 4, then the recovery earns nothing")
        // Readings 10 s apart: past the no-signal limit, they earn nothing.
        let sparse = EffortCurve.perMinute(samples({ _ in 170 }, every: 10_000, until: 60_000), physiology: physiology,
                                           model: .percentOfMax, effortEndMs: nil)
        XCTAssertEqual(sparse[1], 0)
        // Off the skin from 30 s to 40 s: those readings do not count, and the 11 s gap they leave earns nothing.
        let offSkin = EffortCurve.perMinute(samples({ _ in 170 }, until: 60_000, contact: { (30_000..<40_000).contains($0) ? .notDetected : .detected }),
                                            physiology: physiology, model: .percentOfMax, effortEndMs: nil)
        XCTAssertEqual(offSkin[1], 4.0 * 49 / 60, accuracy: 1e-9)
    }

    func testTheZoneIsTheSessionsOwnModel() {
        // 150 bpm: 75 % of HRmax (zone 3), 64 % of the reserve (zone 2).
        let karvonen = EffortCurve.perMinute(samples({ _ in 150 }, until: 60_000), physiology: physiology, model: .heartRateReserve, effortEndMs: nil)
        XCTAssertEqual(karvonen[1], 2, accuracy: 1e-9)
    }
}

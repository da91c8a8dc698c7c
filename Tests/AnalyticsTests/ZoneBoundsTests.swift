import XCTest
import TeamCore

final class ZoneBoundsTests: XCTestCase {
    /// The issue's case: age 24, resting 65, Gellish.
    func testGellishKarvonenBoundsOfTheIssue() {
        let player = Player(firstName: "A", lastName: "B", birthYear: 2002, sex: .male, weightKg: 70, restingHR: 65)
        let physiology = Physiology(player: player, year: 2026, formula: .gellish)
        XCTAssertEqual(physiology.age, 24)
        let bounds = ZoneBounds(physiology: physiology)
        XCTAssertEqual(bounds.maxHR, 190.82, accuracy: 0.005)
        XCTAssertEqual(bounds.heartRateReserve, 125.82, accuracy: 0.005)
        let karvonen = bounds.starts(.heartRateReserve)
        for (got, want) in zip(karvonen[1...], [140.49, 153.07, 165.66, 178.24]) {
            XCTAssertEqual(got, want, accuracy: 0.005)
        }
        XCTAssertEqual(bounds.starts(.percentOfMax)[4], 171.738, accuracy: 0.0005)
    }

    func testZonesAtTheBoundsUnderBothModels() {
        let p = TestData.male30 // max 190, resting 60
        XCTAssertEqual(p.zone(171, model: .percentOfMax), .z5)   // 90.0 %
        XCTAssertEqual(p.zone(170, model: .percentOfMax), .z4)
        XCTAssertEqual(p.zone(177, model: .heartRateReserve), .z5) // 60 + 0.9 · 130
        XCTAssertEqual(p.zone(176, model: .heartRateReserve), .z4)
        XCTAssertEqual(p.zone(40, model: .heartRateReserve), .rest) // below resting
    }
}

import TeamCore
import XCTest

final class ZoneRangesTests: XCTestCase {
    /// Issue 25, item 7: the ranges the player editor and the roster show, in whole bpm, agree with
    /// the zone a heart rate is put in.
    func testWholeBpmRangesAgreeWithTheZoneOfEachHeartRate() {
        let player = Player(firstName: "A", lastName: "B", birthYear: 2002, sex: .male, weightKg: 70, restingHR: 65)
        for model in ZoneModel.allCases {
            let physiology = Physiology(player: player, year: 2026, formula: .gellish)
            let ranges = ZoneBounds(physiology: physiology).wholeBpmRanges(model)
            XCTAssertEqual(ranges.map(\.zone), [.z1, .z2, .z3, .z4, .z5])
            for r in ranges {
                XCTAssertEqual(physiology.zone(Double(r.from), model: model), r.zone)
                XCTAssertLessThan(physiology.zone(Double(r.from - 1), model: model), r.zone)
                if let to = r.to { XCTAssertEqual(physiology.zone(Double(to), model: model), r.zone) }
            }
        }
        let fixed = Physiology(age: 30, sex: .female, weightKg: 60, restingHR: 60, maxHR: 200, maxSource: .measured)
        XCTAssertEqual(ZoneBounds(physiology: fixed).summary(.percentOfMax), "Z1 100–119 · Z2 120–139 · Z3 140–159 · Z4 160–179 · Z5 180+")
        XCTAssertEqual(ZoneBounds(physiology: fixed).summary(.heartRateReserve), "Z1 130–143 · Z2 144–157 · Z3 158–171 · Z4 172–185 · Z5 186+")
    }
}

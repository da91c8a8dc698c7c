import Foundation
import TeamCore
import XCTest

/// The one numbering of straps: a table holds an address once, only grows, and an index means
/// the strap at its place.
final class StrapTableTests: XCTestCase {
    private func slot(_ id: Int64, _ address: String) -> StrapSlot { StrapSlot(strapID: id, address: address, name: "Strap \(id)") }

    func testAnAddressGivenAgainKeepsItsFirstPlace() {
        let table = StrapTable([slot(1, "A0:00:00:00:00:01"), slot(2, "A0:00:00:00:00:02"), slot(3, "a0:00:00:00:00:01")])
        XCTAssertEqual(table.map(\.strapID), [1, 2], "listed once")
        XCTAssertEqual(table.index(ofAddress: "a0:00:00:00:00:01"), 0)
        XCTAssertEqual(table.index(ofAddress: "A0:00:00:00:00:02"), 1)
        XCTAssertNil(table.index(ofAddress: "A0:00:00:00:00:03"))
        XCTAssertEqual(table.index(ofStrap: 2), 1)
        XCTAssertNil(table.index(ofStrap: 3), "the duplicate was never listed")
        XCTAssertNil(table.index(ofStrap: nil))
    }

    func testPairingAppendsOnlyAStrapTheTableLacks() {
        var table = StrapTable([slot(1, "A0:00:00:00:00:01")])
        XCTAssertFalse(table.append(slot(1, "a0:00:00:00:00:01")), "heard again: it keeps its index")
        XCTAssertTrue(table.append(slot(2, "A0:00:00:00:00:02")))
        XCTAssertEqual(Array(table.indices), [0, 1])
        XCTAssertEqual(table[1].address, "A0:00:00:00:00:02")
        XCTAssertEqual(table.slot(1)?.strapID, 2)
        XCTAssertNil(table.slot(2), "outside the table")
    }

    func testAFullTableTakesNoMore() {
        var table = StrapTable((0..<StrapTable.capacity).map { slot(Int64($0), String(format: "A0:00:00:00:%02X:%02X", $0 >> 8, $0 & 0xFF)) })
        XCTAssertEqual(table.count, StrapTable.capacity)
        XCTAssertEqual(table.endIndex, StrapIndex(UInt16.max), "the end still fits in a strap index")
        XCTAssertFalse(table.append(slot(-1, "B0:00:00:00:00:00")))
        XCTAssertEqual(table.count, StrapTable.capacity)
    }

    func testTablesAreEqualByTheirStrapsInOrder() {
        let a = StrapTable([slot(1, "A0:00:00:00:00:01"), slot(2, "A0:00:00:00:00:02")])
        XCTAssertEqual(a, StrapTable([slot(1, "a0:00:00:00:00:01"), slot(2, "A0:00:00:00:00:02")]))
        XCTAssertNotEqual(a, StrapTable([slot(2, "A0:00:00:00:00:02"), slot(1, "A0:00:00:00:00:01")]))
    }
}

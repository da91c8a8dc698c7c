import Foundation
import XCTest
@testable import Exports

final class SummaryTests: XCTestCase {
    func testCSVRanksPlayersAndLeavesMissingNumbersEmpty() {
        let csv = SummaryCSVEncoder.encode(ExportFixture.context())
        let lines = csv.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines[0], "\u{FEFF}" + SummaryCSVEncoder.header.joined(separator: ","))
        // Player 1 (#7) works hardest: its session row, then its two laps; then #3; then #1 without a signal.
        XCTAssertEqual(lines.count, 1 + 3 * 3)
        XCTAssertTrue(lines[1].hasPrefix("1,Ada Lovelace,7,all,,0.0,600.0,600.0,149.5,120,179,"), lines[1])
        // The first sample came 0.25 s in: the lap has 299.75 s of signal.
        XCTAssertTrue(lines[2].hasPrefix("1,Ada Lovelace,7,1,drills & games,0.0,300.0,299.8,"), lines[2])
        XCTAssertTrue(lines[7].hasPrefix("3,No Signal,1,all,,0.0,600.0,0.0,,,,"), lines[7])
        XCTAssertTrue(lines[7].contains(",no heart rate with skin contact"), lines[7])
        XCTAssertFalse(csv.lowercased().contains("nan"))
        for line in lines { XCTAssertEqual(line.split(separator: ",", omittingEmptySubsequences: false).count, SummaryCSVEncoder.header.count) }
    }

    func testFixedDecimals() {
        XCTAssertEqual(SummaryFormatting.fixed(2.05, 1), "2.1")
        XCTAssertEqual(SummaryFormatting.fixed(-0.04, 1), "0.0")
        XCTAssertEqual(SummaryFormatting.fixed(-1.25, 1), "-1.3")
        XCTAssertEqual(SummaryFormatting.fixed(.nan, 1), "")
    }

    func testFixedDecimalsOfExtremeValuesNeverTrap() {
        XCTAssertEqual(SummaryFormatting.fixed(1e-300, 1), "0.0")
        XCTAssertEqual(SummaryFormatting.fixed(-1e-300, 2), "0.00")
        XCTAssertEqual(SummaryFormatting.fixed(.infinity, 1), "")
        XCTAssertEqual(SummaryFormatting.fixed(1e300, 1), String(format: "%.1f", 1e300), "past Int64: printed whole, no trap")
        XCTAssertEqual(SummaryFormatting.fixed(-1e300, 0).count, 302)
        XCTAssertEqual(SummaryFormatting.fixed(8.99e14, 1), "899000000000000.0", "the largest that splits exactly")
    }

    func testJSONCarriesNullsWithReasons() throws {
        let data = try JSONSummaryEncoder.encode(ExportFixture.context())
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let players = try XCTUnwrap(root["players"] as? [[String: Any]])
        XCTAssertEqual(players.map { $0["shirtNumber"] as? Int }, [7, 3, 1])
        let silent = try XCTUnwrap(players[2]["session"] as? [String: Any])
        XCTAssertTrue(silent["avgBPM"] is NSNull)
        let reasons = try XCTUnwrap(players[2]["notEnoughData"] as? [String: String])
        XCTAssertEqual(reasons["avgBPM"], "no heart rate with skin contact")
        let steady = try XCTUnwrap(players[1]["session"] as? [String: Any])
        XCTAssertEqual(steady["avgBPM"] as? Double, 130)
        XCTAssertEqual(root["zoneModel"] as? String, "heartRateReserve")
    }
}

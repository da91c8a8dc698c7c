import XCTest
@testable import ClubWeb

/// The pages print any stored number without trapping.
final class WebFormatTests: XCTestCase {
    func testWholeNumbersOfExtremeValues() {
        XCTAssertEqual(WebFormat.whole(142.5), "143")
        XCTAssertEqual(WebFormat.whole(1e-300), "0")
        XCTAssertEqual(WebFormat.whole(1e300), "\(Int.max)")
        XCTAssertEqual(WebFormat.whole(-1e300), "\(Int.min)")
        XCTAssertEqual(WebFormat.whole(.nan), "–")
        XCTAssertEqual(WebFormat.whole(nil), "–")
    }

    func testDurationsAndTimesAtInt64sEnds() {
        XCTAssertEqual(WebFormat.duration(ms: 3_930_000), "1:05:30")
        XCTAssertEqual(WebFormat.duration(ms: .min), "0:00")
        XCTAssertFalse(WebFormat.duration(ms: .max).isEmpty)
        XCTAssertFalse(WebFormat.dateTime(unixMs: .max).isEmpty)
        XCTAssertFalse(WebFormat.dateTime(unixMs: .min).isEmpty)
    }
}

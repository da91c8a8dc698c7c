import Foundation
import TeamCore
import XCTest

/// Doubles a stored session may hold, turned into whole numbers without trapping.
final class ClampedConversionTests: XCTestCase {
    func testOrdinaryValuesRoundAsRoundedDoes() {
        XCTAssertEqual(Int(roundedClamping: 2.5), 3)
        XCTAssertEqual(Int(roundedClamping: -2.5), -3)
        XCTAssertEqual(Int(roundedClamping: 1e-300), 0)
        XCTAssertEqual(Int(roundedClamping: -1e-300), 0)
        XCTAssertEqual(Int(truncatedClamping: 2.9), 2)
        XCTAssertEqual(UInt8(roundedClamping: 254.4), 254)
    }

    func testExtremesHoldToTheRangeAndNaNIsNone() {
        XCTAssertEqual(Int(roundedClamping: 1e300), .max)
        XCTAssertEqual(Int(roundedClamping: -1e300), .min)
        XCTAssertEqual(Int64(roundedClamping: .infinity), .max)
        XCTAssertEqual(Int64(roundedClamping: -.infinity), .min)
        XCTAssertNil(Int(roundedClamping: .nan))
        XCTAssertNil(UInt64(truncatedClamping: .nan))
        XCTAssertEqual(UInt64(roundedClamping: -5), 0)
        XCTAssertEqual(UInt16(roundedClamping: 70_000), .max)
        // Double(Int64.max) is 2^63, one past the range: the edge itself must not trap.
        XCTAssertEqual(Int64(roundedClamping: Double(Int64.max)), .max)
        XCTAssertEqual(Int64(roundedClamping: Double(Int64.min)), .min)
        XCTAssertEqual(Int64(roundedClamping: 9_223_372_036_854_774_784), 9_223_372_036_854_774_784, "the largest double below 2^63 fits")
    }

    func testAUnixTimeNearInt64sEndComesBackWithoutTrapping() {
        XCTAssertEqual(Date(unixMs: .max).unixMs, .max)
        XCTAssertEqual(Date(unixMs: .min).unixMs, .min)
        XCTAssertEqual(Date(unixMs: 1_767_225_600_123).unixMs, 1_767_225_600_123)
        XCTAssertEqual(Date(timeIntervalSince1970: 1e300).unixMs, .max)
    }

    func testISOTimesPastFourDigitYearsAreWrittenAtTheEnds() {
        XCTAssertEqual(ISOTime.string(unixMs: .max), "9999-12-30T23:59:59.999Z")
        XCTAssertEqual(ISOTime.string(unixMs: .min), "0000-01-02T00:00:00.000Z")
        var bytes: [UInt8] = []
        ISOTime.append(unixMs: .max - 5, offsetSeconds: 14 * 3600, to: &bytes)
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), "9999-12-31T13:59:59.999+14:00")
        var writer = ISOTime.Writer(), written: [UInt8] = []
        writer.append(unixMs: .max, offsetSeconds: -12 * 3600, to: &written)
        writer.append(unixMs: .min, offsetSeconds: 3600, to: &written)
        XCTAssertEqual(String(decoding: written, as: UTF8.self), "9999-12-30T11:59:59.999-12:000000-01-02T01:00:00.000+01:00")
        XCTAssertEqual(ISOTime.string(unixMs: 1_767_225_600_250), "2026-01-01T00:00:00.250Z", "ordinary times as before")
    }

    func testSumsHoldToTheRange() {
        XCTAssertEqual(Int64.max.addingClamped(1), .max)
        XCTAssertEqual(Int64.min.addingClamped(-1), .min)
        XCTAssertEqual(Int64(1_767_225_600_000).addingClamped(5_400_000), 1_767_230_999_999 + 1)
        XCTAssertEqual((0...10).clamp(11), 10)
        XCTAssertEqual((0...10).clamp(-3), 0)
    }
}

import TeamCore
import XCTest

final class ISOTimeTests: XCTestCase {
    func testUTCAcrossLeapDaysAndBeforeTheEpoch() {
        XCTAssertEqual(ISOTime.string(unixMs: 0), "1970-01-01T00:00:00.000Z")
        XCTAssertEqual(ISOTime.string(unixMs: 951_782_400_000), "2000-02-29T00:00:00.000Z")
        XCTAssertEqual(ISOTime.string(unixMs: -1), "1969-12-31T23:59:59.999Z")
        XCTAssertEqual(ISOTime.string(unixMs: 4_107_542_399_123, fractional: false), "2100-02-28T23:59:59Z")
    }

    func testLocalTimeWithItsOffset() {
        func local(_ ms: Int64, _ offset: Int) -> String {
            var out: [UInt8] = []
            ISOTime.append(unixMs: ms, offsetSeconds: offset, to: &out)
            return String(decoding: out, as: UTF8.self)
        }
        XCTAssertEqual(local(1_795_892_645_250, 3600), "2026-11-28T20:04:05.250+01:00")
        XCTAssertEqual(local(1_795_892_645_250, -9 * 3600 - 1800), "2026-11-28T09:34:05.250-09:30")
        XCTAssertEqual(local(0, 0), "1970-01-01T00:00:00.000+00:00")
        XCTAssertEqual(local(0, -3600), "1969-12-31T23:00:00.000-01:00")
    }

    /// The per-minute cache writes the very bytes of a fresh formatting, across minutes,
    /// days, offsets and times before the epoch.
    func testWriterEqualsAFreshFormatting() {
        var writer = ISOTime.Writer()
        var t: Int64 = -90_000
        for step in 0..<5_000 {
            // Steps of 0 to 1.7 s in a scrambled order, now and then a day.
            t += Int64(step * 7_919 % 1_701) + (step % 997 == 0 ? 86_400_000 : 0)
            let offset: Int? = step % 1_500 < 700 ? 3600 : (step % 1_500 < 1_400 ? -34_200 : nil)
            var fast: [UInt8] = [], fresh: [UInt8] = []
            writer.append(unixMs: t, offsetSeconds: offset, to: &fast)
            ISOTime.append(unixMs: t, offsetSeconds: offset, to: &fresh)
            XCTAssertEqual(String(decoding: fast, as: UTF8.self), String(decoding: fresh, as: UTF8.self))
        }
    }
}

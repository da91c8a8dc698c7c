import Foundation
import TeamCore
import XCTest

final class CalendarDayTests: XCTestCase {
    func testKnownDayNumbers() {
        XCTAssertEqual(CalendarDay(year: 1970, month: 1, day: 1).dayNumber, 0)
        XCTAssertEqual(CalendarDay(year: 2000, month: 3, day: 1).dayNumber, 11_017)
        XCTAssertEqual(CalendarDay(year: 1969, month: 12, day: 31).dayNumber, -1)
        XCTAssertEqual(CalendarDay(year: 2026, month: 3, day: 14).description, "2026-03-14")
    }

    /// Every day from 1900 to 2100 survives the round trip, and consecutive numbers are consecutive dates.
    func testRoundTripOverTwoCenturies() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        for n in stride(from: -25_567, through: 47_482, by: 1) {
            let day = CalendarDay(dayNumber: n)
            let (y, m, d) = day.components
            XCTAssertEqual(CalendarDay(year: y, month: m, day: d), day)
            if n % 997 == 0 { // against Foundation's calendar, an independent implementation
                XCTAssertEqual(CalendarDay(Date(timeIntervalSince1970: Double(n) * 86_400 + 43_200), in: calendar), day)
            }
        }
    }

    func testISOParsingTakesRealDatesOnly() {
        XCTAssertEqual(CalendarDay(iso: "2024-02-29"), CalendarDay(year: 2024, month: 2, day: 29))
        XCTAssertNil(CalendarDay(iso: "2026-02-29"))
        XCTAssertNil(CalendarDay(iso: "2026-13-01"))
        XCTAssertNil(CalendarDay(iso: "26-03-14"))
        XCTAssertNil(CalendarDay(iso: "2026-3-14"))
    }

    func testLocalDayFollowsTheCalendarsZone() {
        var tokyo = Calendar(identifier: .gregorian)
        tokyo.timeZone = TimeZone(identifier: "Asia/Tokyo")!
        // 2026-03-14 20:00 UTC is already the 15th in Tokyo.
        let date = Date(timeIntervalSince1970: 1_773_518_400)
        XCTAssertEqual(CalendarDay(date, in: tokyo).description, "2026-03-15")
    }
}

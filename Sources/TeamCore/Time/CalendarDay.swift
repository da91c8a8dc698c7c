import Foundation

/// A local calendar day, as the coach counts days: a session at 23:30 belongs to that evening's day
/// wherever the clock's zone puts midnight. Held as a day number (days since 1970-01-01 in the
/// proleptic Gregorian calendar) so that ranges of days are plain integer arithmetic.
public struct CalendarDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let dayNumber: Int

    public init(dayNumber: Int) { self.dayNumber = dayNumber }

    /// The day `year-month-day` (no time zone involved: a day is a day).
    public init(year: Int, month: Int, day: Int) {
        // Days from civil (H. Hinnant's algorithm): exact for every Gregorian date.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        dayNumber = era * 146_097 + doe - 719_468
    }

    /// The day `date` falls on in `calendar`'s time zone.
    public init(_ date: Date, in calendar: Calendar) {
        let c = calendar.dateComponents([.year, .month, .day], from: date)
        self.init(year: c.year ?? 1970, month: c.month ?? 1, day: c.day ?? 1)
    }

    public func adding(days: Int) -> CalendarDay { CalendarDay(dayNumber: dayNumber + days) }

    /// Year, month, day (civil from days, the inverse of `init(year:month:day:)`).
    public var components: (year: Int, month: Int, day: Int) {
        let (y, m, d) = ISOTime.civil(daysSinceEpoch: Int64(dayNumber))
        return (Int(y), Int(m), Int(d))
    }

    /// ISO 8601, e.g. "2026-03-14".
    public var description: String {
        let (y, m, d) = components
        return String(format: "%04d-%02d-%02d", y, m, d)
    }

    /// Parses "YYYY-MM-DD" (a real date only), else nil.
    public init?(iso text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]), (1...12).contains(m), (1...31).contains(d) else { return nil }
        self.init(year: y, month: m, day: d)
        guard components == (y, m, d) else { return nil } // 2026-02-30 is not a day
    }

    public static func < (a: CalendarDay, b: CalendarDay) -> Bool { a.dayNumber < b.dayNumber }
}

import Foundation

/// The day a club's season begins each year, as a month and a day ("08-01": 1 August, the default,
/// when most team sports start pre-season in Europe). A season runs from that day to the day before
/// it comes round again. February 29 is not offered: a season must start every year.
public struct SeasonStart: Sendable, Hashable, CustomStringConvertible {
    public let month: Int
    public let day: Int

    public static let august1 = SeasonStart(month: 8, day: 1)!
    public static let standard = august1

    /// Nil unless the day exists in every year.
    public init?(month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1 else { return nil }
        let lengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard day <= lengths[month - 1] else { return nil }
        self.month = month
        self.day = day
    }

    /// "MM-DD", as the settings keep it ("08-01"); also "M-D" and surrounding spaces.
    public init?(parsing text: String) {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ (1...2).contains($0.count) && $0.allSatisfy(\.isASCII) }),
              let m = Int(parts[0]), let d = Int(parts[1]) else { return nil }
        self.init(month: m, day: d)
    }

    /// "MM-DD".
    public var description: String {
        (month < 10 ? "0\(month)" : "\(month)") + "-" + (day < 10 ? "0\(day)" : "\(day)")
    }

    /// The first day of the season `day` falls in.
    public func firstDay(ofSeasonContaining day: CalendarDay) -> CalendarDay {
        let year = day.components.year
        let thisYear = CalendarDay(year: year, month: month, day: self.day)
        return thisYear <= day ? thisYear : CalendarDay(year: year - 1, month: month, day: self.day)
    }
}

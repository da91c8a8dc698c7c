import Foundation
import Localization
import TeamCore

/// Numbers, times and lengths as the pages print them (the kiosk's forms: "2026-03-17 10:00",
/// "1:05:30", a heart rate without decimals, a load with one). Decimals and day names follow the request's
/// language (`WebLanguage.words`: "1,5", "Sa., 14. März 2026"); ISO dates and clock times read the same in all.
enum WebFormat {
    /// Any stored time: one past four-digit years is printed as the nearest that has them (a formatter prints nothing for it).
    static func dateTime(unixMs: Int64) -> String {
        formatter("yyyy-MM-dd HH:mm").string(from: Date(timeIntervalSince1970: Double(ISOTime.writable.clamp(unixMs)) / 1000))
    }

    static func dateTime(_ date: Date) -> String { formatter("yyyy-MM-dd HH:mm").string(from: date) }

    static func day(_ date: Date) -> String {
        let words = WebLanguage.words
        return words.language == .english ? formatter("EEE d MMM yyyy").string(from: date) : words.dateFormatter("EEEdMMMy").string(from: date)
    }

    static func isoDay(_ date: Date) -> String { formatter("yyyy-MM-dd").string(from: date) }

    private static func formatter(_ format: String) -> DateFormatter {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_GB_POSIX")
        f.timeZone = .current
        f.dateFormat = format
        return f
    }

    /// "42:10" or "1:05:30".
    static func duration(ms: Int64) -> String {
        let s = max(0, Int((Double(ms) / 1000).rounded())) // |ms| / 1000 < 2^54: always fits
        return s >= 3600 ? String(format: "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60) : String(format: "%d:%02d", s / 60, s % 60)
    }

    /// A whole number, or "–" (also for NaN; a number past Int's range prints as its end, never traps).
    static func whole(_ value: Double?) -> String { value.flatMap { Int(roundedClamping: $0) }.map { "\($0)" } ?? "–" }

    /// One decimal, or "–".
    static func one(_ value: Double?) -> String { value.map { WebLanguage.words.formatted($0, digits: 1) } ?? "–" }

    /// Two decimals, or "–".
    static func two(_ value: Double?) -> String { value.map { WebLanguage.words.formatted($0, digits: 2) } ?? "–" }
}

extension HTML.StringInterpolation {
    /// A calendar day as the pages print it: ISO ("2026-03-14"), the same in every language.
    mutating func appendInterpolation(_ day: CalendarDay) { appendInterpolation(day.description) }
}

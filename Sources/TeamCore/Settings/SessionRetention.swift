import Foundation

/// The club's rule "keep sessions for N months" (issue 37, item 3; decision 072): a session that started
/// before the cutoff — N calendar months before now, in the given time zone — is deleted, on the club
/// server and on every kiosk, by their daily jobs. Zero months: keep every session (the default).
public struct SessionRetention: Sendable, Equatable {
    public var months: Int

    /// The most a club may choose: fifty years is "for good" in all but name.
    public static let monthsRange = 0...600

    public init(months: Int) { self.months = months }

    /// Whether sessions are kept for good.
    public var keepsEverything: Bool { months == 0 }

    /// The instant before which a session is too old, or nil when every session is kept. Month arithmetic
    /// as a calendar does it: from 31 March, one month back is the last day of February.
    public func cutoff(now: Date, timeZone: TimeZone) -> Date? {
        guard months > 0 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar.date(byAdding: .month, value: -months, to: now)
    }

    /// `cutoff` in Unix milliseconds (a session's `startedMs` below it is too old).
    public func cutoffMs(now: Date, timeZone: TimeZone) -> Int64? {
        cutoff(now: now, timeZone: timeZone).map { Int64(($0.timeIntervalSince1970 * 1000).rounded(.down)) }
    }

    /// "for good" / "12 months, then deleted": the rule in the kiosk's Settings.
    public var shortRule: String {
        months == 0 ? "for good" : "\(months) month\(months == 1 ? "" : "s"), then deleted"
    }

    /// "Sessions are kept for good." / "Sessions are kept for 12 months." — the rule as Settings shows it.
    public var sentence: String {
        months == 0 ? "Sessions are kept for good." : "Sessions are kept for \(months) month\(months == 1 ? "" : "s"), then deleted, with players who left."
    }
}

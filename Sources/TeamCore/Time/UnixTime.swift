import Foundation

/// Wall-clock instants as the database and the exports keep them: whole milliseconds since 1970.
extension Date {
    /// Rounded to the nearest millisecond; held to Int64's range (a stored time near its end comes
    /// back through a double that rounds past it).
    public var unixMs: Int64 { Int64(roundedClamping: timeIntervalSince1970 * 1000) ?? 0 }

    public init(unixMs: Int64) { self.init(timeIntervalSince1970: Double(unixMs) / 1000) }
}

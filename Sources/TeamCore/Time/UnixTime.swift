import Foundation

/// Wall-clock instants as the database and the exports keep them: whole milliseconds since 1970.
extension Date {
    /// Rounded to the nearest millisecond.
    public var unixMs: Int64 { Int64((timeIntervalSince1970 * 1000).rounded()) }

    public init(unixMs: Int64) { self.init(timeIntervalSince1970: Double(unixMs) / 1000) }
}

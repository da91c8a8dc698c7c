import Foundation

/// The moment a session began, on the two clocks it is read on: the app's monotonic clock (event
/// timestamps, the live countdown) and the wall clock (the stored row, exports). Taken once, when
/// the recorder writes the session row; every offset of the session (samples, RR intervals, laps,
/// the effort's end) counts from it.
public struct SessionStart: Sendable, Equatable {
    public var sessionID: Int64
    /// The app clock, nanoseconds.
    public var ns: UInt64
    /// As stored in the session row.
    public var date: Date

    public init(sessionID: Int64, ns: UInt64, date: Date) {
        self.sessionID = sessionID
        self.ns = ns
        self.date = date
    }

    /// The app clock, milliseconds (the reducer's time base).
    public var ms: Int64 { Int64(ns / 1_000_000) }

    /// Milliseconds since the start for an app-clock timestamp (negative before it).
    public func offsetMs(_ timestampNs: UInt64) -> Int64 {
        Int64(timestampNs / 1_000_000) - ms
    }

    /// The wall-clock time of a session offset.
    public func date(atOffsetMs offset: Int64) -> Date { date.addingTimeInterval(Double(offset) / 1000) }
}

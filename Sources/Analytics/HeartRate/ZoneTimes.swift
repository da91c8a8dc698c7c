import TeamCore

/// Milliseconds spent in each zone (rest, 1…5) under one zone model.
public struct ZoneTimes: Sendable, Equatable {
    public private(set) var ms: [Int64] = Array(repeating: 0, count: HeartRateZone.allCases.count)

    public init() {}

    /// Milliseconds by `HeartRateZone.rawValue`, one a zone.
    init(ms: [Int64]) {
        precondition(ms.count == HeartRateZone.allCases.count, "one time a zone")
        self.ms = ms
    }

    public subscript(zone: HeartRateZone) -> Int64 {
        get { ms[zone.rawValue] }
        set { ms[zone.rawValue] = newValue }
    }

    /// Minutes in a zone.
    public func minutes(_ zone: HeartRateZone) -> Double { Double(self[zone]) / 60_000 }

    /// Adds another's time, zone by zone (a day's sessions, a week's days, a span's sessions).
    public static func += (a: inout ZoneTimes, b: ZoneTimes) {
        for zone in HeartRateZone.allCases { a[zone] += b[zone] }
    }
}

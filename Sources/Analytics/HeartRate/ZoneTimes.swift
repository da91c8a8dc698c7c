import TeamCore

/// Milliseconds spent in each zone (rest, 1…5) under one zone model.
public struct ZoneTimes: Sendable, Equatable {
    /// One a zone (`HeartRateZone.allCases` builds an array each time it is asked: asked once).
    static let zoneCount = HeartRateZone.allCases.count

    // No default value: each init makes its one array (a default would be made, then replaced).
    public private(set) var ms: [Int64]

    public init() { ms = Array(repeating: 0, count: Self.zoneCount) }

    /// Milliseconds by `HeartRateZone.rawValue`, one a zone.
    init(ms: [Int64]) {
        precondition(ms.count == Self.zoneCount, "one time a zone")
        self.ms = ms
    }

    /// Milliseconds by `HeartRateZone.rawValue` as kept (`SessionLoadRecord.zoneMs`): zones past
    /// the end are 0, extra entries left out. A list of exactly one a zone is shared, not copied.
    public init(kept ms: [Int64]) {
        if ms.count == Self.zoneCount {
            self.ms = ms
        } else {
            self.ms = Array(repeating: 0, count: Self.zoneCount)
            for i in 0..<min(ms.count, Self.zoneCount) { self.ms[i] = ms[i] }
        }
    }

    public subscript(zone: HeartRateZone) -> Int64 {
        get { ms[zone.rawValue] }
        set { ms[zone.rawValue] = newValue }
    }

    /// Minutes in a zone.
    public func minutes(_ zone: HeartRateZone) -> Double { Double(self[zone]) / 60_000 }

    /// Adds another's time, zone by zone (a day's sessions, a week's days, a span's sessions).
    public static func += (a: inout ZoneTimes, b: ZoneTimes) {
        for i in 0..<zoneCount { a.ms[i] += b.ms[i] }
    }
}

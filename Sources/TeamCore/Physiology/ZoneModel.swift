/// How intensity is measured for zones.
public enum ZoneModel: String, Sendable, Codable, CaseIterable {
    /// Percentage of maximum heart rate.
    case percentOfMax
    /// Karvonen: percentage of heart-rate reserve (max − resting).
    case heartRateReserve
}

/// The five training zones (50–60, 60–70, 70–80, 80–90, 90–100 %), plus
/// "below zone 1" for warm-up and rest.
public enum HeartRateZone: Int, Sendable, Codable, CaseIterable, Comparable {
    case rest = 0, z1, z2, z3, z4, z5

    /// Lower bound of each zone in percent; zone 5 has no upper bound (above 100 % stays in 5).
    public static let lowerBoundPercent: [HeartRateZone: Double] = [.z1: 50, .z2: 60, .z3: 70, .z4: 80, .z5: 90]

    public init(intensity percent: Double) {
        switch percent {
        case 90...: self = .z5
        case 80..<90: self = .z4
        case 70..<80: self = .z3
        case 60..<70: self = .z2
        case 50..<60: self = .z1
        default: self = .rest
        }
    }

    public static func < (a: HeartRateZone, b: HeartRateZone) -> Bool { a.rawValue < b.rawValue }
}

import TeamCore

/// The challenge rules as pure functions over the players' live figures.
public enum ChallengeScoring {
    /// A side's effort points per player (0 for a side nobody of which is in the session).
    public static func effortPerPlayer(_ points: [Double]) -> Double {
        points.isEmpty ? 0 : points.reduce(0, +) / Double(points.count)
    }

    /// A side's mean zone (0 rest … 5); nil when none of its players has a signal.
    public static func meanZone(_ zones: [HeartRateZone]) -> Double? {
        zones.isEmpty ? nil : Double(zones.reduce(0) { $0 + $1.rawValue }) / Double(zones.count)
    }

    /// The index of the side in the higher zone; nil on a tie, or when either side has no signal
    /// (a side that cannot be seen is not beaten).
    public static func sideAhead(_ levels: [Double?]) -> Int? {
        guard levels.count == 2, let a = levels[0], let b = levels[1], a != b else { return nil }
        return a > b ? 0 : 1
    }
}

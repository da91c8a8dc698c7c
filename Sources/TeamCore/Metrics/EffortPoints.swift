/// Session effort points: minutes weighted by zone (zone n earns n points a minute).
/// Zones come from each player's own max/reserve, so a fit and an unfit player
/// working equally hard for their bodies earn the same — a fair ranking.
public enum EffortPoints {
    public static func perMinute(_ zone: HeartRateZone) -> Double { Double(zone.rawValue) }

    /// Points for holding `zone` for `ms`; gaps longer than the no-signal limit earn nothing.
    public static func points(zone: HeartRateZone, ms: Int64) -> Double {
        guard ms > 0, ms <= NoSignal.afterMs else { return 0 }
        return perMinute(zone) * Double(ms) / 60_000
    }
}

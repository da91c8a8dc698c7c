import Foundation
import TeamCore

/// Training-load formulas. Both are summed per sample interval, so an
/// intermittent session is weighted by what the heart actually did rather
/// than by its mean.
public enum TrainingLoad {
    /// Banister (1991) TRIMP weight per minute at a fraction `x` of heart-rate
    /// reserve: x · a · e^(b·x), with a = 0.64, b = 1.92 for men and
    /// a = 0.86, b = 1.67 for women. `x` is clamped to 0…1.
    public static func banisterPerMinute(fractionOfReserve x: Double, sex: Sex) -> Double {
        let x = min(1, max(0, x))
        switch sex {
        case .male: return x * 0.64 * exp(1.92 * x)
        case .female: return x * 0.86 * exp(1.67 * x)
        }
    }

    /// Edwards (1993): minutes in the %HRmax zones 50–60 … 90–100 weighted 1…5.
    /// Always on %HRmax, whatever the session's zone model, as Edwards defined it.
    public static func edwardsWeight(percentOfMax: Double) -> Double {
        Double(HeartRateZone(intensity: percentOfMax).rawValue)
    }

    /// Effort points: 1…5 points per minute in zones 1…5 of the session's zone model
    /// (0 below zone 1) — the number players compare on the wall after a session.
    public static func effortPointsPerMinute(zone: HeartRateZone) -> Double {
        EffortPoints.perMinute(zone)
    }
}

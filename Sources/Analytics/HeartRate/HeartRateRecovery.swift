import TeamCore

/// Heart-rate recovery: how far the heart rate falls in the 60 s after an
/// effort ends (a lap mark or the end of the session). HR at a moment is the
/// mean of the samples within ±2.5 s of it, so one noisy reading does not decide.
public enum HeartRateRecovery {
    /// The recorder runs on this long after the effort (`Session.recoveryMs`).
    public static let delayMs: Int64 = Session.recoveryMs

    /// Drop in bpm (positive when the heart rate fell) from `endMs` to 60 s later.
    public static func drop(track: HeartRateTrack, afterEndAt endMs: Int64) -> Metric<Double> {
        guard let atEnd = track.heartRate(near: endMs) else { return .notEnoughData(.noDataAtEnd) }
        guard let later = track.heartRate(near: endMs + delayMs) else { return .notEnoughData(.noDataAfterEnd) }
        return .value(atEnd - later)
    }
}

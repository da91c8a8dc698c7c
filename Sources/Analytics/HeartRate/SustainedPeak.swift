/// The highest heart rate a player held for `holdMs` without a break: every sample of the stretch at
/// or above it, and the stretch covered by the track end to end (no dropout). An HRmax found in the
/// data rests on this plateau, never on one sample — a spike of interference, a strap settling, a
/// doubled beat count — which the track's plausibility rules alone do not catch.
public enum SustainedPeak {
    /// Five seconds: five notifications of a strap in a row.
    public static let holdMs: Int64 = 5000

    /// nil: no stretch of the track is `holdMs` long.
    public static func bpm(of track: HeartRateTrack, holdMs: Int64 = holdMs) -> Int? {
        var best: Int?
        let count = track.count
        // For each start the shortest stretch that reaches `holdMs` has the highest floor (a longer
        // one can only add lower samples): at one sample a second, about five steps a start.
        for start in 0..<count {
            var floor = Int.max, end = start
            while end < count {
                floor = min(floor, track.bpm[end])
                let reach = track.tMs[end] + track.spanMs[end]
                if reach - track.tMs[start] >= holdMs { break }
                // The next sample must begin where this one's span ends: a dropout breaks the hold.
                guard end + 1 < count, track.tMs[end + 1] <= reach else { end = count; break }
                end += 1
            }
            if (end < count) && floor > (best ?? Int.min) { best = floor }
        }
        return best
    }
}

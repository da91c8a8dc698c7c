/// The effort points a player had earned by each whole minute of a session, from its stored
/// samples by the rule the live tiles earn them (`LiveTile.observe`): each trusted heart rate is
/// held until the next one, in its zone under the session's physiology and zone model; gaps past
/// the no-signal limit earn nothing; nothing after the effort's end. What "vs last time" compares
/// with, minute by minute.
public enum EffortCurve {
    /// `samples` in time order; those without skin contact or a heart rate are skipped, as the
    /// tiles skip them. Element m is the points by m minutes (element 0 is 0), up to the minute
    /// after the effort's end (or the last sample).
    public static func perMinute(_ samples: [Sample], physiology: Physiology, model: ZoneModel, effortEndMs: Int64?) -> [Double] {
        let trusted = samples.filter { $0.bpm > 0 && $0.contact != .notDetected }
        guard let last = trusted.last else { return [0] }
        // A reading after the effort's end earns nothing, as on the tiles (the recovery minute is measured, not earned).
        let end = min(effortEndMs ?? last.tMs, last.tMs)
        var curve = [Double](repeating: 0, count: Int(max(0, end) / 60_000) + 2)
        var total = 0.0
        var minute = 1
        for (a, b) in zip(trusted, trusted.dropFirst()) where b.tMs <= end {
            let ms = b.tMs - a.tMs
            let perMs = ms > 0 ? EffortPoints.points(zone: physiology.zone(Double(a.bpm), model: model), ms: ms) / Double(ms) : 0
            // Minute marks up to this reading: the points until the mark.
            while minute < curve.count, Int64(minute) * 60_000 <= b.tMs {
                curve[minute] = total + perMs * Double(max(0, Int64(minute) * 60_000 - a.tMs))
                minute += 1
            }
            total += perMs * Double(ms)
        }
        while minute < curve.count {
            curve[minute] = total
            minute += 1
        }
        return curve
    }

    /// The points at `ms` into a session on a curve of `perMinute`: between two minutes, on the
    /// straight line between them; past its end, its last value.
    public static func points(_ curve: [Double], atMs ms: Int64) -> Double {
        guard let last = curve.last else { return 0 }
        let minute = Int(max(0, ms) / 60_000)
        guard minute + 1 < curve.count else { return last }
        let within = Double(max(0, ms) % 60_000) / 60_000
        return curve[minute] + (curve[minute + 1] - curve[minute]) * within
    }
}

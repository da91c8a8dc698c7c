import TeamCore

/// One player's trusted heart rates over the last five minutes, at most one a second: what the
/// live graph draws. Kept with the tile from the session's start, so the graph is full the moment
/// the coach opens it.
public struct RecentHeartRates: Sendable, Equatable {
    /// How far back the live graph looks.
    public static let windowMs: Int64 = 5 * 60_000
    /// Older points are dropped a minute's worth at a time, so appending stays cheap.
    static let slackMs: Int64 = 60_000

    /// Oldest first; app clock ms.
    public private(set) var points: [SeriesPoint] = []

    public init() {}

    /// A reading at `t` (app clock ms): a second reading in the same second replaces the first.
    mutating func append(bpm: Int, atMs t: Int64) {
        if let last = points.last {
            guard t >= last.tMs else { return }
            if t / 1000 == last.tMs / 1000 {
                points[points.count - 1] = SeriesPoint(tMs: t, bpm: bpm)
                return
            }
        }
        points.append(SeriesPoint(tMs: t, bpm: bpm))
        if let first = points.first, t - first.tMs > Self.windowMs + Self.slackMs {
            points.removeFirst(points.firstIndex { t - $0.tMs <= Self.windowMs } ?? points.count)
        }
    }

    /// The points of the five minutes up to `nowMs`.
    public func window(endingAt nowMs: Int64) -> ArraySlice<SeriesPoint> {
        let from = nowMs - Self.windowMs
        let start = points.firstIndex { $0.tMs >= from } ?? points.count
        return points[start...]
    }
}

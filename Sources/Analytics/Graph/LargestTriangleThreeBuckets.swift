/// Largest-Triangle-Three-Buckets downsampling (Steinarsson 2013, "Downsampling
/// Time Series for Visual Representation"): keeps the first and last point and,
/// from each bucket between, the point that spans the largest triangle with the
/// previously kept point and the next bucket's average — peaks survive, unlike
/// plain decimation or averaging.
public enum LargestTriangleThreeBuckets {
    public struct Point: Sendable, Equatable {
        public var x: Double
        public var y: Double
        public init(x: Double, y: Double) { self.x = x; self.y = y }
    }

    /// At most `threshold` points of `points` (sorted by x); all of them when there are fewer.
    public static func downsample(_ points: [Point], to threshold: Int) -> [Point] {
        guard threshold >= 3, points.count > threshold else { return points }
        var out: [Point] = [points[0]]
        out.reserveCapacity(threshold)
        let every = Double(points.count - 2) / Double(threshold - 2)
        var a = 0
        for bucket in 0..<(threshold - 2) {
            let start = Int(Double(bucket) * every) + 1
            let end = min(Int(Double(bucket + 1) * every) + 1, points.count - 1)
            // Average of the next bucket (the last point for the last bucket).
            let nextStart = end, nextEnd = min(Int(Double(bucket + 2) * every) + 1, points.count)
            var avgX = 0.0, avgY = 0.0
            for p in points[nextStart..<max(nextEnd, nextStart + 1)] { avgX += p.x; avgY += p.y }
            let n = Double(max(nextEnd, nextStart + 1) - nextStart)
            avgX /= n; avgY /= n
            var best = start, bestArea = -1.0
            let pa = points[a]
            for i in start..<max(end, start + 1) {
                let area = abs((pa.x - avgX) * (points[i].y - pa.y) - (pa.x - points[i].x) * (avgY - pa.y))
                if area > bestArea { bestArea = area; best = i }
            }
            out.append(points[best])
            a = best
        }
        out.append(points[points.count - 1])
        return out
    }
}

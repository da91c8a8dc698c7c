/// Quantiles of a centred moving window, computed the way pandas'
/// `rolling(width, center=True, min_periods=1).quantile(q)` does (linear
/// interpolation; windows shrink at the ends), which is how the published
/// implementations of Lipponen & Tarvainen compute their thresholds.
/// Keeps the window sorted: O(n · width) moves of contiguous memory, no sort per step.
enum RollingQuantiles {
    /// For each index, the quantiles `qs` of values[i − h … i + h] (h = width / 2, width odd).
    static func centred(_ values: [Double], width: Int, quantiles qs: [Double]) -> [[Double]] {
        let half = width / 2, n = values.count
        var out = qs.map { _ in [Double](repeating: 0, count: n) }
        var window: [Double] = []
        window.reserveCapacity(width + 1)
        var added = 0 // values[0..<added] have entered the window
        for i in 0..<n {
            while added < n, added <= i + half {
                insert(values[added], into: &window)
                added += 1
            }
            let leaving = i - half - 1
            if leaving >= 0 { remove(values[leaving], from: &window) }
            for (k, q) in qs.enumerated() { out[k][i] = quantile(sorted: window, q) }
        }
        return out
    }

    static func quantile(sorted v: [Double], _ q: Double) -> Double {
        let position = q * Double(v.count - 1)
        let lo = Int(position.rounded(.down)), hi = min(lo + 1, v.count - 1)
        return v[lo] + (v[hi] - v[lo]) * (position - Double(lo))
    }

    private static func lowerBound(_ x: Double, in v: [Double]) -> Int {
        var lo = 0, hi = v.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if v[mid] < x { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    private static func insert(_ x: Double, into v: inout [Double]) {
        v.insert(x, at: lowerBound(x, in: v))
    }

    private static func remove(_ x: Double, from v: inout [Double]) {
        v.remove(at: lowerBound(x, in: v))
    }
}

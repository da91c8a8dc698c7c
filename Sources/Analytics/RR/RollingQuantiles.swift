/// Quantiles of a centred moving window, computed the way pandas'
/// `rolling(width, center=True, min_periods=1).quantile(q)` does (linear
/// interpolation; windows shrink at the ends), which is how the published
/// implementations of Lipponen & Tarvainen compute their thresholds.
/// Keeps the window sorted in a fixed buffer: each step is two binary searches
/// and two short memmoves, no allocation and no sort.
enum RollingQuantiles {
    /// For each index, the quantiles `qs` of values[i − h … i + h] (h = width / 2, width odd).
    static func centred(_ values: [Double], width: Int, quantiles qs: [Double]) -> [[Double]] {
        let half = width / 2, n = values.count
        let window = UnsafeMutablePointer<Double>.allocate(capacity: width + 1)
        defer { window.deallocate() }
        let outputs = qs.map { _ in UnsafeMutablePointer<Double>.allocate(capacity: max(n, 1)) }
        defer { outputs.forEach { $0.deallocate() } }
        values.withUnsafeBufferPointer { v in
            var size = 0
            var added = 0 // v[0..<added] have entered the window
            for i in 0..<n {
                while added < n, added <= i + half {
                    let x = v[added], at = lowerBound(x, window, size)
                    (window + at + 1).update(from: window + at, count: size - at)
                    window[at] = x
                    size += 1
                    added += 1
                }
                let leaving = i - half - 1
                if leaving >= 0 {
                    let at = lowerBound(v[leaving], window, size)
                    (window + at).update(from: window + at + 1, count: size - at - 1)
                    size -= 1
                }
                for k in 0..<qs.count {
                    let position = qs[k] * Double(size - 1)
                    let lo = Int(position), hi = min(lo + 1, size - 1)
                    outputs[k][i] = window[lo] + (window[hi] - window[lo]) * (position - Double(lo))
                }
            }
        }
        return outputs.map { Array(UnsafeBufferPointer(start: $0, count: n)) }
    }

    /// First index whose value is not below `x`.
    @inline(__always)
    private static func lowerBound(_ x: Double, _ v: UnsafeMutablePointer<Double>, _ count: Int) -> Int {
        var lo = 0, hi = count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if v[mid] < x { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}

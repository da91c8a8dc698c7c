/// A natural cubic spline through (x, y) points with increasing x — the
/// interpolation HRV tools use to turn uneven beats into an even series.
struct NaturalCubicSpline {
    private let x: [Double], y: [Double]
    /// Second derivatives at the knots (0 at both ends: "natural").
    private let m: [Double]

    init(x: [Double], y: [Double]) {
        self.x = x
        self.y = y
        let n = x.count
        var m = [Double](repeating: 0, count: n)
        if n > 2 {
            // Thomas algorithm on the tridiagonal system for the inner knots. Through buffer pointers
            // (every index below is in [0, n)): the same arithmetic in the same order, no bounds checks.
            var c = [Double](repeating: 0, count: n), d = [Double](repeating: 0, count: n)
            x.withUnsafeBufferPointer { x in
                y.withUnsafeBufferPointer { y in
                    c.withUnsafeMutableBufferPointer { c in
                        d.withUnsafeMutableBufferPointer { d in
                            for i in 1..<(n - 1) {
                                let h0 = x[i] - x[i - 1], h1 = x[i + 1] - x[i]
                                let a = h0, b = 2 * (h0 + h1), cc = h1
                                let r = 6 * ((y[i + 1] - y[i]) / h1 - (y[i] - y[i - 1]) / h0)
                                let denominator = b - a * c[i - 1]
                                c[i] = cc / denominator
                                d[i] = (r - a * d[i - 1]) / denominator
                            }
                            m.withUnsafeMutableBufferPointer { m in
                                for i in stride(from: n - 2, through: 1, by: -1) { m[i] = d[i] - c[i] * m[i + 1] }
                            }
                        }
                    }
                }
            }
        }
        self.m = m
    }

    /// Values at evenly spaced points from x[0], `step` apart, up to x[last].
    func sampled(step: Double) -> [Double] {
        guard let first = x.first, let last = x.last, x.count >= 2 else { return [] }
        let count = Int(((last - first) / step).rounded(.down)) + 1
        // Through buffer pointers (k + 1 ≤ x.count − 1, i < count): the same arithmetic in the same order.
        return [Double](unsafeUninitializedCapacity: count) { out, initialized in
            x.withUnsafeBufferPointer { x in
                y.withUnsafeBufferPointer { y in
                    m.withUnsafeBufferPointer { m in
                        var k = 0
                        let lastKnot = x.count - 2
                        for i in 0..<count {
                            let t = first + Double(i) * step
                            while k < lastKnot, t > x[k + 1] { k += 1 }
                            let h = x[k + 1] - x[k], a = (x[k + 1] - t) / h, b = (t - x[k]) / h
                            out[i] = a * y[k] + b * y[k + 1] + ((a * a * a - a) * m[k] + (b * b * b - b) * m[k + 1]) * h * h / 6
                        }
                    }
                }
            }
            initialized = count
        }
    }
}

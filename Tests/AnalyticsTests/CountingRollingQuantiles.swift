/// `RollingQuantiles` as it was before its places were found in three levels (issue 34): the
/// sorted window's places found by counting every value below, four lanes at a time. Kept verbatim
/// (only renamed) as the oracle of `RollingQuantilesTests`: the new search must give the same
/// places, so the same windows and the same quantiles, bit for bit.
enum CountingRollingQuantiles {
    /// Quantiles `q0` (into `out0`) and, if given, `q1` (into `out1`) of the windows
    /// values[i − half … i + half] ∩ [0, count) for every i in `range`.
    /// `window` needs room for 2 · half + 1 values; no value may be NaN.
    static func centred(_ v: UnsafePointer<Double>, count n: Int, half: Int, range: Range<Int>,
                        window w: UnsafeMutablePointer<Double>,
                        _ q0: Double, _ out0: UnsafeMutablePointer<Double>,
                        _ q1: Double, _ out1: UnsafeMutablePointer<Double>?) {
        assert(half >= 0 && range.lowerBound >= 0 && range.upperBound <= n)
        guard !range.isEmpty else { return }
        let first = range.lowerBound, end = range.upperBound
        // The window of `first`, built by insertion.
        var lo = max(0, first - half), hi = min(n - 1, first + half)
        var size = 0
        for k in lo...hi { insert(v[k]) }
        emit(first)
        // Windows that are full on both sides: one value leaves, one enters, the size stays.
        let fullFrom = max(first + 1, half + 1), fullTo = min(end, n - half)
        var i = first + 1
        while i < end {
            if i == fullFrom && i < fullTo {
                let full = 2 * half + 1
                let p0 = q0 * Double(full - 1), a0 = Int(p0), b0 = min(a0 + 1, full - 1), f0 = p0 - Double(a0)
                let p1 = q1 * Double(full - 1), a1 = Int(p1), b1 = min(a1 + 1, full - 1), f1 = p1 - Double(a1)
                let small = half <= 8
                while i < fullTo {
                    if small {
                        replaceNearby(v[i &- half &- 1], with: v[i &+ half])
                    } else {
                        replace(v[i &- half &- 1], with: v[i &+ half])
                    }
                    out0[i] = w[a0] + (w[b0] - w[a0]) * f0
                    if let out1 { out1[i] = w[a1] + (w[b1] - w[a1]) * f1 }
                    i &+= 1
                }
                lo = i - 1 - half; hi = i - 1 + half
                continue
            }
            let newLo = max(0, i - half), newHi = min(n - 1, i + half)
            if newHi > hi {
                if newLo > lo { replace(v[lo], with: v[newHi]) } else { insert(v[newHi]) }
            } else if newLo > lo {
                remove(v[lo])
            }
            lo = newLo; hi = newHi
            emit(i)
            i += 1
        }

        @inline(__always) func emit(_ i: Int) {
            out0[i] = quantile(q0)
            if let out1 { out1[i] = quantile(q1) }
        }
        @inline(__always) func quantile(_ q: Double) -> Double {
            let position = q * Double(size - 1)
            let a = Int(position), b = min(a + 1, size - 1)
            return w[a] + (w[b] - w[a]) * (position - Double(a))
        }
        // The values between the leaving value's place and the entering value's place move by one.
        @inline(__always) func replace(_ x: Double, with y: Double) {
            let (p, q) = countsBelow(x, y, w, size)
            if q > p {
                (w + p).update(from: w + p + 1, count: q &- p &- 1)
                w[q &- 1] = y
            } else {
                (w + q + 1).update(from: w + q, count: p &- q)
                w[q] = y
            }
        }
        // Small windows: a scan and a few moves beat two searches and a memmove call.
        @inline(__always) func replaceNearby(_ x: Double, with y: Double) {
            let count = size
            var j = 0
            while w[j] < x { j &+= 1 } // x is in the window: the first value not below it
            if y > x {
                while j &+ 1 < count, w[j &+ 1] < y { w[j] = w[j &+ 1]; j &+= 1 }
            } else {
                while j > 0, w[j &- 1] > y { w[j] = w[j &- 1]; j &-= 1 }
            }
            w[j] = y
        }
        @inline(__always) func insert(_ y: Double) {
            let count = size, q = countsBelow(y, y, w, count).0
            (w + q + 1).update(from: w + q, count: count &- q)
            w[q] = y
            size = count &+ 1
        }
        @inline(__always) func remove(_ x: Double) {
            let count = size, p = countsBelow(x, x, w, count).0
            (w + p).update(from: w + p + 1, count: count &- p &- 1)
            size = count &- 1
        }
    }

    /// How many values are below `x` and below `y` — in a sorted window, their lower
    /// bounds. Four lanes at a time with no dependency between steps: quicker than two
    /// binary searches, whose every step waits for the last.
    @inline(__always)
    static func countsBelow(_ x: Double, _ y: Double, _ v: UnsafeMutablePointer<Double>, _ count: Int) -> (Int, Int) {
        let zero = SIMD4<Int64>(), one = SIMD4<Int64>(repeating: 1)
        let xs = SIMD4<Double>(repeating: x), ys = SIMD4<Double>(repeating: y)
        var below0 = zero, below1 = zero
        let raw = UnsafeRawPointer(v)
        var k = 0
        while k &+ 4 <= count {
            let chunk = raw.loadUnaligned(fromByteOffset: k &* 8, as: SIMD4<Double>.self)
            below0 &+= zero.replacing(with: one, where: chunk .< xs)
            below1 &+= zero.replacing(with: one, where: chunk .< ys)
            k &+= 4
        }
        var a = Int(below0.wrappedSum()), b = Int(below1.wrappedSum())
        while k < count {
            if v[k] < x { a &+= 1 }
            if v[k] < y { b &+= 1 }
            k &+= 1
        }
        return (a, b)
    }
}

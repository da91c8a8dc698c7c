/// Quantiles of a centred moving window, computed the way pandas'
/// `rolling(width, center=True, min_periods=1).quantile(q)` does (linear
/// interpolation; windows shrink at the ends), which is how the published
/// implementations of Lipponen & Tarvainen compute their thresholds.
///
/// The window is kept sorted in a fixed buffer. A step that lets one value in and
/// one out finds both values' places (`lowerBound`: three levels of branch-free
/// counting) and shifts only the values between those places: no allocation, no
/// sort. Any range of outputs can be computed on its own (the window starts from that
/// range's first index), so a later detection pass recomputes only the windows whose
/// inputs changed.
///
/// Memory safety, given the preconditions of `centred` (v and the outputs hold `count` values,
/// `range` lies in [0, count), `window` holds 2 · half + 2, no value is NaN): inputs are read at
/// lo…hi, clamped to [0, count) — in the full-window loop at i − half − 1 ≥ 0 (i ≥ half + 1)
/// and i + half < count (i < count − half); outputs are written at i ∈ `range`. The window holds
/// exactly the values v[lo…hi], sorted, so its size never exceeds 2 · half + 1, and a value
/// leaving it is one that is there: its lower bound `p` is below the size, the scan in
/// `replaceNearby` stops at it, and every shift moves elements within [0, size]. The quantiles
/// read positions a ≤ b ≤ size − 1. (A NaN would break "sorted", hence the precondition; the
/// detector keeps every input finite.) The 91-beat window's full steps (`lowerBound91`) also read
/// w[91], the sentinel +∞ written there when they start: no shift reaches it (they stay within
/// [0, size − 1] = [0, 90], and before them the window never held more than 91 values).
enum RollingQuantiles {
    /// Quantiles `q0` (into `out0`) and, if given, `q1` (into `out1`) of the windows
    /// values[i − half … i + half] ∩ [0, count) for every i in `range`.
    /// `window` needs room for 2 · half + 2 values (one for the 91-beat window's sentinel); no value may be NaN.
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
                // The detector's 91-beat windows: the three levels unrolled (`lowerBound91`).
                let small = half <= 8, detectors = half == 45
                if detectors { w[full] = .infinity }
                while i < fullTo {
                    if small {
                        replaceNearby(v[i &- half &- 1], with: v[i &+ half])
                    } else if detectors {
                        let x = v[i &- half &- 1], y = v[i &+ half]
                        shift(lowerBound91(x, w), lowerBound91(y, w), y)
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
            shift(p, q, y)
        }
        // The leaving value is at p; y enters where q values are below it.
        @inline(__always) func shift(_ p: Int, _ q: Int, _ y: Double) {
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
            let count = size, q = lowerBound(y, w, count)
            (w + q + 1).update(from: w + q, count: count &- q)
            w[q] = y
            size = count &+ 1
        }
        @inline(__always) func remove(_ x: Double) {
            let count = size, p = lowerBound(x, w, count)
            (w + p).update(from: w + p + 1, count: count &- p &- 1)
            size = count &- 1
        }
    }

    /// How many values are below `x` and below `y` — in a sorted window, their lower bounds.
    @inline(__always)
    static func countsBelow(_ x: Double, _ y: Double, _ v: UnsafeMutablePointer<Double>, _ count: Int) -> (Int, Int) {
        (lowerBound(x, v, count), lowerBound(y, v, count))
    }

    /// The number of values below `x` in the sorted v[0..<count], in three levels: every 16th value,
    /// then every 4th of the 15 that are left, then the last 3 or fewer. Each level counts with no
    /// branch on the data, and only the three levels wait for each other: 11 comparisons for the
    /// 91-beat window, where counting all values took 91 and a binary search waits on 7 loads in a
    /// row (which the compiler also turns into branches that mispredict half the time).
    ///
    /// Why it is the lower bound: if c of the values at 15, 31, … are below x, then v[16c − 1] < x
    /// (sorted, so everything before 16c is) and v[16c + 15] ≥ x if it exists (so everything from
    /// there on is): the bound is in [16c, min(16c + 15, count)]. The same argument, with 4, narrows
    /// it to three values, which are counted. Reads stay in [0, count).
    @inline(__always)
    static func lowerBound(_ x: Double, _ v: UnsafeMutablePointer<Double>, _ count: Int) -> Int {
        var below = 0
        var k = 15
        while k < count { below &+= v[k] < x ? 1 : 0; k &+= 16 }
        var from = below &* 16
        let to = min(from &+ 15, count)
        below = 0
        k = from &+ 3
        while k < to { below &+= v[k] < x ? 1 : 0; k &+= 4 }
        from &+= below &* 4
        var bound = from
        let last = min(from &+ 3, to)
        while from < last { bound &+= v[from] < x ? 1 : 0; from &+= 1 }
        return bound
    }

    /// `lowerBound` for the detector's full 91-beat window, unrolled: v[0..<91] sorted and v[91] = +∞
    /// (a sentinel, so the second level needs no bound). The same three levels and 11 comparisons, the
    /// same answer, with no loop: ≈ 25 instructions where the loops took ≈ 97 (callgrind, issue 34).
    ///
    /// Why: the first level counts v[15], v[31], …, v[79] (c of them below x, so the bound is in
    /// [16c, 16c + 15], or [80, 91] for c = 5). The second counts v[16c + 3], v[16c + 7], v[16c + 11]:
    /// for c = 5 the last is the sentinel, never below a finite x, so the bound ends in [from, from + 3]
    /// with from + 2 ≤ 90. The third counts v[from], v[from + 1], v[from + 2]. Reads stay in [0, 91].
    ///
    /// Not inlined: inlined into a step, the compiler shared the first search's loads with the
    /// second and turned the second's counting into branches on the data (which mispredict): the
    /// correction's CPU time was no better than the loops'. Called, each search stays branch-free
    /// (≈ 23 instructions and a call; the same CPU time as before here, for 15 % fewer instructions).
    @inline(never)
    static func lowerBound91(_ x: Double, _ v: UnsafeMutablePointer<Double>) -> Int {
        var c = (v[15] < x ? 1 : 0) &+ (v[31] < x ? 1 : 0) &+ (v[47] < x ? 1 : 0)
        c &+= (v[63] < x ? 1 : 0) &+ (v[79] < x ? 1 : 0)
        var from = c &* 16
        c = (v[from &+ 3] < x ? 1 : 0) &+ (v[from &+ 7] < x ? 1 : 0) &+ (v[from &+ 11] < x ? 1 : 0)
        from &+= c &* 4
        return from &+ (v[from] < x ? 1 : 0) &+ (v[from &+ 1] < x ? 1 : 0) &+ (v[from &+ 2] < x ? 1 : 0)
    }

    /// For each index, the quantiles `qs` of values[i − h … i + h] (h = width / 2, width odd);
    /// the whole series at once (tests and one-off callers). Every output index is written, so the
    /// uninitialised arrays are whole when returned.
    static func centred(_ values: [Double], width: Int, quantiles qs: [Double]) -> [[Double]] {
        precondition(!values.contains { $0.isNaN }, "a NaN has no place in a sorted window")
        let n = values.count, half = width / 2
        let window = UnsafeMutablePointer<Double>.allocate(capacity: 2 * half + 2)
        defer { window.deallocate() }
        return qs.map { q in
            [Double](unsafeUninitializedCapacity: n) { out, count in
                values.withUnsafeBufferPointer { v in
                    if n > 0 { centred(v.baseAddress!, count: n, half: half, range: 0..<n, window: window, q, out.baseAddress!, 0, nil) }
                }
                count = n
            }
        }
    }
}

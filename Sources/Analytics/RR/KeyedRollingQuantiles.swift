/// The detector's 91-beat window quantiles counted over the values' integer keys instead of kept
/// in a sorted window: the same outputs as `RollingQuantiles.centred`, bit for bit, in fewer
/// instructions a step (issue 34, decision 107).
///
/// Why keys: the detector's |dRR| and |mRR| come from beat times that are sums of the strap's
/// intervals, whole 1/1024 s (`RRInterval.milliseconds`: k · 125/128 ms, exact in a double), and
/// from the correction's midpoints between them. Almost every value is therefore a whole number of
/// 125/256 ms (half the strap's tick) below a few seconds: its key, an integer in [0, 65 536). A
/// window is then a multiset of small integers — a count a key, a bit a key set where the count is
/// not zero, a summary bit a word of them — and a value leaving or entering is a count and at most
/// two bits changed, with no search and no shift. A quantile's place is kept by a cursor (the key
/// at that place and how many of the window's values lie below it), which a step moves by at most
/// one occupied key, found by a bit scan, instead of searching again.
///
/// Exactness: a key stands for one double, `value(key)`, and a value gets a key only when it is that
/// double bit for bit (`key(_:)` checks the round trip). So a window's k-th smallest key stands for
/// exactly its k-th smallest value, and a quantile is the same arithmetic on the same two doubles
/// (`w[a] + (w[b] − w[a]) · f`, with `a`, `b` and `f` made as `RollingQuantiles` makes them). A value
/// without a key (the series means at index 0, a midpoint of midpoints, a series in other units, −0,
/// 32 s or more) is no error: every output whose window holds one is computed by
/// `RollingQuantiles.centred`, the sorted window, as before.
///
/// Memory safety, given the preconditions of `centred` (those of `RollingQuantiles.centred`, and
/// `reserve(count)` before): keys are written and read at [lo, hi] ⊆ [0, count), the scratch's
/// reserved size; counts, words and summary words are indexed by keys in [0, keyCount) (`key`
/// gives those or −1, and a window with a −1 goes to the sorted window), by key / 64 and by key / 4096. A count never exceeds the window's size (≤ 181
/// < 256: `half` < 91 is asserted): the structure holds exactly the keys of v[lo…hi]. `next` and
/// `previous` are called only where an occupied key above (below) the cursor exists — the place
/// sought is below the window's size, resp. the cursor has values below it — so their scans of the
/// summary stop within it. Every key entered is cleared before `counted` returns, so the counts and
/// bits are all zero between calls.
final class KeyedRollingQuantiles {
    /// Keys are values in units of 125/256 ms: [0, 32 s).
    static let keyCount = 1 << 16
    private static let wordCount = keyCount / 64, summaryCount = wordCount / 64

    /// How many of the window's values have each key.
    private let counts = UnsafeMutablePointer<UInt8>.allocate(capacity: keyCount)
    /// Bit k % 64 of word k / 64: counts[k] > 0.
    private let words = UnsafeMutablePointer<UInt64>.allocate(capacity: wordCount)
    /// Bit w % 64 of summary word w / 64: words[w] ≠ 0.
    private let summary = UnsafeMutablePointer<UInt64>.allocate(capacity: summaryCount)

    /// The inputs' keys (−1: none), by the inputs' index: a scratch for `centred`.
    private var keys = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    private var keyCapacity = 1

    init() {
        counts.initialize(repeating: 0, count: Self.keyCount)
        words.initialize(repeating: 0, count: Self.wordCount)
        summary.initialize(repeating: 0, count: Self.summaryCount)
    }

    deinit {
        counts.deallocate()
        words.deallocate()
        summary.deallocate()
        keys.deallocate()
    }

    /// Room for the keys of `n` inputs (contents dropped).
    func reserve(_ n: Int) {
        guard n > keyCapacity else { return }
        keys.deallocate()
        keyCapacity = n + n / 8
        keys = UnsafeMutablePointer<Int32>.allocate(capacity: keyCapacity)
    }

    /// The double a key stands for: key · 125/256 ms, exact (both products are exact in a double).
    @inline(__always)
    static func value(_ key: Int) -> Double { Double(key &* 125) * 0.00390625 }

    /// The key of `v`, or −1 if no key stands for it bit for bit.
    ///
    /// v · 256 is exact (a power of two; a value too large for it has no key anyway). Adding 1.5 · 2⁵²
    /// rounds it to an integer and puts that integer in the low bits of the sum (for 0 ≤ v · 256 < 2⁵¹);
    /// its low 24 bits over 125 is the candidate key. Whatever v is (negative, huge, not a number), the
    /// candidate is then checked: it is v's key only if it is in range and stands for v bit for bit.
    @inline(__always)
    static func key(_ v: Double) -> Int {
        let rounded = (v * 256 + 6_755_399_441_055_744).bitPattern
        let candidate = Int(truncatingIfNeeded: rounded & 0xFF_FFFF) / 125
        return candidate < keyCount && value(candidate).bitPattern == v.bitPattern ? candidate : -1
    }

    /// `RollingQuantiles.centred`'s outputs, bit for bit: quantiles `q0` (into `out0`) and, if given,
    /// `q1` (into `out1`) of the windows v[i − half … i + half] ∩ [0, count) for every i in `range`
    /// (half < 91). `window` is the sorted window's buffer (2 · half + 2 values), for outputs whose
    /// window holds a value without a key; `reserve(count)` must have been called.
    func centred(_ v: UnsafePointer<Double>, count n: Int, half: Int, range: Range<Int>,
                 window: UnsafeMutablePointer<Double>,
                 _ q0: Double, _ out0: UnsafeMutablePointer<Double>,
                 _ q1: Double, _ out1: UnsafeMutablePointer<Double>?) {
        assert(half >= 0 && half < 91 && range.lowerBound >= 0 && range.upperBound <= n && n <= keyCapacity)
        guard !range.isEmpty else { return }
        let first = range.lowerBound, end = range.upperBound
        let lo = max(0, first - half), hi = min(n - 1, end - 1 + half)
        // The keys of the values these windows read, and whether any has none. (Only these: a later
        // detection pass computes a few stretches of windows, and keys for the whole series would cost more.)
        let keys = keys
        var smallest: Int32 = 0
        for k in lo...hi {
            let key = Int32(truncatingIfNeeded: Self.key(v[k]))
            keys[k] = key
            smallest = min(smallest, key)
        }
        guard smallest < 0 else { return counted(keys, count: n, half: half, range: range, q0, out0, q1, out1) }
        // Outputs whose window holds a value without a key go to the sorted window, in stretches; a
        // short stretch between two such goes with them (a fresh window costs more than a few steps).
        let worthCounting = 16
        var done = first // outputs [first, done) are written
        var sortedFrom = -1, sortedTo = -1 // a pending stretch for the sorted window
        func flush() {
            guard sortedTo >= 0 else { return }
            if sortedFrom - done < worthCounting { sortedFrom = done }
            if sortedFrom > done { counted(keys, count: n, half: half, range: done..<sortedFrom, q0, out0, q1, out1) }
            RollingQuantiles.centred(v, count: n, half: half, range: sortedFrom..<sortedTo, window: window, q0, out0, q1, out1)
            done = sortedTo
        }
        for k in lo...hi where keys[k] < 0 {
            let from = max(first, k - half), to = min(end, k + half + 1)
            if sortedTo >= 0, from <= sortedTo + worthCounting { sortedTo = to; continue }
            flush()
            (sortedFrom, sortedTo) = (from, to)
        }
        if end - sortedTo < worthCounting { sortedTo = end }
        flush()
        if done < end { counted(keys, count: n, half: half, range: done..<end, q0, out0, q1, out1) }
    }

    /// A quantile's place in the window: the key there, how many of the window's values lie below that
    /// key, and the value the key stands for (kept: most steps leave the key where it was). Once
    /// `settle`d on place t: below ≤ t < below + counts[key].
    private struct Cursor {
        var key = 0, below = 0, value = 0.0 // value(0)
    }

    /// The windows of `range`, every one of whose values has a key.
    private func counted(_ keys: UnsafePointer<Int32>, count n: Int, half: Int, range: Range<Int>,
                         _ q0: Double, _ out0: UnsafeMutablePointer<Double>,
                         _ q1: Double, _ out1: UnsafeMutablePointer<Double>?) {
        guard !range.isEmpty else { return }
        let counts = counts, words = words, summary = summary
        let first = range.lowerBound, end = range.upperBound
        var lo = max(0, first - half), hi = min(n - 1, first + half)
        // The first window: no cursor to keep up yet (both start at key 0, with nothing below it).
        for k in lo...hi {
            let key = Int(keys[k])
            let count = counts[key]
            counts[key] = count &+ 1
            if count == 0 { mark(key) }
        }
        var size = hi - lo + 1
        var c0 = Cursor(), c1 = Cursor()
        emit(first)
        let fullFrom = max(first + 1, half + 1), fullTo = min(end, n - half)
        var i = first + 1
        while i < end {
            if i == fullFrom && i < fullTo {
                // Windows full on both sides: the places and fractions once.
                let full = 2 * half + 1
                let p0 = q0 * Double(full - 1), a0 = Int(p0), b0 = min(a0 + 1, full - 1), f0 = p0 - Double(a0)
                let p1 = q1 * Double(full - 1), a1 = Int(p1), b1 = min(a1 + 1, full - 1), f1 = p1 - Double(a1)
                // The step written out, the cursors in locals: one value leaves and one enters (the size
                // stays); when they are equal the window, so the outputs, are the last step's.
                var k0 = c0.key, below0 = c0.below, w0 = c0.value
                var k1 = c1.key, below1 = c1.below, w1 = c1.value
                var last0 = out0[i &- 1], last1 = out1?[i &- 1] ?? 0
                while i < fullTo {
                    let x = Int(keys[i &- half &- 1]), y = Int(keys[i &+ half])
                    if x != y {
                        let countX = counts[x] &- 1
                        counts[x] = countX
                        if countX == 0 {
                            let word = words[x &>> 6] & ~(1 &<< UInt64(x & 63))
                            words[x &>> 6] = word
                            if word == 0 { summary[x &>> 12] &= ~(1 &<< UInt64((x &>> 6) & 63)) }
                        }
                        let countY = counts[y]
                        counts[y] = countY &+ 1
                        if countY == 0 { mark(y) }
                        below0 = below0 &- (x < k0 ? 1 : 0) &+ (y < k0 ? 1 : 0)
                        below1 = below1 &- (x < k1 ? 1 : 0) &+ (y < k1 ? 1 : 0)
                        last0 = step(&k0, &below0, &w0, a0, b0, f0)
                        if out1 != nil { last1 = step(&k1, &below1, &w1, a1, b1, f1) }
                    }
                    out0[i] = last0
                    if let out1 { out1[i] = last1 }
                    i &+= 1
                }
                (c0.key, c0.below, c0.value) = (k0, below0, w0)
                (c1.key, c1.below, c1.value) = (k1, below1, w1)
                lo = i - 1 - half; hi = i - 1 + half
                continue
            }
            let newLo = max(0, i - half), newHi = min(n - 1, i + half)
            if newLo > lo { leave(Int(keys[lo])) }
            if newHi > hi { enter(Int(keys[newHi])) }
            lo = newLo; hi = newHi
            emit(i)
            i += 1
        }
        // Every count and bit back to zero for the next call (a key's bits may be cleared twice).
        for k in lo...hi {
            let key = Int(keys[k])
            counts[key] = 0
            words[key &>> 6] = 0
            summary[key &>> 12] = 0
        }

        // A full step's quantile: the cursor (key, below, value) settled on place a, then w[a] + (w[b] − w[a]) · f.
        @inline(__always) func step(_ key: inout Int, _ below: inout Int, _ value: inout Double, _ a: Int, _ b: Int, _ f: Double) -> Double {
            while below > a {
                key = previous(key)
                below &-= Int(counts[key])
                value = Self.value(key)
            }
            while below &+ Int(counts[key]) <= a {
                below &+= Int(counts[key])
                key = next(key)
                value = Self.value(key)
            }
            let wb = b == a || below &+ Int(counts[key]) > b ? value : Self.value(next(key))
            return value + (wb - value) * f
        }
        @inline(__always) func mark(_ key: Int) {
            words[key &>> 6] |= 1 &<< UInt64(key & 63)
            summary[key &>> 12] |= 1 &<< UInt64((key &>> 6) & 63)
        }
        @inline(__always) func emit(_ i: Int) {
            out0[i] = quantile(q0, &c0)
            if let out1 { out1[i] = quantile(q1, &c1) }
        }
        // As `RollingQuantiles.centred` makes it, for a window of any size.
        @inline(__always) func quantile(_ q: Double, _ c: inout Cursor) -> Double {
            let position = q * Double(size - 1)
            let a = Int(position), b = min(a + 1, size - 1)
            return quantile(&c, a, b, position - Double(a))
        }
        // w[a] + (w[b] − w[a]) · f, w[a] and w[b] the window's a-th and b-th smallest values (b is a or a + 1).
        @inline(__always) func quantile(_ c: inout Cursor, _ a: Int, _ b: Int, _ f: Double) -> Double {
            settle(&c, a)
            let wa = c.value
            let wb = b == a || c.below &+ Int(counts[c.key]) > b ? wa : Self.value(next(c.key))
            return wa + (wb - wa) * f
        }
        // Moves the cursor to the key of place t: by one occupied key at most in a step, by up to t
        // from key 0 for a fresh window.
        @inline(__always) func settle(_ c: inout Cursor, _ t: Int) {
            while c.below > t {
                c.key = previous(c.key)
                c.below &-= Int(counts[c.key])
                c.value = Self.value(c.key)
            }
            while c.below &+ Int(counts[c.key]) <= t {
                c.below &+= Int(counts[c.key])
                c.key = next(c.key)
                c.value = Self.value(c.key)
            }
        }
        @inline(__always) func enter(_ key: Int) {
            let count = counts[key]
            counts[key] = count &+ 1
            if count == 0 { mark(key) }
            c0.below &+= key < c0.key ? 1 : 0
            c1.below &+= key < c1.key ? 1 : 0
            size &+= 1
        }
        @inline(__always) func leave(_ key: Int) {
            let count = counts[key] &- 1
            counts[key] = count
            if count == 0 {
                let word = words[key &>> 6] & ~(1 &<< UInt64(key & 63))
                words[key &>> 6] = word
                if word == 0 { summary[key &>> 12] &= ~(1 &<< UInt64((key &>> 6) & 63)) }
            }
            c0.below &-= key < c0.key ? 1 : 0
            c1.below &-= key < c1.key ? 1 : 0
            size &-= 1
        }
        // The smallest occupied key above `key` (one exists).
        @inline(__always) func next(_ key: Int) -> Int {
            let above = words[key &>> 6] & (~UInt64(1) &<< UInt64(key & 63))
            if above != 0 { return (key & ~63) | above.trailingZeroBitCount }
            let w = key &>> 6
            var s = w &>> 6
            var bits = summary[s] & (~UInt64(1) &<< UInt64(w & 63))
            while bits == 0 { s &+= 1; bits = summary[s] }
            let word = (s &<< 6) | bits.trailingZeroBitCount
            return (word &<< 6) | words[word].trailingZeroBitCount
        }
        // The largest occupied key below `key` (one exists).
        @inline(__always) func previous(_ key: Int) -> Int {
            let below = words[key &>> 6] & ((1 &<< UInt64(key & 63)) &- 1)
            if below != 0 { return (key & ~63) | (63 &- below.leadingZeroBitCount) }
            let w = key &>> 6
            var s = w &>> 6
            var bits = summary[s] & ((1 &<< UInt64(w & 63)) &- 1)
            while bits == 0 { s &-= 1; bits = summary[s] }
            let word = (s &<< 6) | (63 &- bits.leadingZeroBitCount)
            return (word &<< 6) | (63 &- words[word].leadingZeroBitCount)
        }
    }
}

/// One Lipponen–Tarvainen detection pass at a time, keeping the previous pass's
/// series so the next pass (on the corrected peaks) recomputes its moving windows
/// only where their inputs changed.
///
/// Exactness: a centred window's quantiles are a function of the values in the
/// window (and of nothing else). An output is copied from the previous pass only
/// when every input of its window is bit-for-bit the input of a consecutive old
/// window of the same extent (ends clipped the same way); every other output is
/// computed afresh. The element-wise series (RR, dRR, mRR, normalised values) and the
/// decision flow are recomputed in full each pass — they are cheap. The result is
/// therefore identical to a detection from scratch, which the tests check against the
/// straightforward implementation on long random series. The 91-beat windows are counted
/// over their values' integer keys where every value has one (`KeyedRollingQuantiles`: the
/// sorted window's outputs, bit for bit), in the sorted window where one has none.
///
/// Memory safety: the series live in raw buffers this class owns (`DetectionSeries`, `Scratch`,
/// `window`; freed in the deinits), indexed without bounds checks on the hot path. Why every
/// access is in bounds, once (the `assert`s check the preconditions in debug builds and tests):
/// - A pass of n peaks reserves each series (and `map`) for at least n values and writes all of
///   [0, n) before any is read (`rr`, `absD` in the first loop; the window series by `rolling`, which
///   fills every output index by computing or copying it; `drrs`, `absM`, `mrrs` by their loops);
///   every index read is in [0, n): loops run to n, `decide` keeps to [0, n − 1] (`reflect` maps
///   −1…n into it; it runs only for n ≥ 4), neighbours are read only where guarded (`j + 1 < n`).
/// - The previous pass's series are read only at `map[k]`, which `matchPeaks` sets to −1 or to an
///   index below the previous count; a copied run is consecutive in both passes (`map[k] ==
///   map[k − 1] + 1`), so its old indices stay below that count too. `reserve` reallocates only
///   the current series (the one two passes old), never the previous one.
/// - `window` holds 2 · half + 2 ≤ thresholdWindow + 1 values for both windows (91 and 11): the 91-beat
///   window's sorted values and the sentinel after them (`RollingQuantiles.lowerBound91`).
/// - `counted` (the 91-beat windows, `KeyedRollingQuantiles`) has its keys' scratch reserved for n
///   in each pass before any window is computed.
/// - Every beat time is within ±`largestBeatTime`, so no difference, interval or interpolation
///   overflows: no infinity or NaN reaches a window, whose lower-bound searches rely on a value
///   that leaves being one that is there (`RollingQuantiles`).
final class ArtefactDetector {
    private var current = DetectionSeries(), previous = DetectionSeries()
    /// New index → index of the same peak in the previous pass, or −1.
    private var map = Scratch<Int>()
    private let window = UnsafeMutablePointer<Double>.allocate(capacity: LipponenTarvainen.thresholdWindow + 1)
    /// The 91-beat windows, counted over the values' keys (decision 107).
    private let counted = KeyedRollingQuantiles()
    /// Beat times beyond this are left alone: far above any session (ms since its start) and
    /// far below the doubles' largest finite value, so arithmetic on them stays finite.
    static let largestBeatTime = 1e300

    deinit {
        window.deallocate()
        map.deallocate()
    }

    /// Classifies the beats of `peaks`, reusing the previous call's windows where the inputs agree.
    /// A series with a non-finite beat time (or one beyond ±`largestBeatTime`) is left alone:
    /// nothing in it can be classified.
    func detect(_ peaks: [Double]) -> ArtefactIndices {
        swap(&current, &previous)
        let n = peaks.count
        var found = ArtefactIndices()
        guard n >= 4, peaks.allSatisfy({ abs($0) <= Self.largestBeatTime }) else { current.count = 0; return found }
        let s = current
        s.reserve(n)
        s.count = n
        counted.reserve(n)
        assert(s.capacity >= n && (previous.count == 0 || previous.capacity >= previous.count))
        let p = previous
        let reuse = p.count >= 4
        let rr = s.rr, absD = s.absD
        s.peaks = peaks
        // RR with the mean interval in front, dRR with the mean difference in front
        // (dRR itself is not kept: rr[k] − rr[k − 1] again gives the same value).
        var d0 = 0.0
        peaks.withUnsafeBufferPointer { peaks in
            let x = peaks.baseAddress!
            var sum = 0.0
            for k in 1..<n { let r = x[k] - x[k &- 1]; rr[k] = r; sum += r }
            rr[0] = sum / Double(n - 1)
            sum = 0
            for k in 1..<n { let e = rr[k] - rr[k &- 1]; absD[k] = abs(e); sum += e }
            d0 = sum / Double(n - 1)
            absD[0] = abs(d0)
        }
        if reuse { matchPeaks(s, p) }

        let c = LipponenTarvainen.self
        let alpha = c.alpha, half = c.thresholdWindow / 2, medianHalf = c.medianWindow / 2
        let q1d = s.q1d, q3d = s.q3d, drrs = s.drrs
        rolling(absD, p.absD, n: n, half: half, reuse: reuse, 0.25, q1d, p.q1d, 0.75, q3d, p.q3d)
        for k in 0..<n {
            let th = alpha * (q3d[k] - q1d[k]) / 2
            let d = k == 0 ? d0 : rr[k] - rr[k &- 1]
            drrs[k] = th != 0 ? d / th : .nan
        }
        let medrr = s.medrr, absM = s.absM
        rolling(rr, p.rr, n: n, half: medianHalf, reuse: reuse, 0.5, medrr, p.medrr, 0, nil, nil)
        for k in 0..<n {
            let deviation = rr[k] - medrr[k]
            absM[k] = abs(deviation < 0 ? 2 * deviation : deviation)
        }
        let q1m = s.q1m, q3m = s.q3m, mrrs = s.mrrs
        rolling(absM, p.absM, n: n, half: half, reuse: reuse, 0.25, q1m, p.q1m, 0.75, q3m, p.q3m)
        for k in 0..<n {
            let th = alpha * (q3m[k] - q1m[k]) / 2
            let deviation = rr[k] - medrr[k]
            let m = deviation < 0 ? 2 * deviation : deviation
            mrrs[k] = th != 0 ? m / th : .nan
        }
        decide(s, into: &found)
        return found
    }

    /// The last pass's moving-window series (dRR quartiles, RR median, mRR quartiles) and
    /// normalised dRR / mRR, for tests that compare an incremental pass with a fresh one.
    var lastWindows: [[Double]] {
        let s = current
        return [s.q1d, s.q3d, s.medrr, s.q1m, s.q3m, s.drrs, s.mrrs].map { (p: UnsafeMutablePointer<Double>) in Array(UnsafeBufferPointer(start: p, count: s.count)) }
    }

    /// The decision flow of the paper's Figure 1, including the reference
    /// implementation's step over a second candidate beat; s12 / s22 from
    /// reflect-padded neighbours, as numpy.pad(mode: "reflect").
    private func decide(_ s: DetectionSeries, into found: inout ArtefactIndices) {
        let n = s.count, last = n - 1
        let drrs = s.drrs, mrrs = s.mrrs, rr = s.rr, medrr = s.medrr, q1m = s.q1m, q3m = s.q3m
        let alpha = LipponenTarvainen.alpha
        let c1 = LipponenTarvainen.c1, c2 = LipponenTarvainen.c2
        @inline(__always) func reflect(_ j: Int) -> Int { j < 0 ? -j : (j > last ? 2 * last - j : j) }
        @inline(__always) func nanMax(_ a: Double, _ b: Double) -> Double { a.isNaN || b.isNaN ? .nan : max(a, b) }
        @inline(__always) func nanMin(_ a: Double, _ b: Double) -> Double { a.isNaN || b.isNaN ? .nan : min(a, b) }
        @inline(__always) func s12(_ k: Int) -> Double {
            let before = drrs[reflect(k - 1)], after = drrs[reflect(k + 1)]
            if drrs[k] > 0 { return nanMax(before, after) }
            if drrs[k] < 0 { return nanMin(before, after) }
            return 0
        }
        @inline(__always) func s22(_ k: Int) -> Double {
            let after = drrs[reflect(k + 1)], after2 = drrs[reflect(k + 2)]
            if drrs[k] >= 0 { return nanMin(after, after2) }
            if drrs[k] < 0 { return nanMax(after, after2) }
            return 0
        }
        var i = 0
        while i < n - 2 {
            if abs(drrs[i]) <= 1 { i += 1; continue }
            let eq1 = drrs[i] > 1 && s12(i) < -c1 * drrs[i] - c2
            let eq2 = drrs[i] < -1 && s12(i) > -c1 * drrs[i] + c2
            if eq1 || eq2 { found.ectopic.append(i); i += 1; continue }
            if !(abs(drrs[i]) > 1 || abs(mrrs[i]) > 3) { i += 1; continue }
            let candidates = abs(drrs[i + 1]) < abs(drrs[i + 2]) ? 2 : 1
            let start = i
            for j in start..<start + candidates {
                let eq3 = drrs[j] > 1 && s22(j) < -1
                let eq4 = abs(mrrs[j]) > 3
                let eq5 = drrs[j] < -1 && s22(j) > 1
                if !(eq3 || eq4 || eq5) { i += 1; continue }
                let th2 = alpha * (q3m[j] - q1m[j]) / 2
                let eq6 = abs(rr[j] / 2 - medrr[j]) < th2
                let eq7 = j + 1 < n && abs(rr[j] + rr[j + 1] - medrr[j]) < th2
                if eq5 && eq7 { found.extra.append(j) } else if eq3 && eq6 { found.missed.append(j) } else { found.longShort.append(j) }
                i += 1
            }
        }
    }

    /// Pairs each peak with the identical peak of the previous pass (both ascending).
    private func matchPeaks(_ s: DetectionSeries, _ p: DetectionSeries) {
        // Both peak arrays have exactly their pass's count (`s.peaks = peaks` before this call).
        assert(s.peaks.count == s.count && p.peaks.count == p.count)
        map.reserve(s.count)
        let map = map.base
        // The counts in locals: read through the classes, they were loaded again at every step (a
        // store through `map` might have changed them, as far as the compiler knows).
        let newCount = s.count, oldCount = p.count
        s.peaks.withUnsafeBufferPointer { new in
            p.peaks.withUnsafeBufferPointer { old in
                var j = 0
                for i in 0..<newCount {
                    let x = new[i]
                    // Most peaks are the old peak after the one the last matched: the loop below would
                    // step once and stop there, which this finds with one test fewer a step (issue 34).
                    if j &+ 1 < oldCount, old[j] < x, old[j &+ 1] == x { j &+= 1; map[i] = j; continue }
                    while j < oldCount, old[j] < x { j &+= 1 }
                    map[i] = j < oldCount && old[j] == x ? j : -1
                }
            }
        }
    }

    /// Fills `out0` (and `out1`) for every index: copied from the previous pass where
    /// the window's inputs are the same, computed where they are not (the 91-beat windows
    /// counted over keys, the 11-beat median in a sorted window).
    ///
    /// A run is a stretch of inputs each equal (bit for bit) to the input of the previous
    /// pass that `map` pairs it with, paired with consecutive old indices. An output whose
    /// whole window lies inside a run and away from both ends of the series had, in the
    /// previous pass, the same full window: the same values, so the same quantiles.
    private func rolling(_ input: UnsafeMutablePointer<Double>, _ oldInput: UnsafeMutablePointer<Double>,
                         n: Int, half: Int, reuse: Bool,
                         _ q0: Double, _ out0: UnsafeMutablePointer<Double>, _ old0: UnsafeMutablePointer<Double>,
                         _ q1: Double, _ out1: UnsafeMutablePointer<Double>?, _ old1: UnsafeMutablePointer<Double>?) {
        let window = window
        assert(2 * half + 2 <= LipponenTarvainen.thresholdWindow + 1, "the window buffer holds every value of a window and a sentinel")
        let counted = counted, keyed = half == LipponenTarvainen.thresholdWindow / 2
        func compute(_ range: Range<Int>) {
            if keyed {
                counted.centred(input, count: n, half: half, range: range, window: window, q0, out0, q1, out1)
            } else {
                RollingQuantiles.centred(input, count: n, half: half, range: range, window: window, q0, out0, q1, out1)
            }
        }
        guard reuse else { return compute(0..<n) }
        let map = map.base
        // Copying beats sliding the window only for longer stretches (a fresh window costs a few steps' work).
        let worthCopying = 16
        var done = 0 // outputs [0, done) are filled
        var k = 0
        while k < n {
            let j = map[k]
            assert(j < previous.count)
            guard j >= 0, input[k].bitPattern == oldInput[j].bitPattern else { k &+= 1; continue }
            let runStart = k
            k &+= 1
            // Eight at a time while all eight go on with the run (most of a later pass), then one at a time;
            // the same run as one at a time throughout, found with a sixth of the instructions.
            while k &+ 8 <= n {
                let next = map[k &- 1] &+ 1 // the old index the run expects at k
                var apart = 0
                for j in 0..<8 { apart |= map[k &+ j] ^ (next &+ j) }
                guard apart == 0 else { break } // now next…next + 7 are old indices, below the old count
                var differ: UInt64 = 0
                for j in 0..<8 { differ |= input[k &+ j].bitPattern ^ oldInput[next &+ j].bitPattern }
                guard differ == 0 else { break }
                k &+= 8
            }
            while k < n, map[k] == map[k &- 1] &+ 1, input[k].bitPattern == oldInput[map[k]].bitPattern { k &+= 1 }
            // Outputs whose full window lies inside [runStart, k).
            let from = max(runStart + half, half), to = min(k - 1 - half, n - 1 - half)
            guard to - from + 1 >= worthCopying else { continue }
            if from > done { compute(done..<from) }
            let oldFrom = map[from], count = to - from + 1
            (out0 + from).update(from: old0 + oldFrom, count: count)
            if let out1, let old1 { (out1 + from).update(from: old1 + oldFrom, count: count) }
            done = to + 1
        }
        if done < n { compute(done..<n) }
    }
}

/// The series one detection pass computes (besides its peaks), in one allocation: ten series of
/// `capacity` values each, back to back; `reserve(n)` makes room for n in each (contents dropped).
private final class DetectionSeries {
    var count = 0
    /// The peaks this pass classified (shared with the caller's array, not copied).
    var peaks: [Double] = []
    private(set) var capacity = 0
    private var block: UnsafeMutablePointer<Double>
    private(set) var rr, absD, q1d, q3d, drrs, medrr, absM, q1m, q3m, mrrs: UnsafeMutablePointer<Double>
    private static let fields = 10

    init() {
        let b = UnsafeMutablePointer<Double>.allocate(capacity: Self.fields)
        block = b
        (rr, absD, q1d, q3d, drrs) = (b, b + 1, b + 2, b + 3, b + 4)
        (medrr, absM, q1m, q3m, mrrs) = (b + 5, b + 6, b + 7, b + 8, b + 9)
        capacity = 1
    }

    deinit { block.deallocate() }

    func reserve(_ n: Int) {
        guard n > capacity else { return }
        block.deallocate()
        let c = n + n / 8
        let b = UnsafeMutablePointer<Double>.allocate(capacity: c * Self.fields)
        block = b
        capacity = c
        (rr, absD, q1d, q3d, drrs) = (b, b + c, b + 2 * c, b + 3 * c, b + 4 * c)
        (medrr, absM, q1m, q3m, mrrs) = (b + 5 * c, b + 6 * c, b + 7 * c, b + 8 * c, b + 9 * c)
    }
}

/// A growable scratch buffer whose contents need not survive growing. Holds trivial values only
/// (`Int`): growing deallocates without deinitialising, and slots are written before they are read.
private struct Scratch<T: BitwiseCopyable> {
    private(set) var base = UnsafeMutablePointer<T>.allocate(capacity: 1)
    private var capacity = 1

    mutating func reserve(_ n: Int) {
        guard n > capacity else { return }
        base.deallocate()
        capacity = n + n / 8
        base = UnsafeMutablePointer<T>.allocate(capacity: capacity)
    }

    func deallocate() { base.deallocate() }
}

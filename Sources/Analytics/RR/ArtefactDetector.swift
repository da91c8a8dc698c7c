/// One Lipponen–Tarvainen detection pass at a time, keeping the previous pass's
/// series so the next pass (on the corrected peaks) recomputes its series only around
/// the beats the correction changed.
///
/// Exactness: every series of a pass is a function of the peaks, and each value of it reads
/// the peaks within a fixed reach of its index (below). A later pass first finds the runs of
/// its peaks that are, bit for bit, consecutive peaks of the previous pass (`matchRuns`). A
/// value whose whole reach lies inside one such run, and whose window is full in both passes,
/// reads the same doubles as the previous pass's value at the run's old index and does the same
/// arithmetic on them, so it is that value, bit for bit: it is copied. Every other value is
/// computed afresh, as a first pass computes it. The reaches (RR and dRR as here, windows of
/// half-width h over them):
/// - rr[k] = x[k] − x[k − 1] (k ≥ 1) reads x[k − 1…k]; rr[0] is the mean interval (all peaks);
/// - absD[k] = |rr[k] − rr[k − 1]| (k ≥ 1) reads x[k − 2…k]; absD[0] is the mean difference;
/// - the dRR quartiles q1d, q3d (h = 45) and drrs[k] read x[k − 47…k + 45];
/// - the RR median medrr (h = 5) and absM[k] read x[k − 6…k + 5];
/// - the |mRR| quartiles q1m, q3m (h = 45) and mrrs[k] read x[k − 51…k + 50].
/// These reaches hold for rr from index 1 and for |dRR| from index 2: a window that reads rr[0], absD[0] or
/// absD[1] (the means) reads all the peaks, and is never copied, because a copied value's window
/// starts at least one peak past its run's first (rr) or two (|dRR|). A copied window lies inside
/// its run in both passes, so it is full, unclipped, in both. The element-wise RR and |dRR| (and
/// their sums, whose order of addition the means depend on) and the decision flow are computed
/// in full each pass: a few instructions a beat. The result is therefore identical to a
/// detection from scratch, which the tests check against the straightforward implementation
/// on long random, strap-exact and adversarial series, window by window. The 91-beat windows
/// are counted over their values' integer keys where every value has one
/// (`KeyedRollingQuantiles`: the sorted window's outputs, bit for bit), in the sorted window
/// where one has none.
///
/// Memory safety: the series live in raw buffers this class owns (`DetectionSeries`, `window`;
/// freed in the deinits), indexed without bounds checks on the hot path. Why every access is in
/// bounds, once (the `assert`s check the preconditions in debug builds and tests):
/// - A pass of n peaks reserves each series for at least n values and writes all of [0, n) before
///   any is read (`rr`, `absD` in the first loop; every other series by `fill`, which writes each
///   index of [0, n) by computing or copying it, in the order of the stages); every index read is in
///   [0, n): loops run to n, `decide` keeps to [0, n − 1] (`reflect` maps −1…n into it; it runs
///   only for n ≥ 4; its four-at-a-time skip reads drrs[i…i + 3] only while i + 4 ≤ n − 2),
///   neighbours are read only where guarded (`j + 1 < n`).
/// - The previous pass's series are read only in copies of a `Run` shrunk by the reach: a run
///   maps new [start, end) onto old [old, old + end − start), both within their pass's peaks
///   (`matchRuns` only extends a run while both indices are below their counts), and a copy reads
///   a subrange of it. `reserve` reallocates only the current series (the one two passes old),
///   never the previous one.
/// - `window` holds 2 · half + 2 ≤ thresholdWindow + 1 values for both windows (91 and 11): the 91-beat
///   window's sorted values and the sentinel after them (`RollingQuantiles.lowerBound91`).
/// - `counted` (the 91-beat windows, `KeyedRollingQuantiles`) has its keys' scratch reserved for n
///   in each pass before any window is computed.
/// - Every beat time is within ±`largestBeatTime`, so no difference, interval or interpolation
///   overflows: no infinity or NaN reaches a window, whose lower-bound searches rely on a value
///   that leaves being one that is there (`RollingQuantiles`).
final class ArtefactDetector {
    private var current = DetectionSeries(), previous = DetectionSeries()
    /// This pass's peaks that are the previous pass's, bit for bit: new [start, end) is old [old, old + end − start).
    private struct Run { var start, end, old: Int }
    private var runs: [Run] = []
    /// The stretches of one stage's outputs copied from the previous pass (scratch for `fill`).
    private var copies: [Run] = []
    private let window = UnsafeMutablePointer<Double>.allocate(capacity: LipponenTarvainen.thresholdWindow + 1)
    /// The 91-beat windows, counted over the values' keys (decision 107).
    private let counted = KeyedRollingQuantiles()
    /// Beat times beyond this are left alone: far above any session (ms since its start) and
    /// far below the doubles' largest finite value, so arithmetic on them stays finite.
    static let largestBeatTime = 1e300
    /// Copying beats computing only for longer stretches (a fresh window costs a few steps' work).
    static let worthCopying = 16
    /// How many values of the three stages the last pass copied from the one before (tests: a
    /// comparison with a fresh detection proves something about the copies only if there were some).
    private(set) var copiedLastPass = 0

    deinit {
        window.deallocate()
    }

    /// Classifies the beats of `peaks`, reusing the previous call's series where the peaks agree.
    /// A series with a non-finite beat time (or one beyond ±`largestBeatTime`) is left alone:
    /// nothing in it can be classified.
    func detect(_ peaks: [Double]) -> ArtefactIndices {
        swap(&current, &previous)
        let n = peaks.count
        var found = ArtefactIndices()
        copiedLastPass = 0
        guard n >= 4, peaks.allSatisfy({ abs($0) <= Self.largestBeatTime }) else { current.count = 0; return found }
        let s = current
        s.reserve(n)
        s.count = n
        counted.reserve(n)
        assert(s.capacity >= n && (previous.count == 0 || previous.capacity >= previous.count))
        let p = previous
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
        runs.removeAll(keepingCapacity: true)
        if p.count >= 4 { matchRuns(s, p) }

        let c = LipponenTarvainen.self
        let alpha = c.alpha, half = c.thresholdWindow / 2, medianHalf = c.medianWindow / 2
        let q1d = s.q1d, q3d = s.q3d, drrs = s.drrs
        // Each stage: the reach of its values before and after their index (see the type's comment).
        fill(n, before: 2 + half, after: half, [(q1d, p.q1d), (q3d, p.q3d), (drrs, p.drrs)]) { range in
            self.windows(absD, n: n, half: half, range: range, 0.25, q1d, 0.75, q3d)
            for k in range {
                let th = alpha * (q3d[k] - q1d[k]) / 2
                let d = k == 0 ? d0 : rr[k] - rr[k &- 1]
                drrs[k] = th != 0 ? d / th : .nan
            }
        }
        let medrr = s.medrr, absM = s.absM
        fill(n, before: 1 + medianHalf, after: medianHalf, [(medrr, p.medrr), (absM, p.absM)]) { range in
            self.windows(rr, n: n, half: medianHalf, range: range, 0.5, medrr, 0, nil)
            for k in range {
                let deviation = rr[k] - medrr[k]
                absM[k] = abs(deviation < 0 ? 2 * deviation : deviation)
            }
        }
        let q1m = s.q1m, q3m = s.q3m, mrrs = s.mrrs
        fill(n, before: 1 + medianHalf + half, after: medianHalf + half, [(q1m, p.q1m), (q3m, p.q3m), (mrrs, p.mrrs)]) { range in
            self.windows(absM, n: n, half: half, range: range, 0.25, q1m, 0.75, q3m)
            for k in range {
                let th = alpha * (q3m[k] - q1m[k]) / 2
                let deviation = rr[k] - medrr[k]
                let m = deviation < 0 ? 2 * deviation : deviation
                mrrs[k] = th != 0 ? m / th : .nan
            }
        }
        decide(s, into: &found)
        return found
    }

    /// The last pass's moving-window series (dRR quartiles, RR median, mRR quartiles) and
    /// normalised dRR / mRR, for tests that compare an incremental pass with a fresh one.
    var lastWindows: [[Double]] {
        let s = current
        return [s.q1d, s.q3d, s.medrr, s.q1m, s.q3m, s.drrs, s.mrrs, s.absM].map { (p: UnsafeMutablePointer<Double>) in Array(UnsafeBufferPointer(start: p, count: s.count)) }
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
        let one = SIMD2<Double>(repeating: 1), minusOne = SIMD2<Double>(repeating: -1)
        while i < n - 2 {
            // Most beats' |dRR| is within its threshold: nothing to decide there. Four such beats at a
            // time (−1 ≤ x ≤ 1 is |x| ≤ 1, false for a NaN alike), each skipped as the test below would
            // skip it: ≈ 15 instructions a beat went to that one test a beat (issue 34).
            while i &+ 4 <= n &- 2 {
                let a = UnsafeRawPointer(drrs + i).loadUnaligned(as: SIMD2<Double>.self)
                let b = UnsafeRawPointer(drrs + i + 2).loadUnaligned(as: SIMD2<Double>.self)
                guard all((a .<= one) .& (a .>= minusOne) .& (b .<= one) .& (b .>= minusOne)) else { break }
                i &+= 4
            }
            guard i < n - 2 else { break }
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

    /// The runs of this pass's peaks that are consecutive peaks of the previous pass, bit for bit
    /// (both ascending; a merge that steps past the smaller peak where they differ). Any runs with
    /// that property make the copies exact; finding the longest only saves work.
    private func matchRuns(_ s: DetectionSeries, _ p: DetectionSeries) {
        // Both peak arrays have exactly their pass's count (`s.peaks = peaks` before this call).
        assert(s.peaks.count == s.count && p.peaks.count == p.count)
        let newCount = s.count, oldCount = p.count
        s.peaks.withUnsafeBufferPointer { new in
            p.peaks.withUnsafeBufferPointer { old in
                var i = 0, j = 0
                while i < newCount, j < oldCount {
                    let x = new[i], y = old[j]
                    guard x.bitPattern == y.bitPattern else {
                        if x < y { i &+= 1 } else { j &+= 1 } // −0 against 0: steps past the old one
                        continue
                    }
                    let start = i, oldStart = j
                    i &+= 1; j &+= 1
                    // Eight at a time while all eight agree (most of a later pass), then one at a time.
                    while i &+ 8 <= newCount, j &+ 8 <= oldCount {
                        var differ: UInt64 = 0
                        for k in 0..<8 { differ |= new[i &+ k].bitPattern ^ old[j &+ k].bitPattern }
                        guard differ == 0 else { break }
                        i &+= 8; j &+= 8
                    }
                    while i < newCount, j < oldCount, new[i].bitPattern == old[j].bitPattern { i &+= 1; j &+= 1 }
                    runs.append(Run(start: start, end: i, old: oldStart))
                }
            }
        }
    }

    /// One stage's series for every index of [0, n): the stretches whose values read peaks only
    /// within a run (`before` peaks before the index and `after` after it; see the type's comment)
    /// copied from the previous pass, series by series (`series`: this pass's and the previous
    /// pass's), and `compute` called on the ranges between them, in ascending order.
    private func fill(_ n: Int, before: Int, after: Int,
                      _ series: [(UnsafeMutablePointer<Double>, UnsafeMutablePointer<Double>)],
                      compute: (Range<Int>) -> Void) {
        copies.removeAll(keepingCapacity: true)
        for run in runs {
            let from = run.start &+ before, to = run.end &- after
            if to &- from >= Self.worthCopying { copies.append(Run(start: from, end: to, old: run.old &+ before)) }
        }
        var done = 0 // [0, done) is written
        for copy in copies {
            if copy.start > done { compute(done..<copy.start) }
            let count = copy.end &- copy.start
            for (out, old) in series { (out + copy.start).update(from: old + copy.old, count: count) }
            copiedLastPass &+= count
            done = copy.end
        }
        if done < n { compute(done..<n) }
    }

    /// The moving-window quantiles of `range` (the 91-beat windows counted over keys, the 11-beat
    /// median in a sorted window).
    private func windows(_ input: UnsafeMutablePointer<Double>, n: Int, half: Int, range: Range<Int>,
                         _ q0: Double, _ out0: UnsafeMutablePointer<Double>,
                         _ q1: Double, _ out1: UnsafeMutablePointer<Double>?) {
        assert(2 * half + 2 <= LipponenTarvainen.thresholdWindow + 1, "the window buffer holds every value of a window and a sentinel")
        if half == LipponenTarvainen.thresholdWindow / 2 {
            counted.centred(input, count: n, half: half, range: range, window: window, q0, out0, q1, out1)
        } else {
            RollingQuantiles.centred(input, count: n, half: half, range: range, window: window, q0, out0, q1, out1)
        }
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

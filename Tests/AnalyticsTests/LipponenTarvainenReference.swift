// The straightforward Lipponen–Tarvainen implementation, the oracle the production code in
// Sources/Analytics must match bit for bit: full detection on every pass with sorted moving
// windows recomputed over the whole series (production: incremental windows), and the
// correction as the published implementation's whole-array steps (production: in place).
@testable import Analytics
import Foundation


/// RR artefact detection and correction after Lipponen & Tarvainen (2019),
/// "A robust algorithm for heart rate variability time series artefact
/// correction using novel beat classification", J Med Eng Technol 43(3):173–181.
///
/// Follows the published reference implementation (as in NeuroKit2's "kubios"
/// method and systole): dRR and mRR series normalised by time-varying
/// thresholds (5.2 × half the interquartile range over 91 beats), the
/// S11/S12/S22 subspaces with c1 = 0.13, c2 = 0.17, then extra beats deleted,
/// missed beats split, ectopic and long/short beats moved to the midpoint of
/// their neighbours; repeated while the number of artefacts keeps falling.
enum ReferenceLipponenTarvainen {
    static let c1 = 0.13, c2 = 0.17, alpha = 5.2
    static let thresholdWindow = 91, medianWindow = 11
    static let maxPasses = 10

    /// Classifies the beats of a peak series (beat times, any unit, ascending).
    static func findArtefacts(peaks: [Double]) -> ArtefactIndices {
        let n = peaks.count
        var found = ArtefactIndices()
        guard n >= 4 else { return found }
        var rrWork = [Double](repeating: 0, count: n)
        for k in 1..<n { rrWork[k] = peaks[k] - peaks[k - 1] }
        rrWork[0] = mean(rrWork[1...])
        let rr = rrWork
        var d = [Double](repeating: 0, count: n)
        for k in 1..<n { d[k] = rr[k] - rr[k - 1] }
        d[0] = mean(d[1...])
        let th1 = threshold(d)
        for k in 0..<n { d[k] = th1[k] != 0 ? d[k] / th1[k] : .nan }
        let drrs = d

        // Reflect-padded neighbours, as numpy.pad(mode: "reflect").
        let last = n - 1
        @inline(__always) func reflect(_ j: Int) -> Int { j < 0 ? -j : (j > last ? 2 * last - j : j) }
        var s12 = [Double](repeating: 0, count: n), s22 = [Double](repeating: 0, count: n)
        for k in 0..<n {
            let before = drrs[reflect(k - 1)], after = drrs[reflect(k + 1)], after2 = drrs[reflect(k + 2)]
            if drrs[k] > 0 { s12[k] = nanMax(before, after) } else if drrs[k] < 0 { s12[k] = nanMin(before, after) }
            if drrs[k] >= 0 { s22[k] = nanMin(after, after2) } else if drrs[k] < 0 { s22[k] = nanMax(after, after2) }
        }

        let medrr = ReferenceRollingQuantiles.centred(rr, width: medianWindow, quantiles: [0.5])[0]
        var m = [Double](repeating: 0, count: n)
        for k in 0..<n {
            let deviation = rr[k] - medrr[k]
            m[k] = deviation < 0 ? 2 * deviation : deviation
        }
        let th2 = threshold(m)
        for k in 0..<n { m[k] = th2[k] != 0 ? m[k] / th2[k] : .nan }
        let mrrs = m

        // The decision flow of the paper's Figure 1, including the reference
        // implementation's step over a second candidate beat.
        var i = 0
        while i < n - 2 {
            if abs(drrs[i]) <= 1 { i += 1; continue }
            let eq1 = drrs[i] > 1 && s12[i] < -c1 * drrs[i] - c2
            let eq2 = drrs[i] < -1 && s12[i] > -c1 * drrs[i] + c2
            if eq1 || eq2 { found.ectopic.append(i); i += 1; continue }
            if !(abs(drrs[i]) > 1 || abs(mrrs[i]) > 3) { i += 1; continue }
            var candidates = [i]
            if abs(drrs[i + 1]) < abs(drrs[i + 2]) { candidates.append(i + 1) }
            for j in candidates {
                let eq3 = drrs[j] > 1 && s22[j] < -1
                let eq4 = abs(mrrs[j]) > 3
                let eq5 = drrs[j] < -1 && s22[j] > 1
                if !(eq3 || eq4 || eq5) { i += 1; continue }
                let eq6 = abs(rr[j] / 2 - medrr[j]) < th2[j]
                let eq7 = j + 1 < n && abs(rr[j] + rr[j + 1] - medrr[j]) < th2[j]
                if eq5 && eq7 { found.extra.append(j) } else if eq3 && eq6 { found.missed.append(j) } else { found.longShort.append(j) }
                i += 1
            }
        }
        return found
    }

    /// Corrects one pass of artefacts, written as the published implementation does it, with
    /// whole-array steps: extra peaks deleted; a peak inserted halfway before each missed one
    /// (numpy.insert: positions refer to the array before the insertions); misplaced peaks
    /// deleted and their halfway points appended, then everything sorted (numpy.delete,
    /// concatenate, sort). The production `correct` moves peaks in place and repairs the order
    /// with an insertion sort; comparing the two checks one construction against another.
    static func correct(_ artefacts: ArtefactIndices, peaks: [Double]) -> [Double] {
        var current = peaks
        var missed = artefacts.missed, ectopic = artefacts.ectopic, longShort = artefacts.longShort
        if !artefacts.extra.isEmpty {
            let deleted = Set(artefacts.extra)
            current = current.enumerated().compactMap { deleted.contains($0.offset) ? nil : $0.element }
            missed = following(missed, artefacts.extra, by: -1)
            ectopic = following(ectopic, artefacts.extra, by: -1)
            longShort = following(longShort, artefacts.extra, by: -1)
        }
        if !missed.isEmpty {
            let at = missed.filter { $0 > 1 && $0 < current.count }
            let added = at.map { current[$0 - 1] + (current[$0] - current[$0 - 1]) / 2 }
            // Each new peak goes before the old one at its position: sort by (position, new first, order given).
            let keyed = current.enumerated().map { (position: $0.offset, new: 1, order: 0, value: $0.element) }
                + zip(at, added).enumerated().map { (position: $1.0, new: 0, order: $0, value: $1.1) }
            current = keyed.sorted { ($0.position, $0.new, $0.order) < ($1.position, $1.new, $1.order) }.map(\.value)
            ectopic = following(ectopic, missed, by: 1)
            longShort = following(longShort, missed, by: 1)
        }
        for misplaced in [ectopic, longShort] where !misplaced.isEmpty {
            let moved = Set(misplaced.filter { $0 > 1 && $0 < current.count - 1 })
            let halfway = moved.sorted().map { current[$0 - 1] + (current[$0 + 1] - current[$0 - 1]) / 2 }
            current = (current.enumerated().compactMap { moved.contains($0.offset) ? nil : $0.element } + halfway).sorted()
        }
        return current
    }

    /// The published index update: for each source in turn, every index above it moves by `delta`;
    /// then the distinct indices in order.
    private static func following(_ indices: [Int], _ sources: [Int], by delta: Int) -> [Int] {
        let moved = sources.reduce(indices) { updated, source in updated.map { $0 > source ? $0 + delta : $0 } }
        return Set(moved).sorted()
    }

    /// Detects and corrects until the number of artefacts stops falling.
    /// Returns the corrected peaks and the artefacts of every pass applied.
    static func clean(peaks: [Double]) -> (peaks: [Double], passes: [ArtefactIndices]) {
        var found = findArtefacts(peaks: peaks)
        var cleaned = correct(found, peaks: peaks)
        var passes = [found]
        while passes.count < maxPasses, found.count > 0 {
            let again = findArtefacts(peaks: cleaned)
            guard again.count < found.count, again.count > 0 else { break }
            cleaned = correct(again, peaks: cleaned)
            passes.append(again)
            found = again
        }
        return (cleaned, passes)
    }

    private static func threshold(_ values: [Double]) -> [Double] {
        let q = ReferenceRollingQuantiles.centred(values.map(abs), width: thresholdWindow, quantiles: [0.25, 0.75])
        return zip(q[0], q[1]).map { alpha * ($1 - $0) / 2 }
    }

    private static func mean(_ values: ArraySlice<Double>) -> Double {
        values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count)
    }

    private static func nanMax(_ a: Double, _ b: Double) -> Double { a.isNaN || b.isNaN ? .nan : max(a, b) }
    private static func nanMin(_ a: Double, _ b: Double) -> Double { a.isNaN || b.isNaN ? .nan : min(a, b) }
}

/// Quantiles of a centred moving window, computed the way pandas'
/// `rolling(width, center=True, min_periods=1).quantile(q)` does (linear
/// interpolation; windows shrink at the ends), which is how the published
/// implementations of Lipponen & Tarvainen compute their thresholds.
/// Keeps the window sorted in a fixed buffer: each step is two binary searches
/// and two short memmoves, no allocation and no sort.
enum ReferenceRollingQuantiles {
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

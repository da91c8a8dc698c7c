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
public enum LipponenTarvainen {
    static let c1 = 0.13, c2 = 0.17, alpha = 5.2
    static let thresholdWindow = 91, medianWindow = 11
    static let maxPasses = 10

    /// Classifies the beats of a peak series (beat times, any unit, ascending, finite;
    /// a series with a non-finite time is left alone).
    public static func findArtefacts(peaks: [Double]) -> ArtefactIndices {
        ArtefactDetector().detect(peaks)
    }

    /// Corrects one pass of artefacts in a peak series: extra peaks deleted,
    /// missed peaks inserted halfway, misplaced peaks moved halfway between their neighbours.
    public static func correct(_ artefacts: ArtefactIndices, peaks input: [Double]) -> [Double] {
        var peaks = input
        var missed = artefacts.missed, ectopic = artefacts.ectopic, longShort = artefacts.longShort
        if !artefacts.extra.isEmpty {
            let extra = Set(artefacts.extra)
            peaks = peaks.indices.filter { !extra.contains($0) }.map { peaks[$0] }
            missed = shift(missed, after: artefacts.extra, by: -1)
            ectopic = shift(ectopic, after: artefacts.extra, by: -1)
            longShort = shift(longShort, after: artefacts.extra, by: -1)
        }
        if !missed.isEmpty {
            let valid = missed.filter { $0 > 1 && $0 < peaks.count }
            var out: [Double] = []
            out.reserveCapacity(peaks.count + valid.count)
            // Before peak k, a new one halfway from peak k − 1 for each valid[next] == k, in order (an
            // index below the peaks already copied is never reached, nor is any after it); the peaks
            // between insertions copied as runs, not one by one.
            var copied = 0, next = 0
            while next < valid.count, valid[next] >= copied {
                let k = valid[next]
                out.append(contentsOf: peaks[copied..<k])
                out.append(peaks[k - 1] + (peaks[k] - peaks[k - 1]) / 2)
                copied = k
                next += 1
            }
            out.append(contentsOf: peaks[copied...])
            peaks = out
            ectopic = shift(ectopic, after: missed, by: 1)
            longShort = shift(longShort, after: missed, by: 1)
        }
        for misaligned in [ectopic, longShort] where !misaligned.isEmpty {
            // Every new place from the peaks before any moves (not a copy of the whole series).
            let moved = misaligned.filter { $0 > 1 && $0 < peaks.count - 1 }.map { j in
                (j, peaks[j - 1] + (peaks[j + 1] - peaks[j - 1]) / 2)
            }
            for (j, place) in moved { peaks[j] = place }
            insertionSort(&peaks) // nearly sorted: linear unless two neighbours both moved
        }
        return peaks
    }

    /// Detects and corrects until the number of artefacts stops falling.
    /// Returns the corrected peaks and the artefacts of every pass applied.
    /// Later passes recompute the moving windows only around the beats the previous
    /// pass changed (`ArtefactDetector`); the result is that of full passes.
    public static func clean(peaks: [Double]) -> (peaks: [Double], passes: [ArtefactIndices]) {
        let detector = ArtefactDetector()
        var found = detector.detect(peaks)
        var cleaned = correct(found, peaks: peaks)
        var passes = [found]
        while passes.count < maxPasses, found.count > 0 {
            let again = detector.detect(cleaned)
            guard again.count < found.count, again.count > 0 else { break }
            cleaned = correct(again, peaks: cleaned)
            passes.append(again)
            found = again
        }
        return (cleaned, passes)
    }

    /// Lets each index in `indices` follow the insertions or deletions at `sources`.
    private static func shift(_ indices: [Int], after sources: [Int], by delta: Int) -> [Int] {
        var out = indices
        for s in sources { out = out.map { $0 > s ? $0 + delta : $0 } }
        return Array(Set(out)).sorted()
    }

    private static func insertionSort(_ a: inout [Double]) {
        a.withUnsafeMutableBufferPointer { p in
            let n = p.count
            guard n > 1, let base = p.baseAddress else { return }
            var i = 1
            while i < n {
                // Nearly sorted: four steps at a time that would each move nothing (no value below the one
                // before it, as the test below asks; a NaN is below nothing alike), ≈ 2 instructions a beat
                // where one at a time took ≈ 6 (issue 34). Reads p[i − 1…i + 3], all below n.
                while i &+ 4 <= n {
                    let before0 = UnsafeRawPointer(base + i - 1).loadUnaligned(as: SIMD2<Double>.self)
                    let before1 = UnsafeRawPointer(base + i + 1).loadUnaligned(as: SIMD2<Double>.self)
                    let at0 = UnsafeRawPointer(base + i).loadUnaligned(as: SIMD2<Double>.self)
                    let at1 = UnsafeRawPointer(base + i + 2).loadUnaligned(as: SIMD2<Double>.self)
                    guard !any((at0 .< before0) .| (at1 .< before1)) else { break }
                    i &+= 4
                }
                guard i < n else { break }
                if p[i] < p[i - 1] {
                    let x = p[i]
                    var j = i
                    while j > 0, p[j - 1] > x { p[j] = p[j - 1]; j -= 1 }
                    p[j] = x
                }
                i += 1
            }
        }
    }
}

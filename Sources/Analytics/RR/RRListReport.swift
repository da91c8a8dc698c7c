import Foundation

/// The RR pipeline on a plain list of RR intervals (ms), as `sideline hrv` reports it for checking
/// against other HRV tools: the artefacts the correction's first pass found (indices into the
/// list), its report, the corrected NN stretches, and the time- and frequency-domain HRV of the whole.
public enum RRListReport {
    /// JSON-ready: every number unrounded, null where there is none.
    public static func json(rrMs rr: [Double]) -> [String: Any] {
        // Milliseconds exactly as given (no rounding to the strap's 1/1024 s); beat times from the cumulative sum.
        var t = 0.0
        let beats = rr.map { ms -> NNSeries.Beat in
            t += max(0, ms)
            return NNSeries.Beat(endMs: t, ms: ms)
        }
        let series = NNSeries(beats: beats)
        let hrv = HRVSummary(window: .wholeSession, series: series)
        // The first pass of the pipeline itself: the same runs of beats the correction starts from.
        var firstPass: [String: [Int]] = ["extra": [], "missed": [], "ectopic": [], "longShort": []]
        for segment in NNSeries.segments(beats) {
            let found = LipponenTarvainen.findArtefacts(peaks: segment.peaks)
            // Peak j (j ≥ 1) ends the segment's interval j − 1.
            let input = { (peaks: [Int]) in peaks.map { segment.beatIndices[$0 - 1] } }
            firstPass["extra"]! += input(found.extra)
            firstPass["missed"]! += input(found.missed)
            firstPass["ectopic"]! += input(found.ectopic)
            firstPass["longShort"]! += input(found.longShort)
        }
        let r = series.report
        var out: [String: Any] = [
            "input": rr.count,
            "firstPass": firstPass,
            "report": ["recorded": r.recorded, "rejected": r.rejected, "implausible": r.implausible, "corrected": r.corrected,
                       "extra": r.extra, "missed": r.missed, "ectopic": r.ectopic, "longShort": r.longShort,
                       "stretches": r.stretches, "passes": r.passes],
            "stretches": series.stretches.map { ["endMs": $0.endMs, "nnMs": $0.nnMs] },
        ]
        if let time = hrv.timeDomain.value {
            out["time"] = ["beats": time.beats, "meanNNMs": time.meanNNMs, "meanHRBPM": time.meanHRBPM, "sdnnMs": time.sdnnMs, "rmssdMs": time.rmssdMs,
                           "sdsdMs": time.sdsdMs, "pnn50": time.pnn50]
        } else { out["time"] = NSNull() }
        if let f = hrv.frequencyDomain.value {
            out["frequency"] = ["lfMs2": f.lfPowerMs2, "hfMs2": f.hfPowerMs2, "lfHf": f.lfHfRatio,
                                "welchWindows": f.windows, "welchWindowSeconds": f.windowSeconds]
        } else { out["frequency"] = NSNull() }
        return out
    }
}

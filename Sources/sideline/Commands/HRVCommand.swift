import Analytics
import ArgumentParser
import Foundation
import TeamCore

/// Runs the RR pipeline on a plain list of RR intervals: what the review
/// screen computes for one player, for checking against other HRV tools.
struct HRVCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hrv",
        abstract: "Correct RR artefacts and compute HRV from a file of RR intervals (one per line, ms).",
        discussion: "Prints JSON: artefacts found (indices into the input), corrected NN intervals, time- and frequency-domain HRV.")
    @Argument(help: "File with one RR interval in milliseconds per line ('-' reads standard input).") var file: String

    func run() throws {
        let text: String
        if file == "-" {
            text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        } else {
            guard let data = FileManager.default.contents(atPath: file) else { throw UserError("cannot read \(file)") }
            text = String(decoding: data, as: UTF8.self)
        }
        var rr: [Double] = []
        for (n, line) in text.split(whereSeparator: \.isNewline).enumerated() {
            let field = line.trimmingCharacters(in: .whitespaces)
            if field.isEmpty || field.hasPrefix("#") { continue }
            guard let value = Double(field), value.isFinite else { throw UserError("\(file):\(n + 1): '\(field)' is not a number of ms") }
            rr.append(value)
        }
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
        let data = try JSONSerialization.data(withJSONObject: out, options: [.sortedKeys])
        FileHandle.standardOutput.write(data)
        print()
    }
}

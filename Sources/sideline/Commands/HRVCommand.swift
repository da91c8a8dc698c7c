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
        // The strap's units: 1/1024 s; beat times from the cumulative sum.
        var t = 0.0
        let intervals = rr.map { ms -> RRInterval in
            let r1024 = UInt16(clamping: Int((ms * 1.024).rounded()))
            t += ms
            return RRInterval(playerID: 1, tMs: Int64(t.rounded()), rr1024: r1024)
        }
        var peaks = [0.0]
        for ms in rr { peaks.append(peaks[peaks.count - 1] + ms) }
        let firstPass = LipponenTarvainen.findArtefacts(peaks: peaks)
        let series = NNSeries(intervals: intervals)
        let hrv = HRVSummary(window: .wholeSession, series: series)
        // Peak j ends interval j − 1 of the input.
        let shift = { (indices: [Int]) in indices.map { $0 - 1 } }
        var out: [String: Any] = [
            "input": rr.count,
            "firstPass": ["extra": shift(firstPass.extra), "missed": shift(firstPass.missed),
                          "ectopic": shift(firstPass.ectopic), "longShort": shift(firstPass.longShort)],
            "report": ["recorded": series.report.recorded, "rejected": series.report.rejected, "corrected": series.report.corrected,
                       "extra": series.report.extra, "missed": series.report.missed, "ectopic": series.report.ectopic,
                       "longShort": series.report.longShort, "stretches": series.report.stretches],
            "stretches": series.stretches.map { ["endMs": $0.endMs, "nnMs": $0.nnMs] },
        ]
        if let time = hrv.timeDomain.value {
            out["time"] = ["beats": time.beats, "meanNNMs": time.meanNNMs, "sdnnMs": time.sdnnMs, "rmssdMs": time.rmssdMs,
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

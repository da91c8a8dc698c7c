import Analytics
import ArgumentParser
import Foundation
import Localization
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
            guard let data = FileManager.default.contents(atPath: file) else { throw UserError(tr("cannot read {file}", ["file": file])) }
            text = String(decoding: data, as: UTF8.self)
        }
        var rr: [Double] = []
        for (n, line) in text.split(whereSeparator: \.isNewline).enumerated() {
            let field = line.trimmingCharacters(in: .whitespaces)
            if field.isEmpty || field.hasPrefix("#") { continue }
            guard let value = Double(field), value.isFinite else { throw UserError(tr("{file}:{line}: '{field}' is not a number of ms", ["file": file, "line": "\(n + 1)", "field": field])) }
            rr.append(value)
        }
        let out = RRListReport.json(rrMs: rr)
        let data = try JSONSerialization.data(withJSONObject: out, options: [.sortedKeys])
        FileHandle.standardOutput.write(data)
        print()
    }
}

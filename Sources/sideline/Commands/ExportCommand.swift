import Analytics
import ArgumentParser
import Exports
import StoredExports
import Foundation
import Localization
import Store

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Export a session's data to files.",
        discussion: """
            csv: raw samples and RR intervals, plus the summary table (per player and lap). \
            tcx / fit: one file per player with a heart rate (Garmin Connect, Strava, GoldenCheetah). \
            json: every number of the review screens.
            """)
    @OptionGroup var database: DatabaseOptions
    @Option(parsing: .unconditional, help: "Session id (see `sideline sessions`).") var session: Int64
    @Option(help: "File format: csv, tcx, fit or json.") var format: String = "csv"
    @Option(help: "Folder to write into (created if needed).") var out: String
    @Option(help: "HRV window in minutes from the session start, e.g. 0-5 (repeatable; default 0-5).")
    var hrvWindow: [String] = []

    func run() throws {
        let store = try database.openForReading()
        _ = try store.session(session) // an unknown session is said before a bad --hrv-window
        let export = try SessionExport(store: store, sessionID: session,
                                       hrvWindows: hrvWindow.isEmpty ? [HRVWindow.firstFiveMinutes] : hrvWindow.map(Self.window(parsing:)))
        let formats: [SessionExport.Format]
        switch format.lowercased() {
        case "csv": formats = [.rawCSV, .summaryCSV]
        case "tcx": formats = [.tcx]
        case "fit": formats = [.fit]
        case "json": formats = [.json]
        default: throw UserError(tr("unknown --format '{format}'; use csv, tcx, fit or json", ["format": format]))
        }
        for path in try export.write(formats, to: out) { print(path) }
    }

    /// "0-5" → minutes 0 to 5 of the session.
    static func window(parsing text: String) throws -> HRVWindow {
        let parts = text.split(separator: "-").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2, let from = parts[0], let to = parts[1], from >= 0, to > from else {
            throw UserError(tr("--hrv-window '{window}' is not FROM-TO in minutes, e.g. 0-5", ["window": text]))
        }
        return HRVWindow(label: "\(Formatting.plainDecimal(from))-\(Formatting.plainDecimal(to)) min",
                         fromMs: Int64(from * 60_000), toMs: Int64(to * 60_000))
    }
}

import ArgumentParser
import Foundation
import Store

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "export", abstract: "Export a session's data to files.")
    @OptionGroup var database: DatabaseOptions
    @Option(help: "Session id (see `sideline sessions`).") var session: Int64
    @Option(help: "File format: csv.") var format: String = "csv"
    @Option(help: "Folder to write into (created if needed).") var out: String

    func run() throws {
        let store = try database.open()
        _ = try store.session(session)
        let written: [String]
        switch format.lowercased() {
        case "csv": written = try SessionCSVExport.write(store: store, sessionID: session, to: out)
        default: throw UserError("unknown --format '\(format)'; use csv")
        }
        for path in written { print(path) }
    }
}

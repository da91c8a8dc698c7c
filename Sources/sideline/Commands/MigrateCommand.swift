import ArgumentParser
import Localization
import Store

/// `sideline migrate`: brings the database's schema up to date. Every command does so when it
/// opens the database; the package runs this after backing up on an upgrade, so a failure shows
/// at install time rather than as a kiosk that will not start.
struct MigrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Bring the database's schema up to date (the package does it on upgrade).")
    @OptionGroup var database: DatabaseOptions
    @Option(help: .hidden) var upTo: String?

    func run() throws {
        let summary = try SidelineStore.migrate(path: database.path, upTo: upTo)
        print(tr("{path}: schema {summary}", ["path": database.path, "summary": summary.translated]))
    }
}

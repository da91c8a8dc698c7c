import ArgumentParser
import Diagnostics
import Foundation
import Logging
import Store

@main
struct Sideline: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sideline",
        abstract: "Team heart-rate kiosk: record, review and export sessions of Bluetooth heart-rate straps.",
        version: SidelineVersion.current,
        subcommands: [
            RecordCommand.self, TeamsCommand.self, PlayersCommand.self, SessionsCommand.self,
            HRVCommand.self, SettingsCommand.self, BackupCommand.self, RestoreCommand.self, MigrateCommand.self,
            ExportCommand.self, ImportRosterCommand.self, ScanCommand.self, KioskCommand.self,
        ],
        defaultSubcommand: KioskCommand.self)

    /// Errors a user can fix (unknown team, bad file, full disk…) print one clear line and exit 2;
    /// argument mistakes keep ArgumentParser's usage message.
    static func main() {
        Diagnostics.bootstrap()
        do {
            var command = try parseAsRoot(try KioskConfigFile.expand(Array(CommandLine.arguments.dropFirst())))
            try command.run()
        } catch let error as StoreError {
            fail(error.description)
        } catch let error as UserError {
            fail(error.description)
        } catch {
            exit(withError: error)
        }
    }

    static func fail(_ message: String) -> Never {
        log.error("\(message)")
        Foundation.exit(2)
    }

    static let log = Diagnostics.logger("main")
}

/// A mistake the user can fix, reported as one line, exit status 2.
struct UserError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// `--db`, shared by every command that opens the store.
struct DatabaseOptions: ParsableArguments {
    @Option(name: .long, help: "Database file (default: $SIDELINE_DB, else $XDG_DATA_HOME/sideline/sideline.sqlite).")
    var db: String?

    var path: String { db ?? SidelineStore.defaultPath() }

    func open(recovering: Bool = true) throws -> SidelineStore {
        try SidelineStore(path: path, recovering: recovering)
    }
}

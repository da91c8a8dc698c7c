import ArgumentParser
import ClubSync
import Diagnostics
import Foundation
import Kiosk
import Localization
import Logging
import SensorCore
import Store

@main
struct Sideline: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sideline",
        abstract: "Team heart-rate kiosk: record, review and export sessions of Bluetooth heart-rate straps.",
        version: SidelineVersion.current,
        subcommands: [
            RecordCommand.self, TeamsCommand.self, TeamCommand.self, PlayersCommand.self, SessionsCommand.self, DeleteSessionCommand.self, ErasePlayerCommand.self,
            StrapsCommand.self, ForgetStrapCommand.self, SeasonCommand.self, FlagsCommand.self, ReadinessCommand.self, FitnessCommand.self, RPECommand.self, WellnessCommand.self, DrillsCommand.self,
            HRVCommand.self, SettingsCommand.self, BackupCommand.self, RestoreCommand.self, MigrateCommand.self,
            ExportCommand.self, PlayerDataCommand.self, ImportRosterCommand.self, ScanCommand.self, KioskCommand.self, PreparePhotoCommand.self,
            ClubCommand.self, RetentionCommand.self, ConsentCommand.self,
        ],
        defaultSubcommand: KioskCommand.self)

    /// Errors a user can fix (unknown team, bad file, full disk, a wrong flag…) print one clear
    /// line and exit 2; --help and --version print ArgumentParser's text and exit 0.
    static func main() {
        Diagnostics.bootstrap()
        var command: ParsableCommand?
        let kiosk: KioskOptions?
        let typed = Array(CommandLine.arguments.dropFirst())
        var arguments = typed
        do {
            arguments = try KioskConfigFile.expand(typed)
            // The kiosk's own command line read by hand, without ArgumentParser (decision 103); its runtime
            // loads its language's catalog itself, once (decision 083). Anything else, mistakes too, ArgumentParser's.
            kiosk = KioskOptions(parsing: arguments)
            if kiosk == nil {
                CommandLanguage.start()
                command = try parseAsRoot(arguments)
            }
        } catch let mistake as KioskConfigFile.Mistake {
            CommandLanguage.start()  // only now: the kiosk's launch reads no catalog first
            fail(mistake.message.translated)
        } catch let error as UserError {
            fail(error.description)
        } catch {
            if exitCode(for: error) == .success { exit(withError: error) }
            fail(refusal(error, typed: typed, expanded: arguments))
        }
        do {
            if let kiosk { try kiosk.run() } else { try command?.run() }
        } catch let error as StoreError {
            fail(error.message.translated)
        } catch let mistake as KioskConfigFile.Mistake {
            fail(mistake.message.translated)
        } catch let error as UserError {
            fail(error.description)
        } catch let error as KioskError {
            fail(error.message.translated)
        } catch let error as SensorSourceError {
            fail(error.message.translated)
        } catch let error as ClubSyncError {
            fail(error.message.translated)
        } catch {
            exit(withError: error)
        }
    }

    /// A refused command line in one line; when the typed line alone parses, the config file's lines are what was
    /// refused, and the line names the file (ArgumentParser's own words, e.g. "Unknown option", stay English).
    static func refusal(_ error: any Error, typed: [String], expanded: [String]) -> String {
        let problem = message(for: error)
        if expanded != typed, let file = KioskConfigFile.named(in: typed), (try? parseAsRoot(KioskConfigFile.withoutConfig(typed))) != nil {
            return tr("the config file {file}: {problem} (each line is a long option of `sideline kiosk --help` without its dashes)",
                      ["file": file, "problem": problem])
        }
        return tr("{problem} (see `{help}`)", ["problem": problem, "help": helpCommand(CommandLine.arguments)])
    }

    /// "sideline record --help" when the arguments name a subcommand, else "sideline --help".
    static func helpCommand(_ arguments: [String]) -> String {
        let names = configuration.subcommands.compactMap { $0.configuration.commandName }
        guard arguments.count > 1, names.contains(arguments[1]) else { return "sideline --help" }
        return "sideline \(arguments[1]) --help"
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
    @Flag(name: .customLong("adopt-database"), help: "Add Sideline's tables to an SQLite file that holds another program's tables.")
    var adoptDatabase = false

    var path: String { db ?? SidelineStore.defaultPath() }

    /// The store; from then on a command speaks the kiosk's language as its Settings chose it (`CommandLanguage`).
    func open(recovering: Bool = true, deferringReaders: Bool = false) throws -> SidelineStore {
        try Self.open(path: db, recovering: recovering, adoptingForeign: adoptDatabase, deferringReaders: deferringReaders)
    }

    /// `open` of these values (the kiosk's hand parse has them without ArgumentParser: `KioskOptions`).
    static func open(path db: String?, recovering: Bool = true, adoptingForeign: Bool, deferringReaders: Bool) throws -> SidelineStore {
        let store = try SidelineStore(path: db ?? SidelineStore.defaultPath(), recovering: recovering, adoptingForeign: adoptingForeign,
                                      deferringReaders: deferringReaders)
        CommandLanguage.follow(store)
        return store
    }

    /// For commands that only read: works where nothing can be written (a full disk).
    func openForReading() throws -> SidelineStore {
        if adoptDatabase { return try open() }
        let store = try SidelineStore.openForReading(path: path)
        CommandLanguage.follow(store)
        return store
    }
}

import ArgumentParser
import ClubSync
import Foundation
import Store

/// `sideline restore FILE`: a backup back as the database — checked first, the current one kept aside.
struct RestoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Put a backup back as the database (the current one is kept aside).",
        discussion: "The file must pass SQLite's integrity check and come from this or an older Sideline (it is migrated). Not while the kiosk or `record` runs: stop it first (sudo systemctl stop sideline).")
    @OptionGroup var database: DatabaseOptions
    @Argument(help: "The backup file (sideline-….sqlite).") var file: String

    func run() throws {
        let path = database.path
        // The recorder lock: nothing records, and nothing starts recording until we are done.
        guard let lock = RecorderLock(databasePath: path) else {
            throw UserError("Sideline is running on \(path) (the kiosk or `record`); stop it first (sudo systemctl stop sideline); nothing was changed")
        }
        defer { withExtendedLifetime(lock) {} }
        let restored = try DatabaseRestore.restore(file, into: path)
        // Migrates an older backup; sessions it caught running are marked interrupted (we hold the lock).
        let store = try SidelineStore(path: path, recovering: false)
        let interrupted = try store.markInterruptedSessions()
        // The restored roster is an edit made now: the club hears of it on the next sync.
        try store.queueWholeRosterForClub(forgettingTombstones: false)
        var line = "restored \(file): \(restored.from.sessions) session\(restored.from.sessions == 1 ? "" : "s")"
        if interrupted > 0 { line += " (\(interrupted) caught recording, marked interrupted)" }
        if let aside = restored.asidePath { line += "; the previous database is kept as \(aside)" }
        print(line)
    }
}

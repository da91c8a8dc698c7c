import ArgumentParser
import Foundation
import Localization
import Store

/// `sideline backup`: a consistent copy of the database, safe while the kiosk records.
struct BackupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Write a consistent copy of the database (safe while a session records).",
        discussion: "Backups are named by their UTC time (sideline-20260314-173000Z.sqlite); the folder keeps the newest --keep of them. Put one back with `sideline restore FILE`.")
    @OptionGroup var database: DatabaseOptions
    @Option(help: "Folder for the backups (default: backups/ beside the database).") var to: String?
    @Option(help: "How many backups the folder keeps (the oldest beyond are deleted).") var keep: Int = DatabaseBackup.defaultKeep

    func validate() throws {
        guard keep >= 1 else { throw ValidationError(tr("--keep must be at least 1")) }
    }

    func run() throws {
        let folder = to ?? DatabaseBackup.defaultFolder(databasePath: database.path)
        let written = try DatabaseBackup.write(databasePath: database.path, to: folder, keep: keep)
        var line = "backup written: \(written.path) (\(ByteCountFormatter.string(fromByteCount: written.bytes, countStyle: .file)))"
        if !written.pruned.isEmpty { line += "; kept the newest \(keep), deleted \(written.pruned.count) older" }
        print(line)
    }
}

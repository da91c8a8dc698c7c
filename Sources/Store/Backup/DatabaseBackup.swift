import Foundation
import GRDB
import Localization

/// `sideline backup`: a consistent copy of the database, taken while a session records.
///
/// `VACUUM INTO` reads one snapshot of the WAL database on a connection of its own (the
/// recorder goes on writing meanwhile) and writes a compact, self-contained file. The copy is
/// written under a temporary name, checked (`integrity_check`), flushed to the medium and only
/// then renamed: a USB stick pulled half-way leaves no file that looks like a backup.
public enum DatabaseBackup {
    public struct Written: Sendable {
        public let path: String
        public let name: BackupName
        public let bytes: Int64
        /// Older backups deleted to keep the last N.
        public let pruned: [String]
    }

    /// How many backups a folder keeps unless told otherwise.
    public static let defaultKeep = 14

    /// Where `sideline backup` (and the daily timer) write when not told: `backups/` beside the database.
    public static func defaultFolder(databasePath: String) -> String {
        let folder = (databasePath as NSString).deletingLastPathComponent
        return folder.isEmpty ? "backups" : folder + "/backups"
    }

    /// Backs up the database at `databasePath` into `directory` (created if needed), keeping the newest `keep`.
    /// Does not migrate or otherwise touch the database.
    public static func write(databasePath: String, to directory: String, keep: Int = defaultKeep, at date: Date = Date()) throws -> Written {
        guard FileManager.default.fileExists(atPath: databasePath) else { throw StoreError.noDatabase(path: databasePath) }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw StoreError.backupFailed(reason: Message(N_("cannot create the folder {folder} ({reason})"), ["folder": directory, "reason": "\(SidelineStore.reason(error))"]))
        }
        let folder = BackupFolder(path: directory)
        let name = folder.freshName(at: date)
        let final = directory + "/" + name.fileName
        let partial = directory + "/." + name.fileName + ".partial"
        try? FileManager.default.removeItem(atPath: partial)
        do {
            let source = try DatabaseQueue(path: databasePath, configuration: sourceConfiguration)
            try source.inDatabase { db in try db.execute(sql: "VACUUM INTO ?", arguments: [partial]) }
            try source.close()
            try seal(partial)
            try flush(file: partial)
            guard rename(partial, final) == 0 else {
                throw StoreError.backupFailed(reason: Message(N_("cannot rename the backup into place: {reason}"), ["reason": "\(String(cString: strerror(errno)))"]))
            }
            try flush(file: directory)
        } catch {
            try? FileManager.default.removeItem(atPath: partial)
            throw describe(error, databasePath: databasePath, directory: directory)
        }
        let bytes = (try? FileManager.default.attributesOfItem(atPath: final)[.size] as? Int64) ?? 0
        let pruned = try folder.prune(keep: max(1, keep))
        return Written(path: final, name: name, bytes: bytes, pruned: pruned)
    }

    /// Reads without side effects: no migration, a busy writer waited for, not fought.
    static var sourceConfiguration: Configuration {
        var c = Configuration()
        c.busyMode = .timeout(10)
        return c
    }

    /// A backup is a plain rollback-journal file (no -wal beside it on the stick) that passes
    /// SQLite's own integrity check.
    private static func seal(_ path: String) throws {
        let copy = try DatabaseQueue(path: path)
        try copy.inDatabase { db in
            try db.execute(sql: "PRAGMA journal_mode = DELETE")
            let result = try String.fetchAll(db, sql: "PRAGMA integrity_check")
            guard result == ["ok"] else {
                throw StoreError.backupFailed(reason: Message(N_("the copy failed SQLite's integrity check ({problem})"), ["problem": "\(firstLine(of: result))"]))
            }
        }
        try copy.close()
    }

    /// The first problem `integrity_check` names, on one line (its rows may hold several).
    static func firstLine(of problems: [String]) -> String {
        let first = problems.first?.split(separator: "\n").first.map(String.init) ?? "no answer"
        return problems.count > 1 || problems.first?.contains("\n") == true ? first + " …" : first
    }

    /// fsync: the backup is on the medium before it is called done (a stick is pulled soon after).
    static func flush(file path: String) throws {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw StoreError.backupFailed(reason: Message(N_("cannot open {path} to flush it: {reason}"), ["path": path, "reason": "\(String(cString: strerror(errno)))"])) }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw StoreError.backupFailed(reason: Message(N_("cannot flush {path}: {reason}"), ["path": path, "reason": "\(String(cString: strerror(errno)))"])) }
    }

    private static func describe(_ error: Error, databasePath: String, directory: String) -> Error {
        if error is StoreError { return error }
        if let db = error as? DatabaseError {
            switch db.resultCode {
            case .SQLITE_NOTADB: return StoreError.notADatabase(path: databasePath)
            case .SQLITE_FULL: return StoreError.backupFailed(reason: Message(N_("no space left in {folder}"), ["folder": directory]))
            case .SQLITE_CANTOPEN, .SQLITE_READONLY, .SQLITE_IOERR, .SQLITE_PERM:
                return StoreError.backupFailed(reason: Message(N_("cannot write into {folder} ({reason})"), ["folder": directory, "reason": db.message ?? "\(db.resultCode)"]))
            default: break
            }
        }
        return StoreError.backupFailed(reason: Message(SidelineStore.reason(error)))
    }
}

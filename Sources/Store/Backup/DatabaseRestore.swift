import Foundation
import GRDB

/// `sideline restore FILE`: puts a backup back as the database.
///
/// The file is checked first (a SQLite database, `integrity_check` ok, a Sideline schema no
/// newer than this build's), and nothing is changed unless it passes. The current database is
/// then kept aside, byte for byte with its WAL, as `<db>.before-restore-<stamp>` beside it, and
/// the backup is copied in through SQLite's online backup API (atomic for other readers).
/// Opening the store afterwards migrates an older backup and marks sessions it caught running as
/// interrupted. The caller holds the recorder lock: a live recorder must never be overwritten.
public enum DatabaseRestore {
    public struct Checked: Sendable {
        public let path: String
        public let migrations: Int
        public let sessions: Int
    }

    public struct Restored: Sendable {
        public let from: Checked
        /// Where the previous database was kept (nil when there was none).
        public let asidePath: String?
    }

    /// Whether `path` is a backup this Sideline can restore; throws a one-line reason if not.
    public static func check(_ path: String) throws -> Checked {
        guard FileManager.default.fileExists(atPath: path) else { throw StoreError.backupRejected(path: path, reason: "no such file") }
        var configuration = Configuration()
        configuration.readonly = true
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            defer { try? queue.close() }
            return try queue.inDatabase { db in
                let problems = try String.fetchAll(db, sql: "PRAGMA integrity_check")
                guard problems == ["ok"] else {
                    throw StoreError.backupRejected(path: path, reason: "it is damaged (integrity check: \(DatabaseBackup.firstLine(of: problems)))")
                }
                guard try db.tableExists("grdb_migrations"), try db.tableExists("session") else {
                    throw StoreError.backupRejected(path: path, reason: "it is not a Sideline database")
                }
                let migrator = Schema.migrator
                if try migrator.hasBeenSuperseded(db) {
                    throw StoreError.backupRejected(path: path, reason: "it was written by a newer version of Sideline; upgrade Sideline first")
                }
                let applied = try migrator.appliedIdentifiers(db)
                let sessions = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM session") ?? 0
                return Checked(path: path, migrations: applied.count, sessions: sessions)
            }
        } catch let error as StoreError {
            throw error
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB || error.resultCode == .SQLITE_CORRUPT {
            throw StoreError.backupRejected(path: path, reason: "it is not a SQLite database, or is damaged")
        } catch {
            throw StoreError.backupRejected(path: path, reason: SidelineStore.reason(error))
        }
    }

    /// Restores `backupPath` over the database at `databasePath`. Call with the recorder lock held.
    public static func restore(_ backupPath: String, into databasePath: String, at date: Date = Date()) throws -> Restored {
        let checked = try check(backupPath)
        let aside = try keepAside(databasePath, at: date)
        do {
            let source = try DatabaseQueue(path: backupPath, configuration: DatabaseBackup.sourceConfiguration)
            defer { try? source.close() }
            let target = try DatabaseQueue(path: databasePath, configuration: DatabaseBackup.sourceConfiguration)
            defer { try? target.close() }
            try source.backup(to: target)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB || error.resultCode == .SQLITE_CORRUPT {
            // The current file is too damaged to write through (often why one restores): it is
            // aside already, so start from a copy of the backup.
            try replaceFiles(of: databasePath, with: backupPath)
        }
        return Restored(from: checked, asidePath: aside)
    }

    /// Copies the database and its WAL aside as they are (a damaged file too: nothing is interpreted).
    private static func keepAside(_ databasePath: String, at date: Date) throws -> String? {
        let files = FileManager.default
        guard files.fileExists(atPath: databasePath) else { return nil }
        let aside = databasePath + ".before-restore-" + BackupName.stamp(date) + "Z"
        do {
            for suffix in ["", "-wal"] where files.fileExists(atPath: databasePath + suffix) {
                try? files.removeItem(atPath: aside + suffix)
                try files.copyItem(atPath: databasePath + suffix, toPath: aside + suffix)
                try DatabaseBackup.flush(file: aside + suffix)
            }
        } catch {
            throw StoreError.backupFailed(reason: "cannot keep the current database aside as \(aside) (\(SidelineStore.reason(error))); nothing was changed")
        }
        return aside
    }

    private static func replaceFiles(of databasePath: String, with backupPath: String) throws {
        let files = FileManager.default
        for suffix in ["", "-wal", "-shm"] { try? files.removeItem(atPath: databasePath + suffix) }
        try files.copyItem(atPath: backupPath, toPath: databasePath)
        try DatabaseBackup.flush(file: databasePath)
    }
}

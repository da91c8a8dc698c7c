import Foundation
import GRDB
import TeamCore

/// The SQLite store: the single source of truth for rosters, straps, sessions
/// and samples. WAL mode (a `DatabasePool`) so readers never block the writer.
/// `synchronous=FULL`: every commit (the recorder's, once a second) is flushed to the medium,
/// so a power cut loses at most the last second. With NORMAL the WAL is flushed only at
/// checkpoints and Linux writes dirty pages back after up to ~30 s: a hard power-off in the VM
/// lost 5 s of a once-a-second writer, and a whole 25-s recording, schema included.
public final class SidelineStore: Sendable {
    public let path: String
    let pool: DatabasePool

    /// Opens (creating if needed) the database and brings its schema up to date.
    /// Sessions left running by a process that died are marked interrupted,
    /// unless `recovering` is false or a live recorder holds the lock.
    public init(path: String, recovering: Bool = true) throws {
        self.path = path
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw StoreError.cannotOpen(path: path, reason: "cannot create the folder \(directory) (\(Self.reason(error)))")
            }
        }
        if FileManager.default.fileExists(atPath: path), !FileManager.default.isWritableFile(atPath: path) {
            throw StoreError.cannotOpen(path: path, reason: "the file is not writable by this user")
        }
        if !FileManager.default.fileExists(atPath: path), !directory.isEmpty,
           !FileManager.default.isWritableFile(atPath: directory) {
            throw StoreError.cannotOpen(path: path, reason: "the folder \(directory) is not writable by this user")
        }
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB {
            throw StoreError.notADatabase(path: path)
        } catch {
            throw StoreError.cannotOpen(path: path, reason: Self.reason(error))
        }
        try Self.migrate(pool, path: path)
        if recovering, RecorderLock(databasePath: path) != nil {
            try markInterruptedSessions()
        }
    }

    /// `sideline migrate`: opens (creating) the database at `path` and migrates it — all the way, or
    /// only up to the migration `upTo` (an older Sideline's schema, for upgrade tests). Returns a summary.
    public static func migrate(path: String, upTo: String? = nil) throws -> String {
        let known = Schema.migrator.migrations
        guard let upTo else {
            let store = try SidelineStore(path: path, recovering: false)
            let applied = try store.read { try Schema.migrator.appliedIdentifiers($0) }
            return "up to date (\(applied.count) of \(known.count) migrations)"
        }
        guard known.contains(upTo) else {
            throw StoreError.cannotOpen(path: path, reason: "no migration \(upTo); known: \(known.joined(separator: ", "))")
        }
        let queue = try DatabaseQueue(path: path)
        try Schema.migrator.migrate(queue, upTo: upTo)
        return "at \(upTo) (\(known.firstIndex(of: upTo)! + 1) of \(known.count) migrations)"
    }

    /// Migrates the open database again: after a restore put an older backup in place.
    public func bringSchemaUpToDate() throws {
        try Self.migrate(pool, path: path)
    }

    private static func migrate(_ pool: DatabasePool, path: String) throws {
        let migrator = Schema.migrator
        do {
            // On the one writer connection, after GRDB's own set-up (which picks NORMAL for WAL pools).
            try pool.writeWithoutTransaction { try $0.execute(sql: "PRAGMA synchronous = FULL") }
            if try pool.read({ try migrator.hasBeenSuperseded($0) }) {
                throw StoreError.newerSchema(path: path)
            }
            try migrator.migrate(pool)
        } catch let error as StoreError {
            throw error
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB {
            throw StoreError.notADatabase(path: path)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_FULL {
            throw StoreError.diskFull(path: path)
        } catch {
            throw StoreError.cannotOpen(path: path, reason: reason(error))
        }
    }

    /// The default location: $XDG_DATA_HOME/sideline/sideline.sqlite (~/.local/share when unset).
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let explicit = environment["SIDELINE_DB"], !explicit.isEmpty { return explicit }
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        return dataHome + "/sideline/sideline.sqlite"
    }

    static func reason(_ error: Error) -> String {
        if let db = error as? DatabaseError { return db.message ?? "\(db.resultCode)" }
        if let ns = error as NSError?, let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return error.localizedDescription
    }

    /// Runs a write transaction, turning SQLite's "disk full" into a clear error.
    func write<T>(_ updates: (Database) throws -> T) throws -> T {
        do {
            return try pool.write(updates)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_FULL {
            throw StoreError.diskFull(path: path)
        }
    }

    func read<T>(_ value: (Database) throws -> T) throws -> T {
        try pool.read(value)
    }

    /// Reads a setting, or nil when it was never set.
    public func setting(_ key: String) throws -> String? {
        try read { try String.fetchOne($0, sql: "SELECT value FROM setting WHERE key = ?", arguments: [key]) }
    }

    public func setSetting(_ key: String, _ value: String) throws {
        try write {
            try $0.execute(sql: "INSERT INTO setting(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                           arguments: [key, value])
        }
    }
}

extension Date {
    var unixMs: Int64 { Int64((timeIntervalSince1970 * 1000).rounded()) }
    init(unixMs: Int64) { self.init(timeIntervalSince1970: Double(unixMs) / 1000) }
}

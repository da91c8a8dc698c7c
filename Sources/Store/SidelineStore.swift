import Foundation
import Localization
import GRDB
import Synchronization
import TeamCore

/// The SQLite store: the single source of truth for rosters, straps, sessions
/// and samples. WAL mode (a `DatabasePool`) so readers never block the writer.
/// `synchronous=FULL`: every commit (the recorder's, once a second) is flushed to the medium,
/// so a power cut loses at most the last second. With NORMAL the WAL is flushed only at
/// checkpoints and Linux writes dirty pages back after up to ~30 s: a hard power-off in the VM
/// lost 5 s of a once-a-second writer, and a whole 25-s recording, schema included.
public final class SidelineStore: Sendable {
    public let path: String
    let database: any DatabaseWriter
    /// Opened for reading only (`openForReading`): nothing is written, not even a cache.
    public let isReadOnly: Bool
    /// Reads run on the writer's connection until `startReaders()`: each SQLite connection parses the
    /// whole schema when it opens (≈ 7 M instructions), and the kiosk's launch needs no second one
    /// before its first frame (decision 083).
    private let readsOnWriter: Atomic<Bool>

    /// Opens (creating if needed) the database and brings its schema up to date.
    /// Sessions left running by a process that died are marked interrupted,
    /// unless `recovering` is false or a live recorder holds the lock. A file that
    /// holds another program's tables is refused unless `adoptingForeign`. `deferringReaders`: reads
    /// share the writer's connection until `startReaders()` (the kiosk, until its first frame is up).
    public init(path: String, recovering: Bool = true, adoptingForeign: Bool = false, deferringReaders: Bool = false) throws {
        self.path = path
        isReadOnly = false
        readsOnWriter = Atomic(deferringReaders)
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
        if FileManager.default.fileExists(atPath: path) {
            // Checked on the pool's writer as it opens, before the pool switches the file to WAL (a change in
            // itself), not on a connection of its own: each connection parses the whole schema (≈ 7 M
            // instructions at launch). Readers are read-only; the writer alone checks.
            configuration.prepareDatabase { db in
                if !db.configuration.readonly { try Self.checkSchema(db, path: path, adoptingForeign: adoptingForeign) }
            }
        }
        database = try Self.opening(path) { try DatabasePool(path: path, configuration: configuration) }
        try Self.migrate(database, path: path)
        try reapplyErasures()
        if recovering, RecorderLock(databasePath: path) != nil {
            try markInterruptedSessions()
        }
    }

    private init(path: String, readOnly database: any DatabaseWriter) {
        self.path = path
        self.database = database
        isReadOnly = true
        readsOnWriter = Atomic(false)
    }

    /// Opens the database for commands that only read (`teams`, `sessions`, `export`…):
    /// read-only, so they work where nothing can be written — a full disk, a read-only
    /// folder. A database that does not exist yet, or needs its schema brought up to date,
    /// is opened as `init(path:)` does.
    public static func openForReading(path: String) throws -> SidelineStore {
        guard FileManager.default.fileExists(atPath: path) else { return try SidelineStore(path: path, recovering: false) }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(5)
        func open(_ location: String) throws -> DatabaseQueue {
            let queue = try DatabaseQueue(path: location, configuration: configuration)
            try queue.read { try checkSchema($0, path: path, adoptingForeign: false) }
            return queue
        }
        let queue = try opening(path) {
            do {
                return try open(path)
            } catch let error as DatabaseError where [.SQLITE_IOERR, .SQLITE_CANTOPEN, .SQLITE_FULL, .SQLITE_READONLY].contains(error.resultCode) {
                // In WAL mode even a reader needs the shared-memory file beside the database; where it
                // cannot be made (a full disk, a read-only folder) and no other process has the database
                // open (nothing waits in the write-ahead log), the file alone is the whole database.
                guard walIsEmpty(path), let immutable = try? open(immutableURI(path)) else {
                    throw StoreError.cannotOpen(path: path, reason: reason(error))
                }
                return immutable
            }
        }
        let pending = try queue.read { try !Schema.migrator.hasCompletedMigrations($0) }
        if pending { return try SidelineStore(path: path, recovering: false) }
        return SidelineStore(path: path, readOnly: queue)
    }

    private static func walIsEmpty(_ path: String) -> Bool {
        let size = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? nil
        return (size ?? 0) == 0
    }

    /// `file:` URI of `path` with `immutable=1`: SQLite reads the file without locks or a shared-memory file.
    private static func immutableURI(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        return "file:" + (absolute.addingPercentEncoding(withAllowedCharacters: allowed) ?? absolute) + "?immutable=1"
    }

    /// Refuses what is not Sideline's to change: a newer Sideline's schema, or another program's
    /// tables in a file without Sideline's migrations (unless `adoptingForeign`). Called inside
    /// `opening`, which names SQLite's errors.
    private static func checkSchema(_ db: Database, path: String, adoptingForeign: Bool) throws {
        let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        var migrated = false
        if tables.contains("grdb_migrations"), tables.contains("session") {
            migrated = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM grdb_migrations WHERE identifier = 'v1')") ?? false
        }
        if try migrated && Schema.migrator.hasBeenSuperseded(db) { throw StoreError.newerSchema(path: path) }
        if !migrated, !tables.isEmpty, !adoptingForeign { throw StoreError.foreignDatabase(path: path, tables: tables) }
    }

    /// `sideline migrate`: opens (creating) the database at `path` and migrates it — all the way, or
    /// only up to the migration `upTo` (an older Sideline's schema, for upgrade tests). Returns a summary.
    /// What was done, as a message: `sideline migrate` prints it in the admin's language.
    public static func migrate(path: String, upTo: String? = nil) throws -> Message {
        let known = Schema.migrator.migrations
        guard let upTo else {
            let store = try SidelineStore(path: path, recovering: false)
            let applied = try store.read { try Schema.migrator.appliedIdentifiers($0) }
            return Message(N_("up to date ({applied} of {known} migrations)"), ["applied": "\(applied.count)", "known": "\(known.count)"])
        }
        guard known.contains(upTo) else {
            throw StoreError.cannotOpen(path: path, reason: "no migration \(upTo); known: \(known.joined(separator: ", "))")
        }
        let queue = try DatabaseQueue(path: path)
        try Schema.migrator.migrate(queue, upTo: upTo)
        return Message(N_("at {migration} ({applied} of {known} migrations)"),
                       ["migration": upTo, "applied": "\(known.firstIndex(of: upTo)! + 1)", "known": "\(known.count)"])
    }

    /// Migrates the open database again and applies the erasures recorded since: after a restore put
    /// an older backup in place.
    public func bringSchemaUpToDate() throws {
        try Self.migrate(database, path: path)
        try reapplyErasures()
    }


    private static func migrate(_ database: any DatabaseWriter, path: String) throws {
        try opening(path) {
            // On the one writer connection, after GRDB's own set-up (which picks NORMAL for WAL pools).
            try database.writeWithoutTransaction { try $0.execute(sql: "PRAGMA synchronous = FULL") }
            try Schema.migrator.migrate(database)
        }
    }

    /// Runs a step of opening the file at `path` (opening it, checking or migrating its schema),
    /// turning what went wrong into the one line a person can act on: Sideline's own errors as they
    /// are, SQLite's "not a database" and "disk full" by name, anything else as why it cannot open.
    @discardableResult
    private static func opening<T>(_ path: String, _ step: () throws -> T) throws -> T {
        do {
            return try step()
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

    /// Runs a write transaction, turning SQLite's "disk full" into a clear error. Public for the store's
    /// extensions in other modules (the club sync's tables are `ClubSync`'s); everyone else calls the store's methods.
    public func write<T>(_ updates: (Database) throws -> T) throws -> T {
        do {
            return try database.write(updates)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_FULL {
            throw StoreError.diskFull(path: path)
        }
    }

    /// Runs a read in one snapshot (on the writer's connection while readers are deferred). Public as `write` is.
    public func read<T>(_ value: (Database) throws -> T) throws -> T {
        guard readsOnWriter.load(ordering: .acquiring) else { return try database.read(value) }
        // As a reader would: read-only, in one transaction (one snapshot), only on the writer's connection.
        return try database.writeWithoutTransaction { db in
            try db.readOnly {
                var result: T?
                try db.inTransaction(.deferred) {
                    result = try value(db)
                    return .commit
                }
                return result!  // inTransaction ran the block (it threw otherwise)
            }
        }
    }

    /// From now on reads open the pool's own read-only connections, which never wait for a write
    /// (the kiosk once its first frame is up; a store opened without `deferringReaders` has them already).
    public func startReaders() {
        readsOnWriter.store(false, ordering: .releasing)
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

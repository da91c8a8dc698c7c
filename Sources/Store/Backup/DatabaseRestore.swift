import Foundation
import GRDB
import Localization

/// `sideline restore FILE`: puts a backup back as the database.
///
/// A backup is a database someone else may have written (it comes from a USB stick), so it is
/// copied in first — beside the database, within `maxBytes` and the free space — and only the
/// copy is judged and used: the stick cannot change the file between the check and the restore,
/// nor take it away half-way. The copy must have a plain SQLite header (`BackupFileHeader`: its
/// page count its size, nothing persistent that Sideline does not write), exactly the schema
/// Sideline creates for its migrations (`BackupSchema`: no trigger, view, virtual table, extra
/// index or table), pass `integrity_check`, and be no newer than this build. Nothing is changed
/// unless it passes. The current database is then kept aside, byte for byte with its WAL, as
/// `<db>.before-restore-<stamp>` beside it, and the backup is copied in through SQLite's online
/// backup API (atomic for other readers). Opening the store afterwards migrates an older backup
/// and marks sessions it caught running as interrupted. The caller holds the recorder lock: a
/// live recorder must never be overwritten.
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

    /// Larger than any club's database gets: about 330 kB a player-hour (samples, RR and their
    /// indexes), so 8 GB is 25 players training 6 hours a week for three years.
    public static let maxBytes = 8 << 30

    /// Whether `path` is a backup this Sideline can restore; throws a one-line reason if not.
    /// `named` is the file as the user knows it, for the messages.
    public static func check(_ path: String, named: String? = nil) throws -> Checked {
        let shown = named ?? path
        func rejected(_ reason: Message) -> StoreError { .backupRejected(path: shown, reason: reason) }
        try checkHeader(path, named: shown)
        var configuration = Configuration()
        configuration.readonly = true
        configuration.prepareDatabase { db in
            // Functions in the file's schema run only if SQLite's own rules call them harmless; malformed cells are caught as they are read.
            try db.execute(sql: "PRAGMA trusted_schema = OFF; PRAGMA cell_size_check = ON")
        }
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            defer { try? queue.close() }
            return try queue.inDatabase { db in
                let objects = try BackupSchema.objects(db)
                if let problem = try BackupSchema.foreignKind(objects) { throw rejected(Message(problem)) }
                let known = Schema.migrator.migrations
                guard let applied = try BackupSchema.appliedMigrations(db, objects: objects, known: known), applied.contains(known[0]) else {
                    throw rejected(Message(N_("it is not a Sideline database")))
                }
                if applied.contains(where: { !known.contains($0) }) {
                    throw rejected(Message(N_("it was written by a newer version of Sideline; upgrade Sideline first")))
                }
                guard Set(applied) == Set(known.prefix(applied.count)) else {
                    throw rejected(Message(N_("it is damaged (its migrations skip some of Sideline's: {migrations})"), ["migrations": applied.sorted().joined(separator: ", ")]))
                }
                if let problem = try BackupSchema.difference(objects, upTo: known[applied.count - 1]) { throw rejected(Message(problem)) }
                let problems = try String.fetchAll(db, sql: "PRAGMA integrity_check")
                guard problems == ["ok"] else {
                    throw rejected(Message(N_("it is damaged (integrity check: {problem})"), ["problem": "\(DatabaseBackup.firstLine(of: problems))"]))
                }
                if let photo = try foreignPhoto(db, objects: objects) { throw rejected(Message(photo)) }
                let sessions = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM session") ?? 0
                return Checked(path: shown, migrations: applied.count, sessions: sessions)
            }
        } catch let error as StoreError {
            throw error
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB || error.resultCode == .SQLITE_CORRUPT {
            throw rejected(Message(N_("it is not a SQLite database, or is damaged")))
        } catch {
            throw rejected(Message(SidelineStore.reason(error)))
        }
    }

    /// A stored photo is a JPEG of a few kB that Sideline made (`StoredPhoto`); the screens decode
    /// it in the kiosk's own process, so anything else in a backup is refused (PlayerPhotos'
    /// `PhotoLimits.stored` takes 1 MB and JPEG only, and checks again before decoding).
    static let maxPhotoBytes = 1 << 20

    private static func foreignPhoto(_ db: Database, objects: [BackupSchema.Object]) throws -> String? {
        guard objects.contains(where: { $0.type == "table" && $0.name == "player_photo" }) else { return nil }
        let player = try Int64.fetchOne(db, sql: """
            SELECT player_id FROM player_photo WHERE length(jpeg) > ? OR substr(jpeg, 1, 3) != x'FFD8FF' LIMIT 1
            """, arguments: [maxPhotoBytes])
        return player.map { "the photo of player \($0) is not a JPEG as Sideline stores them" }
    }

    /// The file's header against `BackupFileHeader`'s rules, before SQLite opens it.
    private static func checkHeader(_ path: String, named shown: String) throws {
        let (head, size) = try firstBytes(of: path, shown: shown)
        guard let header = BackupFileHeader(head) else {
            throw StoreError.backupRejected(path: shown, reason: Message(N_("it is not a SQLite database, or is damaged")))
        }
        if let problem = header.problem(fileSize: size, maxBytes: maxBytes) { throw StoreError.backupRejected(path: shown, reason: Message(problem)) }
    }

    /// Restores `backupPath` over the database at `databasePath`. Call with the recorder lock held.
    public static func restore(_ backupPath: String, into databasePath: String, at date: Date = Date()) throws -> Restored {
        // What the header alone refuses is refused before anything is copied (in an instant, not after gigabytes).
        try checkHeader(backupPath, named: backupPath)
        let incoming = databasePath + ".restore-incoming"
        defer { for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: incoming + suffix) } }
        try copyIn(backupPath, to: incoming, beside: databasePath)
        let checked = try check(incoming, named: backupPath)
        // SQLite's backup API cannot change the page size of a WAL database: it would fail half-way.
        if let current = try? firstBytes(of: databasePath, shown: databasePath), let mine = BackupFileHeader(current.bytes),
           let theirs = BackupFileHeader(try firstBytes(of: incoming, shown: backupPath).bytes), mine.pageSize != theirs.pageSize {
            throw StoreError.backupRejected(path: backupPath, reason: Message(N_("its pages are {theirs} bytes, this database's {mine}"), ["theirs": "\(theirs.pageSize)", "mine": "\(mine.pageSize)"]))
        }
        let aside = try keepAside(databasePath, at: date)
        do {
            let source = try DatabaseQueue(path: incoming, configuration: DatabaseBackup.sourceConfiguration)
            defer { try? source.close() }
            let target = try DatabaseQueue(path: databasePath, configuration: DatabaseBackup.sourceConfiguration)
            defer { try? target.close() }
            try source.backup(to: target)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB || error.resultCode == .SQLITE_CORRUPT {
            // The current file is too damaged to write through (often why one restores): it is
            // aside already, so start from a copy of the backup.
            try replaceFiles(of: databasePath, with: incoming)
        }
        return Restored(from: checked, asidePath: aside)
    }

    /// Opens a plain file for reading — a device or a pipe on a stick is refused, not waited on —
    /// and returns its descriptor and size. The caller closes it.
    private static func openPlainFile(_ path: String, shown: String) throws -> (fd: Int32, size: Int) {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            throw StoreError.backupRejected(path: shown, reason: errno == ENOENT ? Message(N_("no such file")) : Message(String(cString: strerror(errno))))
        }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw StoreError.backupRejected(path: shown, reason: Message(N_("it is not a plain file")))
        }
        return (fd, Int(info.st_size))
    }

    /// The file's first 100 bytes and its size.
    private static func firstBytes(of path: String, shown: String) throws -> (bytes: [UInt8], size: Int) {
        let (fd, size) = try openPlainFile(path, shown: shown)
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 100)
        let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, 100, 0) }
        return (Array(bytes.prefix(max(0, n))), size)
    }

    /// Copies the backup beside the database, refusing one larger than `maxBytes` or than the
    /// free space allows (the copy, the current database kept aside, and the restored one).
    private static func copyIn(_ backupPath: String, to incoming: String, beside databasePath: String) throws {
        let (source, size) = try openPlainFile(backupPath, shown: backupPath)
        defer { close(source) }
        if let problem = BackupFileHeader.sizeProblem(size, maxBytes: maxBytes) {
            throw StoreError.backupRejected(path: backupPath, reason: Message(problem))
        }
        let current = (try? FileManager.default.attributesOfItem(atPath: databasePath)[.size] as? Int) ?? 0
        let folder = (databasePath as NSString).deletingLastPathComponent
        var space = statvfs()
        if statvfs(folder.isEmpty ? "." : folder, &space) == 0 {
            let free = Int(space.f_bavail) * Int(space.f_frsize)
            let needed = 2 * size + current + (16 << 20)
            guard free >= needed else {
                throw StoreError.backupFailed(reason: Message(N_("restoring {path} needs {needed} MB free beside the database, {free} MB are; nothing was changed"), ["path": backupPath, "needed": "\(needed >> 20)", "free": "\(free >> 20)"]))
            }
        }
        let target = open(incoming, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard target >= 0 else {
            throw StoreError.backupFailed(reason: Message(N_("cannot copy the backup beside the database ({reason}); nothing was changed"), ["reason": "\(String(cString: strerror(errno)))"]))
        }
        defer { close(target) }
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var copied = 0
        while true {
            let n = chunk.withUnsafeMutableBytes { read(source, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else {
                throw StoreError.backupRejected(path: backupPath, reason: Message(N_("it cannot be read ({reason})"), ["reason": "\(String(cString: strerror(errno)))"]))
            }
            if n == 0 { break }
            copied += n
            // A file that grows while it is read (a stick that is more than a stick) stops here.
            guard copied <= size else { throw StoreError.backupRejected(path: backupPath, reason: Message(N_("it changed while it was read"))) }
            let written = chunk.withUnsafeBytes { write(target, $0.baseAddress, n) }
            guard written == n else {
                throw StoreError.backupFailed(reason: Message(N_("cannot copy the backup beside the database ({reason}); nothing was changed"), ["reason": "\(String(cString: strerror(errno)))"]))
            }
        }
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
            throw StoreError.backupFailed(reason: Message(N_("cannot keep the current database aside as {aside} ({reason}); nothing was changed"), ["aside": aside, "reason": "\(SidelineStore.reason(error))"]))
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

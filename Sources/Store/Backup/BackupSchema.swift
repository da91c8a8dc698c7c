import GRDB
import Synchronization

/// A backup's schema against the one Sideline itself creates for the same migrations: every
/// table, index, trigger and view in `sqlite_master`, by type, name, table and SQL text.
///
/// A backup is a database someone else may have written, and its schema is code: a trigger runs
/// on the kiosk's next insert (`AFTER INSERT ON sample_minute BEGIN DELETE FROM sample_minute; END` would erase
/// every session as it records), a view named like a table runs its own query when read, a
/// virtual table runs its module's code, an index on an expression runs that expression on every
/// write, `sqlite_stat1` steers the query planner. Anything Sideline's migrations up to the
/// backup's own version did not create is refused, named in one line — and before anything in
/// the file is queried, including `integrity_check`.
enum BackupSchema {
    struct Object: Hashable {
        var type: String
        var name: String
        var table: String
        var sql: String?

        var named: String { type == "index" || type == "trigger" ? "\(type) \(name) (on \(table))" : "\(type) \(name)" }
    }

    static func objects(_ db: Database) throws -> [Object] {
        try Row.fetchAll(db, sql: "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY rowid").map {
            Object(type: $0[0], name: $0[1], table: $0[2], sql: $0[3])
        }
    }

    /// Kinds of object Sideline never creates: each would run code of its own when the kiosk reads
    /// or writes (a trigger counts as Sideline's only when it is one of its own, word for word).
    /// Checked before anything else is read.
    static func foreignKind(_ objects: [Object]) throws -> String? {
        // Sideline's own triggers (the club sync's change capture, v14, made again by v15) are known by
        // their exact text in any version since: a backup of an older version holds that version's.
        let migrations = Schema.migrator.migrations
        let since = migrations.firstIndex(of: "v14-club-sync") ?? migrations.count - 1
        let own = Set(try migrations[since...].flatMap { try referenceObjects(upTo: $0) }.filter { $0.type == "trigger" } + pastSettingTriggers())
        if let trigger = objects.first(where: { $0.type == "trigger" && !own.contains($0) }) {
            return "it holds the \(trigger.named), which Sideline does not create"
        }
        if let view = objects.first(where: { $0.type == "view" }) { return "it holds the \(view.named), which Sideline does not create" }
        if let virtual = objects.first(where: { $0.type == "table" && ($0.sql ?? "").uppercased().hasPrefix("CREATE VIRTUAL TABLE") }) {
            return "it holds the virtual table \(virtual.name), which Sideline does not create"
        }
        if let stats = objects.first(where: { $0.name.hasPrefix("sqlite_stat") }) {
            return "it holds \(stats.name) (query planner statistics from ANALYZE), which Sideline does not keep"
        }
        return nil
    }

    /// The migrations the backup says it has, read only from a `grdb_migrations` that is the plain
    /// table GRDB creates (a view of that name would run its own query); nil when there is none.
    static func appliedMigrations(_ db: Database, objects: [Object], known: [String]) throws -> [String]? {
        let reference = try referenceObjects(upTo: known.first!)
        guard let table = reference.first(where: { $0.name == "grdb_migrations" }),
              let found = objects.first(where: { $0.name == "grdb_migrations" }) else { return nil }
        guard found == table else { return nil }
        // More rows than Sideline has migrations: some are unknown, which is all the caller needs to know.
        return try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations LIMIT ?", arguments: [known.count + 1])
    }

    /// The schema a fresh database has after Sideline's migrations up to `last`, made in memory
    /// once per migration and kept.
    static func referenceObjects(upTo last: String) throws -> [Object] {
        if let known = references.withLock({ $0[last] }) { return known }
        let fresh = try DatabaseQueue()
        try Schema.migrator.migrate(fresh, upTo: last)
        let made = try fresh.read(objects)
        references.withLock { $0[last] = made }
        return made
    }

    private static let references = Mutex<[String: [Object]]>([:])

    /// A setting trigger as a version before v25 made it, in a file of such a version (v25 makes them again).
    static func isPastSettingTrigger(_ object: Object, upTo last: String) throws -> Bool {
        let migrations = Schema.migrator.migrations
        guard let at = migrations.firstIndex(of: last), let fixed = migrations.firstIndex(of: "v25-consent"), at < fixed else { return false }
        return try pastSettingTriggers().contains(object)
    }

    /// The setting triggers as past versions made them: until v25 fixed it, v15 captured the shared settings of
    /// the version that ran it (four, then five with the retention), so a backup may hold either.
    static func pastSettingTriggers() throws -> [Object] {
        let key = "past setting triggers"
        if let known = references.withLock({ $0[key] }) { return known }
        let fresh = try DatabaseQueue()
        try Schema.migrator.migrate(fresh, upTo: "v15-club-season-settings")
        let made = try fresh.write { db in
            try (ClubSyncSchema.settingsV15.count...ClubSyncSchema.settingsV25.count).flatMap { n in
                try db.execute(sql: "DROP TRIGGER club_setting_inserted; DROP TRIGGER club_setting_updateed;"
                               + ClubSyncSchema.settingTriggers(Array(ClubSyncSchema.settings.prefix(n))))
                return try objects(db).filter { $0.type == "trigger" && $0.name.hasPrefix("club_setting_") }
            }
        }
        references.withLock { $0[key] = made }
        return made
    }

    /// What differs from the schema Sideline creates up to `last`, in one line; nil when nothing does.
    static func difference(_ objects: [Object], upTo last: String) throws -> String? {
        let reference = try referenceObjects(upTo: last)
        let expected = Dictionary(reference.map { ("\($0.type) \($0.name)", $0) }, uniquingKeysWith: { a, _ in a })
        let found = Set(objects.map { "\($0.type) \($0.name)" })
        for object in objects {
            guard let twin = expected["\(object.type) \(object.name)"] else {
                return "it holds the \(object.named), which Sideline does not create"
            }
            if twin != object, !(try isPastSettingTrigger(object, upTo: last)) { return "its \(object.named) is not the one Sideline creates" }
        }
        if let missing = reference.first(where: { !found.contains("\($0.type) \($0.name)") }) {
            return "it lacks the \(missing.named) Sideline creates"
        }
        return nil
    }
}

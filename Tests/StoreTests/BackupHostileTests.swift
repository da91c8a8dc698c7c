import Foundation
import GRDB
@testable import Store
import TeamCore
import XCTest

/// Backups someone else may have written (issue 26): each refused in one line naming what is
/// wrong, before anything in it runs, and nothing changed — the database byte for byte, nothing
/// kept aside, no copy left behind.
final class BackupHostileTests: XCTestCase {
    var fixture = StoreFixture()
    override func tearDown() { fixture.remove() }

    /// A real backup of a store with a team, a player and an ended session.
    func goodBackup() throws -> String {
        _ = try fixture.openWithASession()
        return try DatabaseBackup.write(databasePath: fixture.path, to: fixture.directory + "/backups").path
    }

    /// A copy of `good` changed by `sql`.
    func variant(_ name: String, of good: String, _ sql: String) throws -> String {
        let path = fixture.directory + "/" + name + ".sqlite"
        try FileManager.default.copyItem(atPath: good, toPath: path)
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { try $0.execute(sql: sql) }
        try queue.close()
        return path
    }

    /// A copy of `good` with bytes of its header replaced.
    func patched(_ name: String, of good: String, _ changes: [Int: [UInt8]], keep: Int? = nil) throws -> String {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: good)))
        for (offset, replacement) in changes { bytes.replaceSubrange(offset..<offset + replacement.count, with: replacement) }
        let path = fixture.directory + "/" + name + ".sqlite"
        try Data(bytes.prefix(keep ?? bytes.count)).write(to: URL(fileURLWithPath: path))
        return path
    }

    func assertRefused(_ cases: [(String, String)], file: StaticString = #filePath, line: UInt = #line) throws {
        let before = try Data(contentsOf: URL(fileURLWithPath: fixture.path))
        for (path, reason) in cases {
            XCTAssertThrowsError(try DatabaseRestore.restore(path, into: fixture.path), file: file, line: line) {
                let message = "\($0)"
                XCTAssertTrue(message.contains(reason) && message.hasSuffix("nothing was changed"), "\(path): \(message)", file: file, line: line)
                XCTAssertFalse(message.contains("\n"), file: file, line: line)
            }
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: fixture.path)), before, "the database is as it was", file: file, line: line)
        let left = try FileManager.default.contentsOfDirectory(atPath: fixture.directory)
            .filter { $0.contains("before-restore") || $0.contains("restore-incoming") }
        XCTAssertEqual(left, [], "nothing kept aside, no copy left", file: file, line: line)
    }

    func testSchemaObjectsSidelineDidNotCreateAreNamed() throws {
        let good = try goodBackup()
        try assertRefused([
            (try variant("trigger", of: good, "CREATE TRIGGER wipe AFTER INSERT ON sample_minute BEGIN DELETE FROM sample_minute; END"),
             "it holds the trigger wipe (on sample_minute), which Sideline does not create"),
            (try variant("view", of: good, "CREATE VIEW everyone AS SELECT * FROM player"), "it holds the view everyone"),
            (try variant("fts", of: good, "CREATE VIRTUAL TABLE notes USING fts4(body)"), "it holds the virtual table notes"),
            (try variant("rtree", of: good, "CREATE VIRTUAL TABLE boxes USING rtree(id, x0, x1)"), "it holds the virtual table boxes"),
            (try variant("expression-index", of: good, "CREATE INDEX odd ON player(abs(resting_hr) + 1)"), "it holds the index odd (on player)"),
            (try variant("extra-table", of: good, "CREATE TABLE extra(x)"), "it holds the table extra, which Sideline does not create"),
            (try variant("altered", of: good, "ALTER TABLE team ADD COLUMN note TEXT DEFAULT 'x'"), "its table team is not the one Sideline creates"),
            (try variant("retyped", of: good, "DROP TABLE setting; CREATE TABLE setting(key TEXT PRIMARY KEY, value BLOB)"),
             "its table setting is not the one Sideline creates"),
            (try variant("dropped-index", of: good, "DROP INDEX session_by_team"), "it lacks the index session_by_team (on session) Sideline creates"),
            (try variant("statistics", of: good, "ANALYZE"), "it holds sqlite_stat1 (query planner statistics from ANALYZE)"),
            (try variant("gif-photo", of: good, "INSERT INTO player_photo VALUES (1, x'474946383961', 1)"),
             "the photo of player 1 is not a JPEG as Sideline stores them"),
            (try variant("skipped", of: good, "DELETE FROM grdb_migrations WHERE identifier = 'v2-sample-energy'"), "its migrations skip some of Sideline's"),
        ])
    }

    /// A view in place of the migrations table would run its own query (here one that never ends) when read.
    func testAViewNamedLikeSidelinesOwnTableIsRefusedWithoutRunningIt() throws {
        let good = try goodBackup()
        let endless = try variant("endless", of: good, """
            DROP TABLE grdb_migrations;
            CREATE VIEW grdb_migrations AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT 'v1' AS identifier FROM c
            """)
        try assertRefused([(endless, "it holds the view grdb_migrations, which Sideline does not create")])
    }

    func testPersistentPragmasThatChangeBehaviourOrAreNotSidelinesAreNamed() throws {
        let good = try goodBackup()
        let utf16 = fixture.directory + "/utf16.sqlite"
        var configuration = Configuration()
        configuration.prepareDatabase { try $0.execute(sql: "PRAGMA encoding = 'UTF-16le'") }
        let queue = try DatabaseQueue(path: utf16, configuration: configuration)
        try Schema.migrator.migrate(queue)
        try queue.close()
        try assertRefused([
            (try variant("user-version", of: good, "PRAGMA user_version = 7"), "its PRAGMA user_version is 7; Sideline leaves it 0"),
            (try variant("application-id", of: good, "PRAGMA application_id = 1234"), "its PRAGMA application_id is 1234"),
            (try variant("auto-vacuum", of: good, "PRAGMA auto_vacuum = FULL; VACUUM"), "it uses PRAGMA auto_vacuum"),
            (try variant("page-size", of: good, "PRAGMA page_size = 1024; VACUUM"), "its pages are 1024 bytes, this database's 4096"),
            (utf16, "its text is UTF-16 (PRAGMA encoding)"),
        ])
    }

    func testHeadersThatLieAboutTheFileAreRefusedBeforeSQLiteReadsThem() throws {
        let good = try goodBackup()
        let pages = try DatabaseQueue(path: good).read { try Int.fetchOne($0, sql: "PRAGMA page_count")! }
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: good)))
        // 2³¹ − 1 pages (8 TiB at 4 KiB), and the "valid for" stamp that makes SQLite believe it.
        let lying = try patched("page-count", of: good, [28: [0x7F, 0xFF, 0xFF, 0xFF], 92: Array(bytes[24..<28])])
        try assertRefused([
            (lying, "its header says it has 2147483647 pages, but the file holds \(pages)"),
            (try patched("more-pages", of: good, [28: [0, 0, 0x10, 0], 92: Array(bytes[24..<28])]), "its header says it has 4096 pages, but the file holds \(pages)"),
            (try patched("page-size", of: good, [16: [0x03, 0xE8]]), "it is damaged (a page size of 1000 bytes)"),
            (try patched("cut", of: good, [:], keep: 4096 + 2048), "its size is not a whole number of pages"),
            (try patched("magic", of: good, [0: Array("SQLite format 4".utf8)]), "it is not a SQLite database"),
            (try patched("reserved", of: good, [20: [8]]), "it reserves 8 bytes of every page"),
        ])
    }

    func testWhatIsNotAFileOrTooLargeIsRefusedWithoutReadingIt() throws {
        let good = try goodBackup()
        let pipe = fixture.directory + "/pipe.sqlite"
        XCTAssertEqual(mkfifo(pipe, 0o600), 0)
        let huge = fixture.directory + "/huge.sqlite"
        try FileManager.default.copyItem(atPath: good, toPath: huge)
        XCTAssertEqual(truncate(huge, off_t(DatabaseRestore.maxBytes + 4096)), 0, "sparse: costs no disk")
        try assertRefused([(pipe, "it is not a plain file"), (huge, "it is larger than a Sideline database gets"),
                           (fixture.directory, "it is not a plain file")])
    }

    /// The reference schema is Sideline's own for each version: a database left at any migration,
    /// and a plain copy of a live one (a WAL header, no -wal beside it), pass.
    func testEveryVersionOfSidelinesOwnSchemaPasses() throws {
        for (index, migration) in Schema.migrator.migrations.enumerated() {
            let path = fixture.directory + "/at-\(migration).sqlite"
            let queue = try DatabaseQueue(path: path)
            try Schema.migrator.migrate(queue, upTo: migration)
            try queue.close()
            XCTAssertEqual(try DatabaseRestore.check(path).migrations, index + 1, migration)
        }
        // Until v25, v15 captured the settings shared in the version that ran it: a v24 file made with the retention's
        // five holds those triggers, and is Sideline's own too.
        let retentionEra = fixture.directory + "/v24-five-settings.sqlite"
        let queue = try DatabaseQueue(path: retentionEra)
        try Schema.migrator.migrate(queue, upTo: "v24-session-snapshot")
        try queue.write { try $0.execute(sql: "DROP TRIGGER club_setting_inserted; DROP TRIGGER club_setting_updateed;"
                                         + ClubSyncSchema.settingTriggers(Array(ClubSyncSchema.settings.prefix(5)))) }
        try queue.close()
        XCTAssertEqual(try DatabaseRestore.check(retentionEra).migrations, Schema.migrator.migrations.firstIndex(of: "v24-session-snapshot")! + 1)
        _ = try goodBackup()
        let store = try fixture.open()
        try store.database.writeWithoutTransaction { _ = try $0.checkpoint(.truncate) }
        let copy = fixture.directory + "/live-copy.sqlite"
        try FileManager.default.copyItem(atPath: fixture.path, toPath: copy)
        XCTAssertEqual(try DatabaseRestore.check(copy).sessions, 1)
    }
}

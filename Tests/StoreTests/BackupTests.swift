import Foundation
import GRDB
@testable import Store
import TeamCore
import XCTest

final class BackupNameTests: XCTestCase {
    func testNamesAreUTCStampsThatSortByTime() throws {
        let date = Date(timeIntervalSince1970: 1_773_509_400) // 2026-03-14 17:30:00 UTC
        XCTAssertEqual(BackupName.make(at: date).fileName, "sideline-20260314-173000Z.sqlite")
        XCTAssertEqual(BackupName.make(at: date, sequence: 2).fileName, "sideline-20260314-173000Z-2.sqlite")
        let parsed = try XCTUnwrap(BackupName(fileName: "sideline-20260314-173000Z-2.sqlite"))
        XCTAssertEqual(parsed.date, date)
        let names = ["sideline-20260314-173000Z-2.sqlite", "sideline-20251231-235959Z.sqlite", "sideline-20260314-173000Z.sqlite",
                     "sideline-20260314-173000Z-10.sqlite"].compactMap(BackupName.init(fileName:))
        XCTAssertEqual(names.sorted().map(\.fileName), ["sideline-20251231-235959Z.sqlite", "sideline-20260314-173000Z.sqlite",
                                                       "sideline-20260314-173000Z-2.sqlite", "sideline-20260314-173000Z-10.sqlite"])
    }

    func testOtherFilesAreNotBackups() {
        for name in ["sideline.sqlite", "sideline-20260314-173000Z.sqlite-wal", "sideline-20260231-120000Z.sqlite",
                     "sideline-20260314-173000.sqlite", "sideline-20260314-173000Z-1.sqlite", "sideline-2026031-173000Z.sqlite",
                     ".sideline-20260314-173000Z.sqlite.partial", "notes.txt"] {
            XCTAssertNil(BackupName(fileName: name), name)
        }
    }
}

final class BackupTests: XCTestCase {
    var fixture = StoreFixture()
    override func tearDown() { fixture.remove() }
    var backups: String { fixture.directory + "/backups" }

    /// A store with a team, a player and an ended session.
    func populated() throws -> SidelineStore { try fixture.openWithASession() }

    func counts(_ path: String) throws -> [Int] {
        try DatabaseQueue(path: path).read { db in
            try ["team", "player", "session"].map { try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \($0)") ?? -1 }
        }
    }

    func testABackupIsAPlainCheckedCopyAndTheFolderKeepsTheLastN() throws {
        _ = try populated()
        var written: [DatabaseBackup.Written] = []
        for second in 0..<4 {
            written.append(try DatabaseBackup.write(databasePath: fixture.path, to: backups, keep: 3,
                                                    at: Date(timeIntervalSince1970: 1_773_509_400 + Double(second))))
        }
        XCTAssertEqual(written.last?.pruned, ["sideline-20260314-173000Z.sqlite"])
        XCTAssertEqual(BackupFolder(path: backups).backups().map(\.fileName),
                       ["sideline-20260314-173001Z.sqlite", "sideline-20260314-173002Z.sqlite", "sideline-20260314-173003Z.sqlite"])
        let latest = try XCTUnwrap(written.last)
        XCTAssertEqual(try counts(latest.path), [1, 1, 1])
        XCTAssertGreaterThan(latest.bytes, 0)
        try DatabaseQueue(path: latest.path).inDatabase { db in
            XCTAssertEqual(try String.fetchOne(db, sql: "PRAGMA journal_mode"), "delete", "no -wal file beside a backup on a stick")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: latest.path + "-wal"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: backups).filter { $0.hasSuffix(".partial") }, [])
        // Two backups in one second get two names.
        let twin = try DatabaseBackup.write(databasePath: fixture.path, to: backups, keep: 10,
                                            at: Date(timeIntervalSince1970: 1_773_509_403))
        XCTAssertEqual(twin.name.fileName, "sideline-20260314-173003Z-2.sqlite")
        XCTAssertEqual(BackupFolder(path: backups).latest, twin.name)
    }

    /// The copy is one snapshot: a write transaction open meanwhile (the recorder mid-commit) is
    /// not in it, and is not blocked by it.
    func testBackupDuringAnOpenWriteTransactionIsTheCommittedSnapshot() throws {
        let store = try populated()
        let writer = try DatabaseQueue(path: fixture.path)
        try writer.inDatabase { db in
            try db.execute(sql: "BEGIN IMMEDIATE")
            try db.execute(sql: "INSERT INTO team(name, colour, created_ms) VALUES ('Uncommitted', '#000000', 0)")
            let backup = try DatabaseBackup.write(databasePath: fixture.path, to: backups)
            XCTAssertEqual(try counts(backup.path), [1, 1, 1])
            try db.execute(sql: "COMMIT")
        }
        XCTAssertEqual(try store.teams().count, 2)
    }

    func testNoDatabaseAndUnwritableFolderAreOneLineErrors() throws {
        XCTAssertThrowsError(try DatabaseBackup.write(databasePath: fixture.path, to: backups)) {
            XCTAssertEqual($0 as? StoreError, .noDatabase(path: fixture.path))
        }
        _ = try populated()
        let file = fixture.directory + "/a-file"
        XCTAssertTrue(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
        XCTAssertThrowsError(try DatabaseBackup.write(databasePath: fixture.path, to: file + "/backups")) {
            guard case .backupFailed(let reason)? = $0 as? StoreError else { return XCTFail("\($0)") }
            XCTAssertTrue(reason.english.contains("cannot create the folder"), reason.english)
        }
    }

    func testRestorePutsTheBackupBackAndKeepsTheCurrentDatabaseAside() throws {
        let store = try populated()
        let backup = try DatabaseBackup.write(databasePath: fixture.path, to: backups)
        _ = try store.createTeam(name: "Made after the backup")
        let restored = try DatabaseRestore.restore(backup.path, into: fixture.path, at: Date(timeIntervalSince1970: 1_773_509_400))
        XCTAssertEqual(restored.from.sessions, 1)
        XCTAssertEqual(restored.asidePath, fixture.path + ".before-restore-20260314-173000Z")
        XCTAssertEqual(try store.teams().map(\.team.name), ["U17"], "the open store sees the restored content")
        XCTAssertEqual(try counts(try XCTUnwrap(restored.asidePath))[0], 2, "the database as it was, with its WAL")
        try store.database.read { db in XCTAssertEqual(try String.fetchOne(db, sql: "PRAGMA journal_mode"), "wal") }
    }

    func testRestoreOfAnOlderSchemaIsMigratedOnOpen() throws {
        // A backup from a Sideline that knew only v1.
        let old = fixture.directory + "/old.sqlite"
        let queue = try DatabaseQueue(path: old)
        try Schema.migrator.migrate(queue, upTo: "v1")
        try queue.write { db in try db.execute(sql: "INSERT INTO team(name, colour, created_ms) VALUES ('Old', '#112233', 1)") }
        try queue.close()
        _ = try populated()
        let restored = try DatabaseRestore.restore(old, into: fixture.path)
        XCTAssertEqual(restored.from.migrations, 1)
        let reopened = try SidelineStore(path: fixture.path)
        XCTAssertEqual(try reopened.teams().map(\.team.name), ["Old"])
        try reopened.database.read { db in
            XCTAssertFalse(try Schema.migrator.hasBeenSuperseded(db))
            XCTAssertTrue(try Schema.migrator.hasCompletedMigrations(db))
        }
    }

    func testRestoreRefusesWhatItCannotUseAndChangesNothing() throws {
        let store = try populated()
        let before = try Data(contentsOf: URL(fileURLWithPath: fixture.path))

        let text = fixture.directory + "/notes.sqlite"
        try Data(repeating: 0x41, count: 8192).write(to: URL(fileURLWithPath: text))
        let empty = fixture.directory + "/empty.sqlite"
        try DatabaseQueue(path: empty).write { db in try db.execute(sql: "CREATE TABLE x(y)") }
        let newer = try DatabaseBackup.write(databasePath: fixture.path, to: backups).path
        try DatabaseQueue(path: newer).write { db in try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('v99-from-the-future')") }
        let corrupt = try DatabaseBackup.write(databasePath: fixture.path, to: fixture.directory + "/corrupt").path
        try corruptTable(in: corrupt)

        let expectations = [(text, "not a SQLite database"), (empty, "not a Sideline database"),
                            (newer, "newer version of Sideline"), (corrupt, "damaged"), (fixture.directory + "/missing", "no such file")]
        for (file, reason) in expectations {
            XCTAssertThrowsError(try DatabaseRestore.restore(file, into: fixture.path)) {
                XCTAssertTrue("\($0)".contains(reason) && "\($0)".contains("nothing was changed"), "\(file): \($0)")
            }
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: fixture.path)), before)
        XCTAssertEqual(try store.teams().count, 1)
        let aside = try FileManager.default.contentsOfDirectory(atPath: fixture.directory).filter { $0.contains("before-restore") }
        XCTAssertEqual(aside, [], "nothing set aside for a refused restore")
    }

    /// Overwrites the middle of the session table's first page: the file still opens, the check fails.
    func corruptTable(in path: String) throws {
        let (page, size) = try DatabaseQueue(path: path).read { db in
            (try Int.fetchOne(db, sql: "SELECT rootpage FROM sqlite_master WHERE name = 'session_player'")!,
             try Int.fetchOne(db, sql: "PRAGMA page_size")!)
        }
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        try handle.seek(toOffset: UInt64((page - 1) * size + 8))
        handle.write(Data(repeating: 0xFF, count: 64))
        try handle.close()
    }
}

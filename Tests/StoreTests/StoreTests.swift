import Foundation
import GRDB
@testable import Store
import TeamCore
import XCTest

final class StoreTests: XCTestCase {
    var fixture = StoreFixture()
    override func tearDown() { fixture.remove() }

    /// FULL, not NORMAL: a power cut must lose at most the last commit (measured in the VM appliance test).
    func testOpensInWALModeWithFullSync() throws {
        let store = try fixture.open()
        try store.database.write { db in
            XCTAssertEqual(try String.fetchOne(db, sql: "PRAGMA journal_mode"), "wal")
            XCTAssertEqual(try Int.fetchOne(db, sql: "PRAGMA synchronous"), 2, "FULL")
        }
    }

    func testErrorsSayWhatWentWrong() throws {
        let store = try fixture.open()
        _ = try store.createTeam(name: "U17")
        XCTAssertThrowsError(try store.createTeam(name: "  ")) { XCTAssertEqual(($0 as? StoreError)?.description, "a team needs a name") }
        XCTAssertThrowsError(try store.createTeam(name: "U17")) {
            XCTAssertEqual(($0 as? StoreError)?.description, "a team named 'U17' already exists")
        }
        XCTAssertThrowsError(try store.updatePlayer(99, StoreFixture.player("Mia"))) {
            XCTAssertEqual($0 as? StoreError, .unknownPlayer(99))
            XCTAssertEqual("\($0)", "no player with id 99")
        }
    }

    func testTeamsRosterAndStrapsAcrossTeams() throws {
        let store = try fixture.open()
        let u17 = try store.createTeam(name: "U17")
        let u19 = try store.createTeam(name: "U19")
        XCTAssertThrowsError(try store.createTeam(name: "u17"), "names are unique, case-insensitively")
        let strap = try store.strap(address: "a0:9e:1a:00:00:01", name: "Polar H10 1")
        XCTAssertEqual(strap.address, "A0:9E:1A:00:00:01")
        XCTAssertEqual(try store.strap(address: "A0:9E:1A:00:00:01", name: "other").id, strap.id, "one row per address")

        let mia = try store.addPlayer(StoreFixture.player("Mia"), toTeam: u17.id, shirtNumber: 7, strapID: strap.id)
        // A player can be in several teams, with another number there; the strap is reusable across teams.
        try store.addMembership(Membership(teamID: u19.id, playerID: mia, shirtNumber: 17, strapID: strap.id))
        let noah = try store.addPlayer(StoreFixture.player("Noah", sex: .male), toTeam: u17.id, shirtNumber: 10)
        XCTAssertThrowsError(try store.addMembership(Membership(teamID: u17.id, playerID: noah, shirtNumber: 99, strapID: strap.id))) {
            XCTAssertEqual(($0 as? StoreError)?.description, "that strap is already worn by another player of this team")
        }
        XCTAssertThrowsError(try store.addPlayer(StoreFixture.player("Ida"), toTeam: u17.id, shirtNumber: 7))

        // Handing the strap to Noah takes it from Mia in this team only.
        try store.assignStrap(strap.id, teamID: u17.id, playerID: noah)
        let roster = try store.roster(teamID: u17.id)
        XCTAssertEqual(roster.map(\.shirtNumber), [7, 10])
        XCTAssertNil(roster[0].strap)
        XCTAssertEqual(roster[1].strap?.id, strap.id)
        XCTAssertEqual(try store.roster(teamID: u19.id).first?.strap?.id, strap.id)

        let overview = try store.teams()
        XCTAssertEqual(overview.map(\.team.name), ["U17", "U19"])
        XCTAssertEqual(overview.map(\.playerCount), [2, 1])
    }

    func testSessionKeepsPhysiologyAsItWasAndPerSessionStrapOverride() throws {
        let store = try fixture.open()
        let team = try store.createTeam(name: "A")
        let defaultStrap = try store.strap(address: "00:00:00:00:00:01", name: "one")
        let spare = try store.strap(address: "00:00:00:00:00:02", name: "spare")
        var mia = StoreFixture.player("Mia", born: 2002)
        let miaID = try store.addPlayer(mia, toTeam: team.id, shirtNumber: 7, strapID: defaultStrap.id)
        let start = ISO8601DateFormatter().date(from: "2026-03-01T10:00:00Z")!
        let session = try store.startSession(teamID: team.id, participants: [Participant(playerID: miaID, strapID: spare.id)],
                                             plannedDurationMs: 600_000, formula: .gellish, at: start)
        mia.restingHR = 48
        mia.measuredMaxHR = 199
        try store.updatePlayer(miaID, mia)

        let snapshot = try store.sessionPlayers(session.id)
        XCTAssertEqual(snapshot.count, 1)
        XCTAssertEqual(snapshot[0].strapID, spare.id, "the session's strap")
        XCTAssertEqual(snapshot[0].physiology.age, 24)
        XCTAssertEqual(snapshot[0].physiology.restingHR, 55, "resting HR as it was that day")
        XCTAssertEqual(snapshot[0].physiology.maxHR, 190.82, accuracy: 1e-9)
        XCTAssertEqual(try store.roster(teamID: team.id)[0].strap?.id, defaultStrap.id, "default assignment untouched")
    }

    func testBatchedWriterCommitsAndInterruptedSessionsAreMarked() throws {
        var store: SidelineStore? = try fixture.open()
        let team = try store!.createTeam(name: "A")
        let p = try store!.addPlayer(StoreFixture.player("Mia"), toTeam: team.id, shirtNumber: 1)
        let session = try store!.startSession(teamID: team.id, participants: [Participant(playerID: p, strapID: nil)], plannedDurationMs: nil)
        let writer = SessionWriter(store: store!, sessionID: session.id)
        var batch = SessionRecording.Batch()
        batch.samples = (0..<3).map { Sample(playerID: p, strapID: 1, tMs: Int64($0) * 1000, bpm: 100 + $0, contact: .detected,
                                             energyKJ: $0 == 1 ? 77 : nil) }
        batch.rrIntervals = [RRInterval(playerID: p, tMs: 900, rr1024: 600)]
        batch.strapEvents = [StrapEvent(strapID: 1, tMs: 0, kind: .battery, value: 90)]
        try writer.commit(batch, upToMs: 3000)
        store = nil // the process "dies" with the session running

        let reopened = try fixture.open()
        let s = try reopened.session(session.id)
        XCTAssertEqual(s.state, .interrupted)
        XCTAssertEqual(s.endedAt!.timeIntervalSince(s.startedAt), 3, accuracy: 0.001, "ends at its last committed second")
        XCTAssertEqual(try reopened.samples(session.id).map(\.bpm), [100, 101, 102])
        XCTAssertEqual(try reopened.samples(session.id).map(\.energyKJ), [nil, 77, nil], "energy only where it was sent")
        XCTAssertEqual(try reopened.rrIntervals(session.id).map(\.rr1024), [600])
        XCTAssertEqual(try reopened.strapEvents(session.id).count, 1)
    }

    func testALiveRecorderKeepsItsSessionRunning() throws {
        let store = try fixture.open()
        let team = try store.createTeam(name: "A")
        let session = try store.startSession(teamID: team.id, participants: [], plannedDurationMs: nil)
        let lock = RecorderLock(databasePath: fixture.path)
        XCTAssertNotNil(lock)
        XCTAssertNil(RecorderLock(databasePath: fixture.path), "one recorder at a time")
        _ = try fixture.open() // e.g. `sideline sessions` over SSH during the session
        XCTAssertEqual(try store.session(session.id).state, .running)
        withExtendedLifetime(lock) {}
    }

    func testDatabaseFromANewerSchemaIsRefusedUntouched() throws {
        _ = try fixture.open()
        let queue = try DatabaseQueue(path: fixture.path)
        try queue.write { try $0.execute(sql: "INSERT INTO grdb_migrations(identifier) VALUES ('v999-from-the-future')") }
        let before = try Data(contentsOf: URL(fileURLWithPath: fixture.path))
        XCTAssertThrowsError(try fixture.open()) { error in
            XCTAssertEqual(error as? StoreError, .newerSchema(path: fixture.path))
            XCTAssertTrue("\(error)".contains("newer version of Sideline"))
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: fixture.path)), before)
    }

    func testAFileThatIsNotADatabaseIsRefusedUntouched() throws {
        let junk = Data("this is a shopping list, not a database, but long enough to look like a header".utf8)
        _ = FileManager.default.createFile(atPath: fixture.path, contents: junk)
        XCTAssertThrowsError(try fixture.open()) { XCTAssertEqual($0 as? StoreError, .notADatabase(path: fixture.path)) }
        XCTAssertEqual(FileManager.default.contents(atPath: fixture.path), junk)
    }

    func testUnwritableLocationGivesAClearMessage() throws {
        // A folder that cannot exist (its parent is a file): fails even for root.
        let file = fixture.directory + "/plain-file"
        _ = FileManager.default.createFile(atPath: file, contents: Data())
        XCTAssertThrowsError(try SidelineStore(path: file + "/sub/sideline.sqlite")) { error in
            guard case .cannotOpen(_, let reason)? = error as? StoreError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("cannot create the folder"), reason)
        }
    }

    /// A full disk, as SQLite sees it (SQLITE_FULL), made real by capping the file's pages.
    func testFullDiskLosesNothingAlreadyCommittedAndRecovers() throws {
        let store = try fixture.open()
        let team = try store.createTeam(name: "A")
        let p = try store.addPlayer(StoreFixture.player("Mia"), toTeam: team.id, shirtNumber: 1)
        let session = try store.startSession(teamID: team.id, participants: [Participant(playerID: p, strapID: nil)], plannedDurationMs: nil)
        let writer = SessionWriter(store: store, sessionID: session.id)
        func batch(from: Int, count: Int) -> SessionRecording.Batch {
            var b = SessionRecording.Batch()
            b.samples = (from..<from + count).map { Sample(playerID: p, strapID: 1, tMs: Int64($0) * 1000, bpm: 60 + $0 % 100, contact: .detected) }
            return b
        }
        try writer.commit(batch(from: 0, count: 100), upToMs: 100_000)
        let pages = try store.database.write { try Int.fetchOne($0, sql: "PRAGMA page_count")! }
        try store.database.write { try $0.execute(sql: "PRAGMA max_page_count = \(pages)") }
        XCTAssertThrowsError(try writer.commit(batch(from: 100, count: 50_000), upToMs: 200_000)) { error in
            XCTAssertEqual(error as? StoreError, .diskFull(path: fixture.path))
            XCTAssertTrue("\(error)".contains("disk holding"))
        }
        XCTAssertEqual(try store.samples(session.id).count, 100, "the failed batch wrote nothing, the earlier one is intact")
        try store.database.write { try $0.execute(sql: "PRAGMA max_page_count = 1073741823") }
        try writer.commit(batch(from: 100, count: 50), upToMs: 150_000)
        XCTAssertEqual(try store.samples(session.id).count, 150, "space freed: recording goes on")
        XCTAssertEqual(try store.database.read { try String.fetchOne($0, sql: "PRAGMA integrity_check") }, "ok")
    }

    func testRosterImportIsAllOrNothing() throws {
        let store = try fixture.open()
        let team = try store.createTeam(name: "A")
        _ = try store.addPlayer(StoreFixture.player("Mia"), toTeam: team.id, shirtNumber: 7)
        let rows = try RosterCSV.parse("""
            5,Noah,Costa,2007,M,72,52,,00:11:22:33:44:55
            7,Lena,Weber,2007,F,60,50,,
            """).get()
        XCTAssertThrowsError(try store.importRoster(rows, teamNamed: "A")) { error in
            guard case .rosterRejected(let lines)? = error as? StoreError else { return XCTFail("\(error)") }
            XCTAssertEqual(lines.map(\.description), ["line 2: shirt number 7 is already taken in this team"])
        }
        XCTAssertEqual(try store.roster(teamID: team.id).count, 1, "nothing imported")
        XCTAssertTrue(try store.straps().isEmpty, "no strap created either")
        let fresh = try store.importRoster(rows, teamNamed: "New team")
        XCTAssertEqual(try store.roster(teamID: fresh.id).map(\.shirtNumber), [5, 7], "the same rows fit a new team")
    }

    func testDeletingAPlayerDeletesTheirData() throws {
        let store = try fixture.open()
        let team = try store.createTeam(name: "A")
        let mia = try store.addPlayer(StoreFixture.player("Mia"), toTeam: team.id, shirtNumber: 1)
        let noah = try store.addPlayer(StoreFixture.player("Noah"), toTeam: team.id, shirtNumber: 2)
        let session = try store.startSession(teamID: team.id, participants: [Participant(playerID: mia, strapID: nil),
                                                                           Participant(playerID: noah, strapID: nil)], plannedDurationMs: nil)
        var b = SessionRecording.Batch()
        b.samples = [Sample(playerID: mia, strapID: 1, tMs: 0, bpm: 90, contact: .detected),
                     Sample(playerID: noah, strapID: 2, tMs: 0, bpm: 91, contact: .detected)]
        try SessionWriter(store: store, sessionID: session.id).commit(b, upToMs: 1000)
        try store.erasePlayer(mia, by: "test")
        XCTAssertEqual(try store.samples(session.id).map(\.playerID), [noah])
        XCTAssertEqual(try store.sessionPlayers(session.id).map(\.playerID), [noah])
        XCTAssertNil(try store.player(id: mia))
    }

    func testDefaultPathFollowsXDGAndOverrides() {
        XCTAssertEqual(SidelineStore.defaultPath(environment: ["XDG_DATA_HOME": "/d", "HOME": "/h"]), "/d/sideline/sideline.sqlite")
        XCTAssertEqual(SidelineStore.defaultPath(environment: ["HOME": "/h"]), "/h/.local/share/sideline/sideline.sqlite")
        XCTAssertEqual(SidelineStore.defaultPath(environment: ["SIDELINE_DB": "/x.sqlite", "XDG_DATA_HOME": "/d"]), "/x.sqlite")
    }
}

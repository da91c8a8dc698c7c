import Foundation
import GRDB
@testable import Store
import TeamCore
import XCTest

/// `session.effort_end_ms` (v4): when the effort ended, so the recovery minute after it can be read.
final class EffortEndTests: XCTestCase {
    var fixture = StoreFixture()
    override func tearDown() { fixture.remove() }

    func testAVersion3DatabaseUpgradesWithTheColumnEmpty() throws {
        // A database as Sideline wrote it before v4, with a session in it.
        let queue = try DatabaseQueue(path: fixture.path)
        try Schema.migrator.migrate(queue, upTo: "v3-nn-cache")
        try queue.write { db in
            try db.execute(sql: "INSERT INTO team(id, name, colour, created_ms) VALUES (1, 'Old', '#123456', 0)")
            try db.execute(sql: """
                INSERT INTO session(id, team_id, planned_ms, started_ms, ended_ms, state, zone_model)
                VALUES (1, 1, 600000, 1000, 661000, 'ended', 'percentOfMax')
                """)
        }
        try queue.close()

        let store = try fixture.open()
        let applied = try store.database.read { try String.fetchAll($0, sql: "SELECT identifier FROM grdb_migrations") }
        XCTAssertTrue(applied.contains("v4-effort-end"), "\(applied)")
        let old = try store.session(1)
        XCTAssertNil(old.effortEndMs, "older sessions do not know when their effort ended")
        XCTAssertEqual(old.plannedDurationMs, 600_000)

        try store.setEffortEnd(1, tMs: 600_000)
        XCTAssertEqual(try store.session(1).effortEndMs, 600_000)
        XCTAssertThrowsError(try store.setEffortEnd(99, tMs: 1)) { XCTAssertEqual($0 as? StoreError, .unknownSession(99)) }
    }

    func testANewSessionHasNoEffortEndUntilItIsSet() throws {
        let store = try fixture.open()
        let team = try store.createTeam(name: "A")
        let session = try store.startSession(teamID: team.id, participants: [], plannedDurationMs: 300_000)
        XCTAssertNil(try store.session(session.id).effortEndMs)
        try store.setEffortEnd(session.id, tMs: 312_345)
        XCTAssertEqual(try store.sessions().first?.session.effortEndMs, 312_345, "the sessions list carries it too")
    }

    /// `kill -9` in the recovery minute: the session becomes interrupted and keeps its effort end.
    func testAnInterruptedSessionKeepsItsEffortEnd() throws {
        var store: SidelineStore? = try fixture.open()
        let team = try store!.createTeam(name: "A")
        let p = try store!.addPlayer(StoreFixture.player("Mia"), toTeam: team.id, shirtNumber: 1)
        let session = try store!.startSession(teamID: team.id, participants: [Participant(playerID: p, strapID: nil)],
                                              plannedDurationMs: 60_000)
        var batch = SessionRecording.Batch()
        batch.samples = (0..<80).map { Sample(playerID: p, strapID: 1, tMs: Int64($0) * 1000, bpm: 150, contact: .detected) }
        try SessionWriter(store: store!, sessionID: session.id).commit(batch, upToMs: 80_000)
        try store!.setEffortEnd(session.id, tMs: 60_000)
        store = nil // the process dies 20 s into the recovery minute

        let reopened = try fixture.open()
        let s = try reopened.session(session.id)
        XCTAssertEqual(s.state, .interrupted)
        XCTAssertEqual(s.effortEndMs, 60_000)
        XCTAssertEqual(s.endedAt!.timeIntervalSince(s.startedAt), 80, accuracy: 0.001)
    }
}

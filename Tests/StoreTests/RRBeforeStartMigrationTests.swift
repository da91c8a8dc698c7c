import ClubSync
import Foundation
import GRDB
@testable import Store
import TeamCore
import XCTest

/// Schema v16: a beat that ended before its session began (kept until 0.15) goes, with what was
/// computed from it, and an upload the club refused for it starts afresh; nothing else moves.
final class RRBeforeStartMigrationTests: XCTestCase {
    var fixture = StoreFixture()
    override func tearDown() { fixture.remove() }

    func testBeatsBeforeTheStartGoAndTheirSessionIsSentAgain() throws {
        var store: SidelineStore? = try fixture.open()
        let team = try store!.createTeam(name: "A")
        let mia = try store!.addPlayer(StoreFixture.player("Mia"), toTeam: team.id, shirtNumber: 7)
        let noah = try store!.addPlayer(StoreFixture.player("Noah"), toTeam: team.id, shirtNumber: 9)
        let session = try store!.startSession(teamID: team.id, participants: [Participant(playerID: mia, strapID: nil),
                                                                             Participant(playerID: noah, strapID: nil)],
                                              plannedDurationMs: 60_000, at: Date(timeIntervalSince1970: 1_800_000_000))
        var batch = SessionRecording.Batch()
        batch.rrIntervals = [RRInterval(playerID: mia, tMs: 900, rr1024: 600), RRInterval(playerID: noah, tMs: 800, rr1024: 700)]
        try SessionWriter(store: store!, sessionID: session.id).commit(batch, upToMs: 1000)
        try store!.endSession(session.id, at: Date(timeIntervalSince1970: 1_800_000_060))
        try store!.cacheNNSeries(session.id, algorithm: "test", [mia: Data([1]), noah: Data([2])])
        try store!.keepSessionLoads(session.id, algorithm: "test", [
            SessionLoadRecord(sessionID: session.id, playerID: mia, cardioLoad: 1.5, zoneMs: [0, 60_000, 0, 0, 0, 0]),
            SessionLoadRecord(sessionID: session.id, playerID: noah, cardioLoad: 2.5, zoneMs: [0, 0, 60_000, 0, 0, 0])])
        let uuid = try XCTUnwrap(store!.sessionsAwaitingUpload().first?.uuid)
        try store!.noteUploadStarted(uuid, sha256: "refused", uploadID: UUID())
        // What a 0.15.0 kiosk recorded: Mia's first packet's earlier beat, 632 ms before the start.
        // Then the database as it was before v16 (its migration not yet applied): beats a row each in `rr`,
        // as v5 indexed them, until v32 packs them (decision 098).
        let recorded = try store!.rrIntervals(session.id) + [RRInterval(playerID: mia, tMs: -632, rr1024: 610)]
        try store!.write { db in
            try db.execute(sql: """
                CREATE TABLE rr(session_id INTEGER NOT NULL, player_id INTEGER NOT NULL, t_ms INTEGER NOT NULL, rr_1024 INTEGER NOT NULL);
                CREATE INDEX rr_by_player ON rr(session_id, player_id, t_ms, rr_1024);
                """)
            for beat in recorded {
                try db.execute(sql: "INSERT INTO rr(session_id, player_id, t_ms, rr_1024) VALUES (?, ?, ?, ?)",
                               arguments: [session.id, beat.playerID, beat.tMs, beat.rr1024])
            }
            try db.execute(sql: "DROP TABLE rr_minute; DELETE FROM grdb_migrations WHERE identifier IN ('v16-rr-before-start', 'v32-rr-minute')")
        }
        store = nil

        let upgraded = try fixture.open()
        XCTAssertEqual(try upgraded.rrIntervals(session.id).map(\.tMs), [900, 800])
        try upgraded.read { db in
            XCTAssertEqual(try Int64.fetchAll(db, sql: "SELECT player_id FROM nn_cache"), [noah], "Mia's series is computed again")
            XCTAssertEqual(try Int64.fetchAll(db, sql: "SELECT player_id FROM session_load"), [noah], "Mia's load is computed again")
            let upload = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT upload_id IS NULL AS fresh, stored_ms IS NULL AS waiting FROM club_session_upload"))
            XCTAssertEqual([upload["fresh"], upload["waiting"]] as [Bool], [true, true], "the refused upload starts afresh")
        }
    }
}

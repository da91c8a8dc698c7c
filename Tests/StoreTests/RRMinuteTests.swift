import Foundation
import GRDB
@testable import Store
import TeamCore
import XCTest

/// Store v32 (decision 098): RR intervals a row a player and minute, 4 bytes a beat. Written a second at a
/// time by the recorder, packed from v30's `rr` by the migration, read back by one decoder in time order
/// (ties by RR) — and a damaged row refused in one line, none of its beats handed over.
final class RRMinuteTests: XCTestCase {
    var fixture = StoreFixture()
    override func tearDown() { fixture.remove() }

    /// A team of two and a session of theirs, still recording.
    private func recording(_ store: SidelineStore) throws -> (session: Int64, players: [Int64]) {
        let team = try store.createTeam(name: "A")
        let players = try ["Mia", "Noah"].enumerated().map { try store.addPlayer(StoreFixture.player($1), toTeam: team.id, shirtNumber: $0 + 7) }
        let session = try store.startSession(teamID: team.id, participants: players.map { Participant(playerID: $0, strapID: nil) },
                                             plannedDurationMs: nil)
        return (session.id, players)
    }

    private func beat(_ player: Int64, _ tMs: Int64, _ rr: UInt16) -> RRInterval { RRInterval(playerID: player, tMs: tMs, rr1024: rr) }

    private func sorted(_ beats: [RRInterval]) -> [RRInterval] {
        beats.sorted { ($0.playerID, $0.tMs, $0.rr1024) < ($1.playerID, $1.tMs, $1.rr1024) }
    }

    func testTheRecordersSecondsComeBackInTimeOrderAcrossMinutesTiesAndExtremes() throws {
        let store = try fixture.open()
        let (session, players) = try recording(store)
        let (mia, noah) = (players[0], players[1])
        let writer = SessionWriter(store: store, sessionID: session)
        let seconds: [[RRInterval]] = [
            [beat(noah, 0, 0), beat(mia, 0, 65_535), beat(mia, 999, 1)],                           // the first ms, the u16 extremes
            [beat(mia, 59_999, 700), beat(noah, 59_999, 65_535), beat(mia, 60_000, 650)],          // the last ms of a minute, the first of the next
            [beat(mia, 60_010, 300), beat(mia, 60_500, 600), beat(mia, 60_500, 600)],             // an exact duplicate
            [beat(mia, 59_980, 310), beat(mia, 60_400, 900), beat(mia, 60_400, 400)],             // placed back across the edge; a tie, high first
            [beat(noah, 7_199_999, 512), beat(mia, 120_000, 2)],
        ]
        var written: [RRInterval] = []
        for (i, second) in seconds.enumerated() {
            var batch = SessionRecording.Batch()
            batch.rrIntervals = second
            try writer.commit(batch, upToMs: Int64(i + 1) * 1000)
            written += second
            // Still recording: every beat committed so far, in order, as review and the live screen read them.
            let series = try store.recordedSeries(session)
            XCTAssertEqual(sorted(series.rrIntervals.values.flatMap { $0 }), sorted(written), "after second \(i)")
            for beats in series.rrIntervals.values { XCTAssertEqual(beats, sorted(beats)) }
        }
        XCTAssertEqual(try store.rrIntervals(session), sorted(written))
        var exported: [RRInterval] = []
        try store.forEachRRInterval(session) { exported.append($0) }
        XCTAssertEqual(exported, sorted(written))
        try store.read { db in
            XCTAssertEqual(try Int64.fetchAll(db, sql: "SELECT minute FROM rr_minute WHERE player_id = ? ORDER BY minute", arguments: [mia]), [0, 1, 2],
                           "the beat placed back joined minute 0's row")
            XCTAssertEqual(try Int64.fetchAll(db, sql: "SELECT minute FROM rr_minute WHERE player_id = ? ORDER BY minute", arguments: [noah]), [0, 119])
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT sum(length(beats)) FROM rr_minute"), 4 * written.count, "4 bytes a beat")
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT DISTINCT typeof(beats) FROM rr_minute"), ["blob"], "appended, still a blob")
        }
        try store.endSession(session, at: Date())
        XCTAssertEqual(sorted(try store.recordedSeries(session).rrIntervals.values.flatMap { $0 }), sorted(written), "read in parallel once ended")
    }

    func testADamagedRowIsRefusedInOneLineAndNoneOfItIsRead() throws {
        let store = try fixture.open()
        let (session, players) = try recording(store)
        var batch = SessionRecording.Batch()
        batch.rrIntervals = [beat(players[0], 1_000, 600), beat(players[1], 61_000, 700)]
        try SessionWriter(store: store, sessionID: session).commit(batch, upToMs: 62_000)
        for (damage, what) in [("x'E803580201'", "5 bytes"), ("x'E8035802' || x'60EA5802'", "an offset of 60 000 ms")] {
            try store.write { try $0.execute(sql: "UPDATE rr_minute SET beats = \(damage) WHERE player_id = ?", arguments: [players[1]]) }
            for read in [{ _ = try store.recordedSeries(session) }, { _ = try store.rrIntervals(session) }] as [() throws -> Void] {
                XCTAssertThrowsError(try read(), what) {
                    XCTAssertEqual($0 as? StoreError, .damagedBeats(session: session, player: players[1], minute: 1))
                    XCTAssertFalse("\($0)".contains("\n"))
                    XCTAssertTrue("\($0)".contains("player \(players[1]) in minute 1 of session \(session)"), "\($0)")
                }
            }
            var handed: [RRInterval] = []
            XCTAssertThrowsError(try store.forEachRRInterval(session) { handed.append($0) })
            XCTAssertEqual(handed, [beat(players[0], 1_000, 600)], "\(what): the rows before it, nothing of it")
        }
    }

    func testAV30StoreIsPackedInIndexOrderAndRRDropped() throws {
        // A v30 store, its `rr` rows written out of order (rowids not in time order) as the recorder did.
        let queue = try DatabaseQueue(path: fixture.path)
        try Schema.migrator.migrate(queue, upTo: "v30-session-season")
        let rows: [(Int64, Int64, Int64, Int64)] = [
            (1, 2, 60_010, 300), (1, 2, 59_980, 310), (1, 2, 0, 0), (1, 2, 59_999, 65_535), (1, 2, 60_000, 65_535),
            (1, 2, 120_000, 700), (1, 2, 120_000, 650), (1, 2, 120_500, 600), (1, 2, 120_500, 600),
            (1, 1, 5_000, 800), (2, 1, 86_399_999, 1), (2, 1, 0, 2),
        ]
        try queue.write { db in
            for r in rows { try db.execute(sql: "INSERT INTO rr(session_id, player_id, t_ms, rr_1024) VALUES (?, ?, ?, ?)", arguments: [r.0, r.1, r.2, r.3]) }
        }
        try queue.close()

        let store = try fixture.open()
        for session in [1, 2] as [Int64] {
            let expected = rows.filter { $0.0 == session }.sorted { ($0.1, $0.2, $0.3) < ($1.1, $1.2, $1.3) }
                .map { beat($0.1, $0.2, UInt16($0.3)) }
            XCTAssertEqual(try store.rrIntervals(session), expected)
        }
        try store.read { db in
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE name IN ('rr', 'rr_by_player')"), [])
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT count(*) FROM rr_minute"), 6, "session 1: 1 + 3 minutes; session 2: 2")
        }
    }

    func testDeletingASessionOrErasingAPlayerTakesTheirMinutes() throws {
        let store = try fixture.open()
        let (session, players) = try recording(store)
        var batch = SessionRecording.Batch()
        batch.rrIntervals = [beat(players[0], 1_000, 600), beat(players[1], 61_000, 700)]
        try SessionWriter(store: store, sessionID: session).commit(batch, upToMs: 62_000)
        try store.endSession(session, at: Date())
        try store.erasePlayer(players[1], by: "test")
        XCTAssertEqual(try store.rrIntervals(session), [beat(players[0], 1_000, 600)])
        try store.deleteSession(session)
        XCTAssertEqual(try store.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM rr_minute") }, 0)
    }
}

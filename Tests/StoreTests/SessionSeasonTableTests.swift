import Foundation
import GRDB
@testable import Store
import TeamCore
import XCTest

/// Schema v30: `session_season`, one row a session holding its players' kept figures packed, which
/// the season reads instead of `session_load` (decision 088): the same figures back, written with
/// them, built for databases kept before, and gone with an erased player or a deleted session.
final class SessionSeasonTableTests: XCTestCase {
    var fixture = StoreFixture()
    override func tearDown() { fixture.remove() }

    /// Mia's cardio load: a number that appears in the file only as her kept figure.
    static let miasLoad = 1234.567_891_234_5

    private func twoPlayersKept(_ store: SidelineStore) throws -> (session: Int64, mia: Int64, ola: Int64, kept: [SessionLoadRecord]) {
        let team = try store.createTeam(name: "A")
        let mia = try store.addPlayer(StoreFixture.player("Mia"), toTeam: team.id, shirtNumber: 1)
        let ola = try store.addPlayer(StoreFixture.player("Ola"), toTeam: team.id, shirtNumber: 2)
        let s = try store.startSession(teamID: team.id, participants: [Participant(playerID: mia, strapID: nil), Participant(playerID: ola, strapID: nil)],
                                       plannedDurationMs: 60_000, at: Date(timeIntervalSince1970: 1_800_000_000))
        var batch = SessionRecording.Batch()
        batch.samples = [Sample(playerID: mia, strapID: 1, tMs: 0, bpm: 90, contact: .detected),
                         Sample(playerID: ola, strapID: 2, tMs: 0, bpm: 91, contact: .detected)]
        try SessionWriter(store: store, sessionID: s.id).commit(batch, upToMs: 1000)
        try store.endSession(s.id, at: Date(timeIntervalSince1970: 1_800_000_060))
        let kept = [
            SessionLoadRecord(sessionID: s.id, playerID: mia, cardioLoad: Self.miasLoad, zoneMs: [1, 2, 3, 4, 5, 59_985],
                              recoveryBPM: 31.5, lnRMSSD: 4.25, restingBPM: 52, correctedShare: 0.015, hrex: 97.5),
            SessionLoadRecord(sessionID: s.id, playerID: ola, cardioLoad: 0, zoneMs: [60_000, 0, 0, 0, 0, 0]),
        ]
        try store.keepSessionLoads(s.id, algorithm: "test", kept)
        return (s.id, mia, ola, kept)
    }

    private func packedRows(_ store: SidelineStore) throws -> Int {
        try store.database.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM session_season") ?? -1 }
    }

    func testTheSeasonReadsEveryFigureBackFromThePackedRow() throws {
        let store = try fixture.open()
        let (session, mia, ola, kept) = try twoPlayersKept(store)
        XCTAssertEqual(try packedRows(store), 1, "one row for the session")
        XCTAssertEqual(try store.seasonEntries(playerIDs: [ola, mia], algorithm: "test").map(\.kept), kept, "figures and NULLs as kept")
        XCTAssertEqual(try store.seasonEntries(playerIDs: [ola], algorithm: "test").map(\.kept), [kept[1]], "one of its players")
        XCTAssertEqual(try store.seasonEntries(playerIDs: [mia], algorithm: "another").map(\.kept), [nil], "another algorithm's: none")
        // Keeping one player again rewrites the row with both.
        var again = kept[1]
        again.cardioLoad = 7
        try store.keepSessionLoads(session, algorithm: "test", [again])
        XCTAssertEqual(try store.seasonEntries(playerIDs: [mia, ola], algorithm: "test").map(\.kept), [kept[0], again])
        // Rows committed after the figures were kept make them stale.
        try store.database.write { try $0.execute(sql: "UPDATE session SET committed_t_ms = committed_t_ms + 1 WHERE id = ?", arguments: [session]) }
        XCTAssertEqual(try store.seasonEntries(playerIDs: [mia, ola], algorithm: "test").map(\.kept), [nil, nil])
    }

    /// A board in the field: its database kept figures before v30, and the upgrade packs them.
    func testAnOldDatabaseHasItsKeptFiguresPacked() throws {
        var store: SidelineStore? = try fixture.open()
        let (_, mia, ola, kept) = try twoPlayersKept(store!)
        try store!.database.write { db in
            try db.execute(sql: """
                DROP TRIGGER session_season_follows_deleted_load;
                DROP TABLE session_season;
                DELETE FROM grdb_migrations WHERE identifier = 'v30-session-season';
                """)
        }
        store = nil
        let upgraded = try fixture.open()
        XCTAssertEqual(try packedRows(upgraded), 1)
        XCTAssertEqual(try upgraded.seasonEntries(playerIDs: [mia, ola], algorithm: "test").map(\.kept), kept)
    }

    func testAnErasedPlayersFiguresLeaveTheFile() throws {
        let store = try fixture.open()
        let (_, mia, ola, _) = try twoPlayersKept(store)
        let packedLoad = withUnsafeBytes(of: Self.miasLoad.bitPattern.littleEndian) { Data($0) }
        func inTheFiles() throws -> Bool {
            for path in [fixture.path, fixture.path + "-wal"] where FileManager.default.fileExists(atPath: path) {
                if try Data(contentsOf: URL(fileURLWithPath: path)).range(of: packedLoad) != nil { return true }
            }
            return false
        }
        XCTAssertTrue(try inTheFiles(), "the packed figure is found where it is")
        try store.erasePlayer(mia, by: "test")
        XCTAssertFalse(try inTheFiles(), "her packed figures are gone from the file")
        XCTAssertEqual(try packedRows(store), 0, "the session's row goes: computed again when next asked for")
        XCTAssertEqual(try store.seasonEntries(playerIDs: [ola], algorithm: "test").map(\.kept), [nil])
    }

    func testADeletedSessionTakesItsRow() throws {
        let store = try fixture.open()
        let (session, _, _, _) = try twoPlayersKept(store)
        try store.deleteSession(session)
        XCTAssertEqual(try packedRows(store), 0)
    }
}

import ClubProtocol
import ClubSync
import Foundation
import GRDB
@testable import Store
import TeamCore
import XCTest

/// `erasePlayer` and the erasure log (issue 37, item 1): what goes, what stays, and what a restore
/// cannot bring back. The raw-bytes search of a recorded session is in Tests/e2e/cli/test_erase_player.py.
final class PlayerErasureTests: XCTestCase {
    var fixture = StoreFixture()
    override func tearDown() { fixture.remove() }

    private func twoPlayersInAChallenge(_ store: SidelineStore) throws -> (session: Int64, mia: Int64, ola: Int64) {
        let team = try store.createTeam(name: "A")
        let mia = try store.addPlayer(StoreFixture.player("Mia"), toTeam: team.id, shirtNumber: 1)
        let ola = try store.addPlayer(StoreFixture.player("Ola"), toTeam: team.id, shirtNumber: 2)
        try store.setPlayerPhotos([(mia, [0xFF, 0xD8, 0xFF, 1])])
        let s = try store.startSession(teamID: team.id, participants: [Participant(playerID: mia, strapID: nil), Participant(playerID: ola, strapID: nil)],
                                       plannedDurationMs: 60_000)
        var batch = SessionRecording.Batch()
        batch.samples = [Sample(playerID: mia, strapID: 1, tMs: 0, bpm: 90, contact: .detected),
                         Sample(playerID: ola, strapID: 2, tMs: 0, bpm: 91, contact: .detected)]
        try SessionWriter(store: store, sessionID: s.id).commit(batch, upToMs: 1000)
        try store.saveChallenge(s.id, SessionChallenge(rule: .effortPoints, sides: [.init(name: "Mia Test", playerIDs: [mia], score: 3),
                                                                                    .init(name: "Ola Test", playerIDs: [ola], score: 2)]))
        try store.endSession(s.id)
        return (s.id, mia, ola)
    }

    func testEverythingOfThePlayerGoesAndTheOthersStay() throws {
        let store = try fixture.open()
        let (session, mia, ola) = try twoPlayersInAChallenge(store)
        let uuid = try XCTUnwrap(store.player(id: mia)?.uuid)
        try store.noteUploadStarted(try store.sessionUUID(session), sha256: String(repeating: "a", count: 64), uploadID: nil)
        let erased = try store.erasePlayer(mia, by: "test", at: Date(unixMs: 1_700_000_000_000))
        XCTAssertEqual(erased.sessions, 1)
        XCTAssertEqual(erased.samples, 1)
        XCTAssertEqual(erased.erasure, PlayerErasure(playerDigest: PlayerErasure.digest(playerUUID: uuid), erasedMs: 1_700_000_000_000, by: "test"))
        XCTAssertNil(try store.player(id: mia))
        XCTAssertEqual(try store.samples(session).map(\.playerID), [ola])
        XCTAssertEqual(try store.sessionPlayers(session).map(\.playerID), [ola])
        XCTAssertEqual(try store.challenge(session)?.sides.map(\.name), ["Reds", "Ola Test"], "the side named after her is named by its colour")
        let left = try store.database.read { db in
            try Int.fetchOne(db, sql: """
                SELECT (SELECT COUNT(*) FROM player_photo) + (SELECT COUNT(*) FROM membership WHERE player_id = ?1)
                    + (SELECT COUNT(*) FROM club_roster_edit WHERE key LIKE '%' || ?2 || '%') + (SELECT COUNT(*) FROM club_deleted WHERE key LIKE '%' || ?2 || '%')
                    + (SELECT COUNT(*) FROM club_session_upload)
                """, arguments: [mia, uuid.uuidString.lowercased()])
        }
        XCTAssertEqual(left, 0, "photo, membership, queued edits of hers and the upload that would send her: gone")
        XCTAssertEqual(try store.playerErasures(), [erased.erasure])
        XCTAssertEqual(try store.sessionsAwaitingUpload().map(\.sessionID), [session], "the session goes up again, without her")
    }

    func testAPlayerBroughtBackIsErasedAgainAtTheNextOpen() throws {
        var store: SidelineStore? = try fixture.open()
        let (_, mia, _) = try twoPlayersInAChallenge(store!)
        let player = try XCTUnwrap(store!.player(id: mia))
        try store!.erasePlayer(mia, by: "test")
        // The same player, as a backup from before, or a roster of another program, would bring her.
        let uuid = try XCTUnwrap(player.uuid).uuidString.lowercased()
        func count(_ store: SidelineStore) throws -> Int? {
            try store.database.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM player WHERE uuid = ?", arguments: [uuid]) }
        }
        try store!.database.write { db in try player.insert(db) }
        XCTAssertEqual(try count(store!), 1)
        store = nil
        let reopened = try fixture.open()
        XCTAssertEqual(try count(reopened), 0)
        XCTAssertEqual(try reopened.playerErasures().count, 1)
        XCTAssertEqual(try reopened.reapplyErasures(), 0, "nothing left to do")
    }

    /// The kiosk's "Restore from USB": the open store is migrated again after the backup is put back
    /// (`bringSchemaUpToDate`), and that applies the erasures made since the backup.
    func testARestoreOnTheOpenStoreErasesAgain() throws {
        let store = try fixture.open()
        let (session, mia, ola) = try twoPlayersInAChallenge(store)
        let backup = try DatabaseBackup.write(databasePath: fixture.path, to: fixture.directory + "/backups")
        try store.erasePlayer(mia, by: "test")
        _ = try DatabaseRestore.restore(backup.path, into: fixture.path)
        XCTAssertEqual(try store.sessionPlayers(session).count, 2, "the backup brought her back")
        try store.bringSchemaUpToDate()
        XCTAssertNil(try store.player(id: mia))
        XCTAssertEqual(try store.sessionPlayers(session).map(\.playerID), [ola])
        XCTAssertEqual(try store.playerErasures().count, 1)
    }

    func testTheLogAloneErasesAndTheDatabaseAloneJoinsTheLog() throws {
        let store = try fixture.open()
        let (_, mia, ola) = try twoPlayersInAChallenge(store)
        let miaUUID = try XCTUnwrap(store.player(id: mia)?.uuid), olaUUID = try XCTUnwrap(store.player(id: ola)?.uuid)
        let journal = ErasureJournal(databasePath: fixture.path)
        try journal.append([PlayerErasure(playerDigest: PlayerErasure.digest(playerUUID: miaUUID), erasedMs: 1, by: "kiosk B")])
        // As the club's sync would record one: in the database only.
        try store.database.write { db in
            try db.execute(sql: "INSERT INTO player_erasure(player_digest, erased_ms, erased_by) VALUES (?, 2, 'club')",
                           arguments: [PlayerErasure.digest(playerUUID: olaUUID)])
        }
        XCTAssertEqual(try store.reapplyErasures(), 2)
        XCTAssertNil(try store.player(id: mia))
        XCTAssertNil(try store.player(id: ola))
        XCTAssertEqual(Set(try journal.read().map(\.by)), ["kiosk B", "club"])
        XCTAssertEqual(Set(try store.playerErasures().map(\.by)), ["kiosk B", "club"])
    }

    func testARecordNamesThePlayerOnlyByADigest() {
        let uuid = UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!
        let digest = PlayerErasure.digest(playerUUID: uuid)
        XCTAssertTrue(CanonicalJSON.isSHA256Hex(digest))
        XCTAssertEqual(PlayerErasure.digest(playerKey: "6f9619ff-8b86-d011-b42d-00c04fc964ff"), digest, "case does not matter")
        XCTAssertFalse(digest.contains("6f9619ff"))
        XCTAssertNil(PlayerErasure(playerDigest: digest, erasedMs: 0, by: "admin").problem)
        XCTAssertNotNil(PlayerErasure(playerDigest: "6f9619ff", erasedMs: 0, by: "admin").problem)
        XCTAssertNotNil(PlayerErasure(playerDigest: digest, erasedMs: 0, by: "").problem)
        XCTAssertNotNil(PlayerErasure(playerDigest: digest, erasedMs: 0, by: "a\nb").problem)
    }
}

import ClubProtocol
import ClubSync
import Foundation
import GRDB
@testable import Store
import TeamCore
import XCTest

/// Schema v14 on a database written by an older Sideline: every team, player, strap and session gets
/// its UUID, nothing is renumbered, a strap's UUID is the one its address makes on every kiosk.
final class IdentityMigrationTests: XCTestCase {
    let fixture = ClubSyncFixture()
    override func tearDown() { fixture.remove() }

    func testAVersion13DatabaseGetsUUIDsAndKeepsItsIDs() throws {
        _ = try SidelineStore.migrate(path: fixture.path, upTo: "v13-session-load")
        try fixture.execute("""
            INSERT INTO team(id, name, colour, created_ms) VALUES (4, 'U17', '#1E88E5', 1), (9, 'U19', '#E53935', 2);
            INSERT INTO player(id, first_name, last_name, birth_year, sex, weight_kg, resting_hr) VALUES (7, 'Mia', 'Berg', 2009, 'F', 58.5, 52);
            INSERT INTO strap(id, address, name) VALUES (3, 'A0:9E:1A:00:00:07', 'Polar H10');
            INSERT INTO membership(team_id, player_id, shirt_number, strap_id) VALUES (4, 7, 7, 3);
            INSERT INTO session(id, team_id, started_ms, ended_ms, state, zone_model) VALUES (12, 4, 1000, 61000, 'ended', 'percentOfMax');
            """)
        let store = try fixture.open()
        XCTAssertEqual(try fixture.sql("SELECT identifier FROM grdb_migrations WHERE identifier LIKE 'v14%'", as: String.self), ["v14-club-sync"])
        XCTAssertEqual(try fixture.sql("SELECT id FROM team ORDER BY id", as: Int64.self), [4, 9])
        let uuids = try fixture.sql("SELECT uuid FROM team UNION ALL SELECT uuid FROM player UNION ALL SELECT uuid FROM session", as: String.self)
        XCTAssertEqual(uuids.count, 4)
        XCTAssertEqual(Set(uuids).count, 4)
        for text in uuids {
            let uuid = try XCTUnwrap(UUID(uuidString: text), text)
            XCTAssertEqual(uuid.uuidString.lowercased(), text)
            XCTAssertEqual(Array(text)[14], "4", "a random UUID (version 4): \(text)")
            XCTAssertTrue("89ab".contains(Array(text)[19]), "the RFC's variant: \(text)")
        }
        XCTAssertEqual(try fixture.sql("SELECT uuid FROM strap", as: String.self),
                       [StrapIdentity.uuid(forAddress: "A0:9E:1A:00:00:07").uuidString.lowercased()])
        // The domain records carry them.
        XCTAssertEqual(try store.teams().map { $0.team.uuid?.uuidString.lowercased() },
                       try fixture.sql("SELECT uuid FROM team ORDER BY name", as: String.self))
        XCTAssertEqual(try store.session(12).uuid?.uuidString.lowercased(), try fixture.sql("SELECT uuid FROM session", as: String.self).first)
        XCTAssertEqual(try store.player(id: 7)?.uuid?.uuidString.lowercased(), try fixture.sql("SELECT uuid FROM player", as: String.self).first)
        // Migrating gives no edit to push: joining a club queues the roster.
        XCTAssertEqual(try fixture.queued(), [])
    }

    func testNewRowsGetTheirUUIDsWhateverWritesThem() throws {
        let store = try fixture.open()
        let team = try store.createTeam(name: "U17")
        XCTAssertNotNil(team.uuid)
        let strap = try store.strap(address: "a0:9e:1a:00:00:08", name: "Polar H10")
        XCTAssertEqual(strap.uuid, StrapIdentity.uuid(forAddress: "A0:9E:1A:00:00:08"))
        let session = try store.startSession(teamID: team.id, participants: [], plannedDurationMs: nil)
        XCTAssertEqual(session.uuid, try store.session(session.id).uuid)
        // Another program's insert (no UUID given): the schema's trigger gives a team, player or session one;
        // a strap gets the one its address makes when a sync starts.
        try fixture.execute("""
            INSERT INTO team(name, colour, created_ms) VALUES ('Script', '#000000', 1);
            INSERT INTO strap(address, name) VALUES ('A0:9E:1A:00:00:09', 'Polar H10');
            """)
        XCTAssertEqual(try fixture.sql("SELECT count(*) FROM team WHERE uuid IS NULL", as: Int.self), [0])
        try store.fillStrapIdentities()
        XCTAssertEqual(try fixture.sql("SELECT uuid FROM strap WHERE address = 'A0:9E:1A:00:00:09'", as: String.self),
                       [StrapIdentity.uuid(forAddress: "A0:9E:1A:00:00:09").uuidString.lowercased()])
        // A player's update never touches their UUID.
        let id = try store.addPlayer(ClubSyncFixture.player("Mia"))
        let before = try store.player(id: id)?.uuid
        var renamed = ClubSyncFixture.player("Mía")
        renamed.uuid = nil
        try store.updatePlayer(id, renamed)
        XCTAssertEqual(try store.player(id: id)?.uuid, before)
    }

    func testABackupWithSidelinesOwnTriggersIsRestoredAndAForeignTriggerIsNot() throws {
        let store = try fixture.open()
        try store.createTeam(name: "U17")
        let backup = fixture.directory + "/backup.sqlite"
        let queue = try DatabaseQueue(path: fixture.path)
        try queue.writeWithoutTransaction { try $0.execute(sql: "VACUUM INTO '\(backup)'") }
        try queue.close()
        XCTAssertNoThrow(try DatabaseRestore.check(backup))
        let evil = try DatabaseQueue(path: backup)
        try evil.write { try $0.execute(sql: "CREATE TRIGGER club_evil AFTER INSERT ON sample_minute BEGIN DELETE FROM sample_minute; END") }
        try evil.close()
        XCTAssertThrowsError(try DatabaseRestore.check(backup)) { XCTAssertTrue("\($0)".contains("club_evil"), "\($0)") }
    }
}

import Foundation
import GRDB
@testable import Store
import TeamCore
import XCTest

/// Player photos in the database (migration v10): stored, replaced with a new version, in the
/// roster, gone with the player, and all or none with a roster import.
final class PlayerPhotoTests: XCTestCase {
    private var directory: String!

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "photos-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: directory) }

    private func player(_ first: String) -> Player {
        Player(firstName: first, lastName: "Berg", birthYear: 2008, sex: .female, weightKg: 60, restingHR: 55)
    }

    func testAPhotoIsStoredReplacedWithANewVersionAndShownInTheRoster() throws {
        let store = try SidelineStore(path: directory + "/s.sqlite")
        let team = try store.createTeam(name: "Eagles").id
        let mia = try store.addPlayer(player("Mia"), toTeam: team, shirtNumber: 9)
        let ida = try store.addPlayer(player("Ida"), toTeam: team, shirtNumber: 5)
        XCTAssertNil(try store.playerPhoto(mia))
        let t = Date(timeIntervalSince1970: 1_790_000_000)
        try store.setPlayerPhotos([(mia, [0xFF, 0xD8, 1])], at: t)
        XCTAssertEqual(try store.playerPhoto(mia), [0xFF, 0xD8, 1])
        let first = try XCTUnwrap(store.roster(teamID: team).first { $0.playerID == mia }?.photoVersion)
        XCTAssertNil(try store.roster(teamID: team).first { $0.playerID == ida }?.photoVersion)
        // A second photo in the same millisecond still gets a new version, so the screens redraw it.
        try store.setPlayerPhotos([(mia, [0xFF, 0xD8, 2])], at: t)
        XCTAssertEqual(try store.playerPhoto(mia), [0xFF, 0xD8, 2])
        XCTAssertGreaterThan(try XCTUnwrap(store.roster(teamID: team).first { $0.playerID == mia }?.photoVersion), first)
    }

    func testPhotosOfSeveralPlayersAreAllOrNoneAndGoWithThePlayer() throws {
        let store = try SidelineStore(path: directory + "/s.sqlite")
        let team = try store.createTeam(name: "Eagles").id
        let mia = try store.addPlayer(player("Mia"), toTeam: team, shirtNumber: 9)
        XCTAssertThrowsError(try store.setPlayerPhotos([(mia, [1]), (999, [2])]))
        XCTAssertNil(try store.playerPhoto(mia), "the second was for nobody: the first is not kept either")
        try store.setPlayerPhotos([(mia, [1])])
        try store.erasePlayer(mia, by: "test")
        let left = try store.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM player_photo") }
        XCTAssertEqual(left, 0)
    }

    func testARosterImportStoresItsPhotosOrNothing() throws {
        let store = try SidelineStore(path: directory + "/s.sqlite")
        let rows = [RosterCSV.Row(line: 2, shirtNumber: 9, player: player("Mia"), photoFile: "mia.jpg"),
                    RosterCSV.Row(line: 3, shirtNumber: 9, player: player("Ida"))]
        XCTAssertThrowsError(try store.importRoster(rows, teamNamed: "Eagles", photos: [2: [7, 7]]), "shirt 9 twice")
        XCTAssertEqual(try store.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM player_photo") }, 0)
        var good = rows
        good[1].shirtNumber = 5
        let team = try store.importRoster(good, teamNamed: "Eagles", photos: [2: [7, 7]])
        let roster = try store.roster(teamID: team.id)
        XCTAssertEqual(roster.map { $0.photoVersion != nil }, [false, true], "Ida (5) without, Mia (9) with")
    }
}

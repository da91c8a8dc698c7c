import Foundation
@testable import Store
import TeamCore
import XCTest

/// Issue 25, item 9's store: a player of the club on no team, a player's photo in "All players",
/// a strap's label.
final class ClubListsStoreTests: XCTestCase {
    var fixture = StoreFixture()
    override func tearDown() { fixture.remove() }

    func testAPlayerAddedOnNoTeamIsListedWithTheirPhotosVersion() throws {
        let store = try fixture.open()
        let lina = try store.addPlayer(StoreFixture.player("Lina"))
        let team = try store.createTeam(name: "A")
        let mia = try store.addPlayer(StoreFixture.player("Mia"), toTeam: team.id, shirtNumber: 7)
        try store.setPlayerPhotos([(mia, [0xFF, 0xD8, 0xFF])], at: Date(timeIntervalSince1970: 1_800_000_000))
        let listed = try store.allPlayers()
        XCTAssertEqual(listed.map(\.playerID), [lina, mia])
        XCTAssertEqual(listed[0].teams, [])
        XCTAssertNil(listed[0].photoVersion)
        XCTAssertEqual(listed[1].photoVersion, 1_800_000_000_000)
        try store.deletePlayerPhoto(mia)
        XCTAssertNil(try store.allPlayers()[1].photoVersion)
    }

    func testAStrapsLabelIsKeptAndShownInsteadOfItsNameUntilCleared() throws {
        let store = try fixture.open()
        try store.strap(address: "00:00:00:00:00:01", name: "Polar H10 1A2B3C")
        try store.setStrapLabel(address: "00:00:00:00:00:01", label: " Box A 7 ")
        var strap = try XCTUnwrap(try store.straps().first)
        XCTAssertEqual(strap.label, "Box A 7")
        XCTAssertEqual(strap.shownName, "Box A 7")
        XCTAssertEqual(strap.name, "Polar H10 1A2B3C", "the advertised name stays")
        XCTAssertEqual(try store.strapOverviews().first?.strap.label, "Box A 7")
        try store.setStrapLabel(address: "00:00:00:00:00:01", label: "  ")
        strap = try XCTUnwrap(try store.straps().first)
        XCTAssertNil(strap.label)
        XCTAssertEqual(strap.shownName, "Polar H10 1A2B3C")
        XCTAssertThrowsError(try store.setStrapLabel(address: "00:00:00:00:00:09", label: "x"))
    }
}

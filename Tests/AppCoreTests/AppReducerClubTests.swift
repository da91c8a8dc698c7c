@testable import AppCore
import Foundation
import XCTest
import Localization
import TeamCore

/// Behind the settings PIN: "All players" and the strap list.
final class AppReducerClubTests: XCTestCase {
    private let mia = ClubPlayer(playerID: 20, player: AppFixture.player("Mia"), teams: [], sessions: 3)
    private let ada = ClubPlayer(playerID: 10, player: AppFixture.player("Ada"), teams: [.init(teamID: 1, name: "Eagles", shirtNumber: 7)], sessions: 1)
    private let strap = ClubStrap(strap: Strap(id: 100, address: "5A:1D:00:00:00:01", name: "SimStrap 1"),
                                  wearers: [.init(playerName: "Ada Test", shirtNumber: 7, teamName: "Eagles")], sessions: 2)

    private func settings() -> AppHarness {
        var app = AppFixture.lobby()
        app.state.screen = .settings
        return app
    }

    func testPagesOpenFromTheSettingsOnlyAndLoadTheirList() {
        var app = AppFixture.lobby()
        app.send(.club(.open(.players)))
        XCTAssertNil(app.state.club.page, "not from the lobby")
        app.state.screen = .settings
        app.send(.club(.open(.players)), .loadPlayers)
        app.send(.club(.playersLoaded([ada, mia])))
        XCTAssertEqual(app.state.club.players, [ada, mia])
        app.send(.club(.open(.straps)), .loadStraps)
        app.send(.club(.open(nil)))
        XCTAssertNil(app.state.club.page)
        app.send(.club(.open(.straps)), .loadStraps)
        app.send(.navigate(.home), .loadTeams)
        XCTAssertNil(app.state.club.page, "leaving the settings closes the page")
    }

    func testDeletingAPlayerOnNoTeamConfirmsFirst() {
        var app = settings()
        app.send(.club(.playersLoaded([ada, mia])))
        app.send(.club(.askToDeletePlayer(playerID: 99)))
        XCTAssertNil(app.state.confirmation, "nobody to delete")
        app.send(.club(.askToDeletePlayer(playerID: 20)))
        XCTAssertEqual(app.state.confirmation?.questionText, "Delete Mia Test and their heart rates in 3 sessions? This cannot be undone.")
        app.send(.confirmation(.cancel))
        app.send(.club(.askToDeletePlayer(playerID: 10)))
        XCTAssertEqual(app.state.confirmation?.questionText, "Delete Ada Test and their heart rates in 1 session? They leave Eagles. This cannot be undone.")
        app.send(.confirmation(.confirm), .erasePlayer(playerID: 10))
    }

    func testForgettingAStrapSaysWhoLosesItAndWhatStays() {
        var app = settings()
        app.send(.club(.strapsLoaded([strap])))
        app.send(.club(.askToForget(address: "00:00:00:00:00:00")))
        XCTAssertNil(app.state.confirmation)
        app.send(.club(.askToForget(address: strap.strap.address)))
        XCTAssertEqual(app.state.confirmation?.questionText,
                       "Forget SimStrap 1 (5A:1D:00:00:00:01)? #7 Ada Test (Eagles) will have no strap. "
                       + "The 2 sessions that recorded it keep their heart rates. Pairing it again brings it back.")
        app.send(.confirmation(.confirm), .forgetStrap(address: strap.strap.address))
        XCTAssertEqual(app.state.notice?.english, "Strap forgotten")
    }

    func testNothingIsDeletedAwayFromTheSettings() {
        var app = AppFixture.lobby()
        app.sendAll([.club(.deletePlayer(playerID: 10)), .club(.forget(address: strap.strap.address)),
                     .club(.askToDeletePlayer(playerID: 10))])
        XCTAssertNil(app.state.confirmation)
    }

    /// Issue 25, item 9: by name as the store lists them, or by team — players on no team first,
    /// then team by team, by shirt number.
    func testAllPlayersSortByNameOrByTeam() {
        let zoe = ClubPlayer(playerID: 30, player: AppFixture.player("Zoe"), teams: [.init(teamID: 2, name: "Ants", shirtNumber: 9)], sessions: 0)
        let bea = ClubPlayer(playerID: 11, player: AppFixture.player("Bea"), teams: [.init(teamID: 1, name: "Eagles", shirtNumber: 3)], sessions: 0)
        var app = settings()
        app.send(.club(.playersLoaded([ada, bea, mia, zoe])))
        XCTAssertEqual(app.state.club.shownPlayers.map(\.playerID), [10, 11, 20, 30])
        app.send(.club(.sortPlayers(.team)))
        XCTAssertEqual(app.state.club.shownPlayers.map(\.playerID), [20, 30, 11, 10])
    }

    func testAPlayerIsAddedAndEditedInAllPlayersWithoutAShirtNumber() {
        var app = settings()
        app.send(.club(.open(.players)), .loadPlayers)
        app.send(.club(.playersLoaded([ada, mia])))
        app.send(.club(.editPlayer(nil)))
        XCTAssertEqual(app.state.form?.kind, .clubPlayer(nil))
        XCTAssertFalse(app.state.form?.fields.contains(.shirtNumber) ?? true, "a club player has no shirt number: that is a team's")
        app.send(.form(.submit))
        XCTAssertEqual(app.state.form?.problems.isEmpty, false, "no name yet")
        app.send(.form(.focus(.firstName)))
        app.send(.form(.key("Lina")))
        app.send(.form(.focus(.lastName)))
        app.send(.form(.key("Novak")))
        var lina = Player(firstName: "Lina", lastName: "Novak", birthYear: 2006, sex: .female, weightKg: 70, restingHR: 60)
        app.send(.form(.submit), .saveClubPlayer(playerID: nil, player: lina))
        XCTAssertNil(app.state.form)
        app.send(.club(.editPlayer(20)))
        XCTAssertEqual(app.state.form?.value(.firstName), "Mia")
        app.send(.form(.focus(.restingHR)))
        app.send(.form(.backspace))
        app.send(.form(.backspace))
        app.send(.form(.key("52")))
        lina = mia.player
        lina.restingHR = 52
        app.send(.form(.submit), .saveClubPlayer(playerID: 20, player: lina))
    }

    func testAPlayersPhotoIsReplacedFromTheStickOrRemovedAfterAQuestion() {
        var withPhoto = mia
        withPhoto.photoVersion = 1234
        var app = settings()
        app.send(.club(.open(.players)), .loadPlayers)
        app.send(.club(.playersLoaded([ada, withPhoto])))
        app.send(.club(.choosePhoto(20)))
        XCTAssertEqual(app.state.club.photoChoice, 20)
        app.send(.club(.importPhoto(playerID: 20)), .importPlayerPhoto(playerID: 20, player: mia.player))
        XCTAssertNil(app.state.club.photoChoice)
        XCTAssertEqual(app.state.notice?.english, "Looking for Mia Test's photo on the USB stick…")
        app.send(.club(.askToRemovePhoto(playerID: 10)))
        XCTAssertNil(app.state.confirmation, "Ada has no photo to remove")
        app.send(.club(.choosePhoto(20)))
        app.send(.club(.askToRemovePhoto(playerID: 20)))
        XCTAssertNil(app.state.club.photoChoice)
        XCTAssertEqual(app.state.confirmation?.questionText, "Remove Mia Test's photo? Their initials show instead.")
        app.send(.confirmation(.confirm), .removePlayerPhoto(playerID: 20))
        XCTAssertEqual(app.state.notice?.english, "Photo removed")
    }

    func testAPlayersDataGoesToTheStickFromTheSettingsOnly() {
        var app = settings()
        app.send(.club(.open(.players)), .loadPlayers)
        app.send(.club(.playersLoaded([ada, mia])))
        app.send(.club(.exportPlayerData(playerID: 20)), .exportPlayerData(playerID: 20))
        XCTAssertEqual(app.state.notice?.english, "Writing Mia Test's data to the USB stick…")
        app.send(.club(.exportPlayerData(playerID: 99)))
        app.state.screen = .lobby
        app.send(.club(.exportPlayerData(playerID: 20)))
    }

    func testAStrapIsLabelledOnTheKeyboardAndTheLabelClearedWhenEmpty() {
        var app = settings()
        app.send(.club(.open(.straps)), .loadStraps)
        app.send(.club(.strapsLoaded([strap])))
        app.send(.club(.labelStrap(address: strap.strap.address)))
        XCTAssertEqual(app.state.form?.kind, .strapLabel(address: strap.strap.address))
        app.send(.form(.key("Box A 7!")))
        XCTAssertEqual(app.state.form?.value(.strapLabel), "Box A 7", "letters, digits and spaces")
        app.send(.form(.submit), .labelStrap(address: strap.strap.address, label: "Box A 7"))
        app.send(.club(.labelStrap(address: strap.strap.address)))
        for _ in 0..<7 { app.send(.form(.backspace)) }
        app.send(.form(.submit), .labelStrap(address: strap.strap.address, label: nil))
    }

    func testTheStrapListListensToEveryStrap() {
        var app = settings()
        XCTAssertEqual(app.state.wantedStraps, .only([0, 1]))
        app.send(.club(.open(.straps)), .loadStraps)
        XCTAssertEqual(app.state.wantedStraps, .all, "it says which straps are live now")
    }
}

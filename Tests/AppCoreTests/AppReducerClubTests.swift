@testable import AppCore
import Foundation
import XCTest
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
        XCTAssertEqual(app.state.confirmation?.question, "Delete Mia Test and their heart rates in 3 sessions? This cannot be undone.")
        app.send(.confirmation(.cancel))
        app.send(.club(.askToDeletePlayer(playerID: 10)))
        XCTAssertEqual(app.state.confirmation?.question, "Delete Ada Test and their heart rates in 1 session? They leave Eagles. This cannot be undone.")
        app.send(.confirmation(.confirm), .deletePlayerAndData(playerID: 10))
        XCTAssertEqual(app.state.notice, "Player and data deleted")
    }

    func testForgettingAStrapSaysWhoLosesItAndWhatStays() {
        var app = settings()
        app.send(.club(.strapsLoaded([strap])))
        app.send(.club(.askToForget(address: "00:00:00:00:00:00")))
        XCTAssertNil(app.state.confirmation)
        app.send(.club(.askToForget(address: strap.strap.address)))
        XCTAssertEqual(app.state.confirmation?.question,
                       "Forget SimStrap 1 (5A:1D:00:00:00:01)? #7 Ada Test (Eagles) will have no strap. "
                       + "The 2 sessions that recorded it keep their heart rates. Pairing it again brings it back.")
        app.send(.confirmation(.confirm), .forgetStrap(address: strap.strap.address))
        XCTAssertEqual(app.state.notice, "Strap forgotten")
    }

    func testNothingIsDeletedAwayFromTheSettings() {
        var app = AppFixture.lobby()
        app.sendAll([.club(.deletePlayer(playerID: 10)), .club(.forget(address: strap.strap.address)),
                     .club(.askToDeletePlayer(playerID: 10))])
        XCTAssertNil(app.state.confirmation)
    }
}

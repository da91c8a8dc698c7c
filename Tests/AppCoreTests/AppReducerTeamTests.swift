@testable import AppCore
import XCTest
import Localization
import TeamCore

/// Team setup's team tab (rename, colour, delete behind the PIN) and adding a player of the club.
final class AppReducerTeamTests: XCTestCase {
    private func setup(sessions: Int = 3) -> AppHarness {
        var app = AppFixture.lobby()
        var card = AppFixture.team
        card.sessionCount = sessions
        app.send(.teams(.loaded([card, TeamCard(team: Team(id: 2, name: "Hawks", colour: RGBColour.teamPalette[1]), playerCount: 0,
                                                 lastSessionAt: nil, unreviewedSessions: 0)])))
        app.send(.navigate(.setup))
        app.send(.setup(.tab(.team)))
        return app
    }

    func testRenameIsTypedAndCheckedAgainstTheOtherTeams() {
        var app = setup()
        app.send(.form(.renameTeam))
        XCTAssertEqual(app.state.form?.value(.teamName), "Eagles")
        for _ in 0..<6 { app.send(.form(.backspace)) }
        app.send(.form(.key("hawks")))
        app.send(.form(.submit))
        XCTAssertEqual(app.state.form?.problems.map(\.english), ["a team called hawks exists already"])
        for _ in 0..<5 { app.send(.form(.backspace)) }
        app.send(.form(.key("EAGLES")))
        app.send(.form(.submit), .renameTeam(teamID: 1, name: "EAGLES"))
        XCTAssertNil(app.state.form, "its own name in other letters is fine")
    }

    func testAColourIsOneTap() {
        var app = setup()
        app.send(.setup(.setColour(RGBColour.teamPalette[2])), .setTeamColour(teamID: 1, colour: RGBColour.teamPalette[2]))
    }

    func testDeletingTheTeamNeedsThePinAndSaysWhatGoesWithIt() {
        var app = setup()
        app.send(.setup(.askToDeleteTeam))
        guard case .authorize(let what, _)? = app.state.settings.pin?.purpose else { return XCTFail("the PIN first") }
        XCTAssertEqual(what, "delete team")
        for digit in ["1", "2", "3", "4"] { app.send(.settings(.pinKey(digit))) }
        XCTAssertEqual(app.state.confirmation?.questionText,
                       "Delete the team Eagles and its 3 sessions, with every heart rate in them? Its 3 players stay in All players. This cannot be undone.")
        app.send(.confirmation(.confirm), .deleteTeam(teamID: 1), .loadTeams)
        XCTAssertEqual(app.state.screen, .teamPicker)
        XCTAssertNil(app.state.teamID)
        XCTAssertEqual(app.state.roster, [])
        XCTAssertEqual(app.state.notice?.english, "Team deleted")
    }

    func testATeamWithoutSessionsSaysSo() {
        var app = setup(sessions: 0)
        app.send(.setup(.askToDeleteTeam))
        for digit in ["1", "2", "3", "4"] { app.send(.settings(.pinKey(digit))) }
        XCTAssertEqual(app.state.confirmation?.questionText,
                       "Delete the team Eagles? It has no sessions. Its 3 players stay in All players. This cannot be undone.")
    }

    func testAPlayerOfTheClubJoinsFromTheList() {
        var app = setup()
        app.send(.setup(.tab(.roster)))
        app.send(.setup(.pickExisting(true)), .loadPlayers)
        XCTAssertTrue(app.state.setup.pickingExisting)
        app.send(.setup(.addExisting(playerID: 10)))
        XCTAssertTrue(app.state.setup.pickingExisting, "Ada is on this team already")
        app.send(.setup(.addExisting(playerID: 20)), .addExistingPlayer(teamID: 1, playerID: 20))
        XCTAssertFalse(app.state.setup.pickingExisting)
        app.send(.setup(.addExisting(playerID: 21)))
        app.send(.setup(.pickExisting(true)), .loadPlayers)
        app.send(.setup(.pickExisting(false)))
        XCTAssertFalse(app.state.setup.pickingExisting)
    }

    func testTheTeamIsManagedOnlyInItsSetup() {
        var app = AppFixture.lobby()
        app.sendAll([.setup(.setColour(RGBColour.teamPalette[3])), .setup(.askToDeleteTeam), .setup(.deleteTeam(teamID: 1)),
                     .form(.renameTeam), .setup(.pickExisting(true))])
        XCTAssertNil(app.state.settings.pin)
        XCTAssertNil(app.state.form)
    }
}

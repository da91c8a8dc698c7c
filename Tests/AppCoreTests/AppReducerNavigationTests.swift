@testable import AppCore
import XCTest
import Localization
import TeamCore

final class AppReducerNavigationTests: XCTestCase {
    func testPickingATeamOpensTheLobbyAndLoadsRosterAndSessions() {
        var app = AppHarness()
        app.send(.teams(.loaded([TeamCard(team: Team(id: 5, name: "Owls", colour: RGBColour.teamPalette[1]),
                                          playerCount: 0, lastSessionAt: nil, unreviewedSessions: 2)])))
        app.send(.teams(.pick(5)), .loadRoster(teamID: 5), .loadSessions(teamID: 5), .loadFlags(teamID: 5))
        XCTAssertEqual(app.state.screen, .lobby)
        XCTAssertEqual(app.state.teamID, 5)
    }

    func testPickingAnUnknownTeamDoesNothing() {
        var app = AppHarness()
        app.send(.teams(.pick(99)))
        XCTAssertEqual(app.state.screen, .teamPicker)
    }

    func testARosterOfAnotherTeamIsIgnored() {
        var app = AppFixture.lobby()
        app.send(.teams(.rosterLoaded(teamID: 2, [])))
        XCTAssertEqual(app.state.roster, AppFixture.roster)
    }

    func testNewRosterPlayersAreIncludedInTheLobbyByDefault() {
        var app = AppFixture.lobby()
        XCTAssertEqual(app.state.lobbyParticipants.map(\.line.playerID), [10, 11, 12])
        app.send(.lobby(.toggleIncluded(playerID: 11)))
        XCTAssertEqual(app.state.lobbyParticipants.map(\.line.playerID), [10, 12])
        // Reloading the roster keeps the coach's choice and adds a newcomer.
        var lines = AppFixture.roster
        lines.append(RosterLine(playerID: 13, player: AppFixture.player("Dora"), shirtNumber: 4, strapID: nil))
        app.send(.teams(.rosterLoaded(teamID: AppFixture.teamID, lines)))
        XCTAssertEqual(app.state.lobbyParticipants.map(\.line.playerID), [10, 12, 13])
        app.send(.lobby(.toggleIncluded(playerID: 99)))
        XCTAssertEqual(app.state.lobby.excluded, [11], "not on the roster: nothing to leave out")
    }

    func testNoNavigationAwayFromARecordingSession() {
        var app = AppFixture.running()
        XCTAssertEqual(app.state.screen, .live)
        for destination: NavigationAction in [.home, .setup, .review, .lobby, .settings] {
            app.send(.navigate(destination))
            XCTAssertEqual(app.state.screen, .live)
            XCTAssertNil(app.state.settings.pin)
        }
    }

    func testEveryScreenOfTheTeamLoadsWhatItShows() {
        var app = AppFixture.lobby()
        app.send(.navigate(.setup))
        XCTAssertEqual(app.state.screen, .teamSetup)
        app.send(.setup(.choosePlayer(10)))
        app.send(.navigate(.lobby), .loadRoster(teamID: 1), .loadFlags(teamID: 1))
        XCTAssertEqual(app.state.screen, .lobby)
        XCTAssertNil(app.state.setup.pairingPlayerID, "pairing ends with the setup screen")
        app.send(.navigate(.review), .loadSessions(teamID: 1))
        XCTAssertEqual(app.state.screen, .review)
        app.send(.navigate(.settings))
        XCTAssertEqual(app.state.settings.pin, PinEntry(), "the PIN pad first")
    }

    func testWithoutATeamOnlyTheSettingsOpen() {
        var app = AppHarness()
        app.sendAll([.navigate(.setup), .navigate(.lobby), .navigate(.review)])
        XCTAssertEqual(app.state.screen, .teamPicker)
    }

    func testGoHomeClearsOverlaysAndReloadsTeams() {
        var app = AppFixture.lobby()
        app.state.notice = Message("hello")
        app.send(.navigate(.home), .loadTeams)
        XCTAssertEqual(app.state.screen, .teamPicker)
        XCTAssertNil(app.state.notice)
    }

    func testAFailureDuringStartReturnsToTheLobbyWithAMessage() {
        var app = AppFixture.lobby()
        app.send(AppFixture.hr(strap: 0, bpm: 80, atMs: 1000))
        app.send(.live(.start), .startSession(teamID: 1, lineup: AppFixture.lineup, plannedMs: 20 * 60_000))
        XCTAssertEqual(app.live?.phase, .starting)
        app.send(.failed(Message("disk full")))
        XCTAssertNil(app.live)
        XCTAssertEqual(app.state.screen, .lobby)
        XCTAssertEqual(app.state.notice?.english, "disk full")
    }

    func testANoticeThatIsNotAFailureLeavesAStartingSessionAlone() {
        var app = AppFixture.lobby()
        app.send(AppFixture.hr(strap: 0, bpm: 80, atMs: 1000))
        app.send(.live(.start), .startSession(teamID: 1, lineup: AppFixture.lineup, plannedMs: 20 * 60_000))
        app.send(.inform(Message("Wall display closed — the session goes on")))
        XCTAssertEqual(app.live?.phase, .starting)
        XCTAssertEqual(app.state.screen, .live)
        XCTAssertEqual(app.state.notice?.english, "Wall display closed — the session goes on")
    }
}

final class AppReducerNoticeTests: XCTestCase {
    func testANoticeGoesAwayByItself() {
        var app = AppFixture.lobby()
        app.send(.tick(nowMs: 1000))
        app.send(.inform(Message("Saved")))
        app.send(.tick(nowMs: 1000 + AppReducer.noticeMs - 1))
        XCTAssertEqual(app.state.notice?.english, "Saved")
        app.send(.tick(nowMs: 1000 + AppReducer.noticeMs))
        XCTAssertNil(app.state.notice)
    }

    func testTheClockNeverGoesBack() {
        var app = AppFixture.lobby()
        app.send(.tick(nowMs: 5000))
        app.send(.tick(nowMs: 4000))
        XCTAssertEqual(app.state.nowMs, 5000)
        app.send(AppFixture.hr(strap: 0, bpm: 80, atMs: 6000))
        XCTAssertEqual(app.state.nowMs, 6000, "an event from later moves it on")
    }

    func testLiveTilesStartWithTheBatteryTheLobbyKnows() {
        var app = AppFixture.lobby()
        app.send(.sensors(.event(SensorEvent(strap: 0, timestampNs: 500_000_000, kind: .battery, battery: 64))))
        app.send(AppFixture.hr(strap: 0, bpm: 80, atMs: 1000))
        app.send(.live(.start), .startSession(teamID: 1, lineup: AppFixture.lineup, plannedMs: 20 * 60_000))
        XCTAssertEqual(app.tile(10).battery, 64)
    }
}

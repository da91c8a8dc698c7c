import XCTest
@testable import TeamCore

final class AppReducerNavigationTests: XCTestCase {
    func testPickingATeamOpensTheLobbyAndLoadsRosterAndSessions() {
        var s = AppState(year: 2026)
        _ = AppReducer.reduce(&s, .teamsLoaded([TeamCard(team: Team(id: 5, name: "Owls", colour: RGBColour.teamPalette[1]),
                                                         playerCount: 0, lastSessionAt: nil, unreviewedSessions: 2)]))
        let effects = AppReducer.reduce(&s, .pickTeam(5))
        XCTAssertEqual(s.screen, .lobby)
        XCTAssertEqual(s.teamID, 5)
        XCTAssertEqual(effects, [.loadRoster(teamID: 5), .loadSessions(teamID: 5)])
    }

    func testPickingAnUnknownTeamDoesNothing() {
        var s = AppState(year: 2026)
        XCTAssertEqual(AppReducer.reduce(&s, .pickTeam(99)), [])
        XCTAssertEqual(s.screen, .teamPicker)
    }

    func testNewRosterPlayersAreIncludedInTheLobbyByDefault() {
        var s = AppFixture.lobby()
        XCTAssertEqual(s.lobby.included, [10, 11, 12])
        _ = AppReducer.reduce(&s, .toggleIncluded(playerID: 11))
        XCTAssertEqual(s.lobby.included, [10, 12])
        // Reloading the roster keeps the coach's choice and adds a newcomer.
        var lines = AppFixture.roster
        lines.append(RosterLine(player: AppFixture.player(13, "Dora"), shirtNumber: 4, strapID: nil))
        _ = AppReducer.reduce(&s, .rosterLoaded(teamID: AppFixture.teamID, lines))
        XCTAssertEqual(s.lobby.included, [10, 12, 13])
    }

    func testNoNavigationAwayFromARecordingSession() {
        var s = AppFixture.running()
        XCTAssertEqual(s.screen, .live)
        for action: Action in [.goHome, .openSetup, .openReview, .openLobby, .openSettings] {
            XCTAssertEqual(AppReducer.reduce(&s, action), [])
            XCTAssertEqual(s.screen, .live)
            XCTAssertNil(s.pin)
        }
    }

    func testGoHomeClearsOverlaysAndReloadsTeams() {
        var s = AppFixture.lobby()
        s.notice = "hello"
        XCTAssertEqual(AppReducer.reduce(&s, .goHome), [.loadTeams])
        XCTAssertEqual(s.screen, .teamPicker)
        XCTAssertNil(s.notice)
    }

    func testAFailureDuringStartReturnsToTheLobbyWithAMessage() {
        var s = AppFixture.lobby()
        _ = AppReducer.reduce(&s, AppFixture.hr(strap: 0, bpm: 80, atMs: 1000))
        _ = AppReducer.reduce(&s, .startSession)
        XCTAssertEqual(s.live?.phase, .starting)
        _ = AppReducer.reduce(&s, .failed("disk full"))
        XCTAssertNil(s.live)
        XCTAssertEqual(s.screen, .lobby)
        XCTAssertEqual(s.notice, "disk full")
    }

    func testANoticeThatIsNotAFailureLeavesAStartingSessionAlone() {
        var s = AppFixture.lobby()
        _ = AppReducer.reduce(&s, AppFixture.hr(strap: 0, bpm: 80, atMs: 1000))
        _ = AppReducer.reduce(&s, .startSession)
        _ = AppReducer.reduce(&s, .inform("Wall display closed — the session goes on"))
        XCTAssertEqual(s.live?.phase, .starting)
        XCTAssertEqual(s.screen, .live)
        XCTAssertEqual(s.notice, "Wall display closed — the session goes on")
    }
}

final class AppReducerNoticeTests: XCTestCase {
    func testANoticeGoesAwayByItself() {
        var s = AppFixture.lobby()
        _ = AppReducer.reduce(&s, .tick(nowMs: 1000))
        _ = AppReducer.reduce(&s, .inform("Saved"))
        _ = AppReducer.reduce(&s, .tick(nowMs: 1000 + AppReducer.noticeMs - 1))
        XCTAssertEqual(s.notice, "Saved")
        _ = AppReducer.reduce(&s, .tick(nowMs: 1000 + AppReducer.noticeMs))
        XCTAssertNil(s.notice)
    }

    func testLiveTilesStartWithTheBatteryTheLobbyKnows() {
        var s = AppFixture.lobby()
        _ = AppReducer.reduce(&s, .sensor(SensorEvent(strap: 0, timestampNs: 500_000_000, kind: .battery, battery: 64)))
        _ = AppReducer.reduce(&s, AppFixture.hr(strap: 0, bpm: 80, atMs: 1000))
        _ = AppReducer.reduce(&s, .startSession)
        XCTAssertEqual(s.live?.tiles.first { $0.playerID == 10 }?.battery, 64)
    }
}

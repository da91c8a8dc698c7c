import XCTest
import TeamCore

/// What the kiosk asks of the Bluetooth source, worked out from the state alone.
final class StrapWantsTests: XCTestCase {
    func testNoStrapIsWantedOnTheTeamPicker() {
        var app = AppHarness()
        app.send(.sensors(.strapTableLoaded(AppFixture.straps)))
        XCTAssertEqual(app.state.wantedStraps, .only([]))
        XCTAssertFalse(app.state.wantsDiscovery)
    }

    func testTheTeamsStrapsAndTodaysSwapsAreWanted() {
        var app = AppFixture.lobby()
        XCTAssertEqual(app.state.wantedStraps, .only([0, 1]), "Ada's and Bea's; Cleo has none")
        app.send(.lobby(.changeStrap(playerID: 12)))
        XCTAssertTrue(app.state.wantsDiscovery, "a swap shows the nearby straps")
        XCTAssertEqual(app.state.wantedStraps, .all, "while choosing, every strap may connect")
        app.send(.lobby(.chooseStrap(3)))
        XCTAssertFalse(app.state.wantsDiscovery)
        XCTAssertEqual(app.state.wantedStraps, .only([0, 1, 3]))
    }

    func testPairingWantsEveryStrapAndScans() {
        var app = AppFixture.lobby()
        app.send(.navigate(.setup))
        XCTAssertFalse(app.state.wantsDiscovery, "the roster tab does not scan")
        app.send(.setup(.tab(.straps)))
        XCTAssertTrue(app.state.wantsDiscovery)
        XCTAssertEqual(app.state.wantedStraps, .all)
        app.send(.navigate(.lobby), .loadRoster(teamID: 1), .loadFlags(teamID: 1))
        XCTAssertFalse(app.state.wantsDiscovery)
    }

    func testALiveSessionKeepsItsStrapsWhenTheRosterChanges() {
        var app = AppFixture.running()
        app.send(.teams(.rosterLoaded(teamID: 1, [])))
        XCTAssertEqual(app.state.wantedStraps, .only([0, 1]), "the tiles' straps stay wanted")
    }
}

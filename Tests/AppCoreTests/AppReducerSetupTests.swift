@testable import AppCore
import XCTest
import Localization
import TeamCore

final class AppReducerSetupTests: XCTestCase {
    func testTwoTapsAssignAStrapTheStoreTakesItFromATeammate() {
        var app = AppFixture.lobby()
        app.send(.navigate(.setup))
        app.send(.setup(.tab(.straps)))
        app.send(.setup(.tapStrap(0)))
        XCTAssertEqual(app.state.notice?.english, "Tap a player first, then their strap", "a strap first does nothing but explain")
        app.send(.setup(.choosePlayer(12)))
        XCTAssertEqual(app.state.teammate(wearing: 100, other: 12)?.playerID, 10, "shown red: Ada has it")
        app.send(.setup(.tapStrap(0)), .assignStrap(teamID: 1, playerID: 12, strapID: 100))
        XCTAssertNil(app.state.setup.pairingPlayerID)
        XCTAssertNil(app.state.notice, "the hint was followed")
        // The roster is the store's: it changes when the store's answer comes.
        XCTAssertEqual(app.state.roster, AppFixture.roster)
        var reloaded = AppFixture.roster
        reloaded[0].strapID = nil
        reloaded[2].strapID = 100
        app.send(.teams(.rosterLoaded(teamID: 1, reloaded)))
        XCTAssertNil(app.state.teammate(wearing: 100, other: 12))
    }

    func testChoosingThePlayerAgainLetsGoAndALongPressClearsTheirStrap() {
        var app = AppFixture.lobby()
        app.send(.navigate(.setup))
        app.send(.setup(.choosePlayer(11)))
        app.send(.setup(.choosePlayer(11)))
        XCTAssertNil(app.state.setup.pairingPlayerID)
        app.send(.setup(.choosePlayer(99)))
        XCTAssertNil(app.state.setup.pairingPlayerID, "not on the roster")
        app.send(.setup(.clearStrap(playerID: 11)), .assignStrap(teamID: 1, playerID: 11, strapID: nil))
        app.send(.setup(.clearStrap(playerID: 99)))
    }

    func testNearbyStrapsStrongestFirst() {
        var app = AppFixture.lobby()
        var weak = SensorEvent(strap: 2, timestampNs: 1_000_000_000, kind: .measurement, bpm: 70, contact: .detected)
        weak.rssi = -80
        var strong = SensorEvent(strap: 3, timestampNs: 1_000_000_000, kind: .measurement, bpm: 70, contact: .detected)
        strong.rssi = -40
        app.send(.sensors(.event(weak)))
        app.send(.sensors(.event(strong)))
        XCTAssertEqual(app.state.sensors.nearby(nowMs: app.state.nowMs), [3, 2])
    }

    func testStrapsHeardByTheScanAreNearbyBeforeTheyStreamAndForgottenAfterFiveSeconds() {
        var app = AppFixture.lobby()
        app.send(.tick(nowMs: 10_000))
        app.send(.sensors(.heard([HeardStrap(strapIndex: 1, rssi: -70, battery: 80),
                                  HeardStrap(strapIndex: 2, rssi: -45, battery: nil),
                                  HeardStrap(strapIndex: 999, rssi: -30, battery: nil)])))
        XCTAssertEqual(app.state.sensors.nearby(nowMs: app.state.nowMs), [2, 1], "closest first; an index outside the strap table is ignored")
        XCTAssertEqual(app.state.sensors.readings[1]?.battery, 80)
        XCTAssertFalse(app.state.sensors.readings[2]?.hasSignal(nowMs: app.state.nowMs) ?? true, "heard is not streaming: no BPM shown")
        app.send(.tick(nowMs: 10_000 + AppState.noSignalAfterMs + 1))
        XCTAssertEqual(app.state.sensors.nearby(nowMs: app.state.nowMs), [])
    }

    func testAStrapThatNeitherConnectsNorBroadcastsIsBusyElsewhereUntilItStreams() {
        var app = AppFixture.lobby()
        app.send(.tick(nowMs: 10_000))
        app.send(.sensors(.heard([HeardStrap(strapIndex: 1, rssi: -60, battery: nil, usable: false),
                                  HeardStrap(strapIndex: 2, rssi: -60, battery: nil)])))
        XCTAssertEqual(app.state.sensors.readings[1]?.isBusyElsewhere(nowMs: app.state.nowMs), true)
        XCTAssertEqual(app.state.sensors.readings[2]?.isBusyElsewhere(nowMs: app.state.nowMs), false)
        app.send(.sensors(.event(SensorEvent(strap: 1, timestampNs: 11_000_000_000, kind: .measurement, bpm: 72, contact: .detected))))
        XCTAssertEqual(app.state.sensors.readings[1]?.isBusyElsewhere(nowMs: app.state.nowMs), false, "the phone let go: it streams to us")
    }

    func testASourceProblemStandsUntilSolvedThenANoticeSaysSo() {
        var app = AppFixture.lobby()
        app.send(.sensors(.problem("Bluetooth hci0 lost, retrying")))
        app.send(.tick(nowMs: 60_000))
        XCTAssertEqual(app.state.shownNotice, "Bluetooth hci0 lost, retrying", "a standing problem does not time out")
        app.send(.inform(Message("Exported 2 sessions")))
        XCTAssertEqual(app.state.shownNotice, "Exported 2 sessions", "a fresh notice shows over it")
        app.send(.tick(nowMs: 60_000 + AppReducer.noticeMs))
        XCTAssertEqual(app.state.shownNotice, "Bluetooth hci0 lost, retrying")
        app.send(.sensors(.problem(nil)))
        XCTAssertEqual(app.state.shownNotice, AppState.sourceBackNotice)
        app.send(.tick(nowMs: 60_000 + 2 * AppReducer.noticeMs))
        XCTAssertNil(app.state.shownNotice)
        app.send(.sensors(.problem(nil)))
        XCTAssertNil(app.state.shownNotice, "nothing was wrong: nothing to say")
    }

    func testRestingHeartRateIsAveragedOverTwentySecondsAndSavedOnConfirm() {
        var app = AppFixture.lobby()
        app.send(.navigate(.setup))
        app.send(.tick(nowMs: 1000))
        app.send(.setup(.measureRest(playerID: 10)))
        app.send(AppFixture.hr(strap: 1, bpm: 99, atMs: 1500)) // Bea's strap: not Ada's measurement
        app.send(AppFixture.hr(strap: 0, bpm: 80, atMs: 1800, contact: .notDetected)) // off the skin: not trusted
        for (i, bpm) in [50, 52, 54, 56].enumerated() {
            app.send(AppFixture.hr(strap: 0, bpm: bpm, atMs: 2000 + Int64(i) * 5000))
        }
        app.send(.setup(.saveRest))
        XCTAssertNotNil(app.state.setup.rest, "not before the 20 s are up")
        app.send(AppFixture.hr(strap: 0, bpm: 90, atMs: 21_500))
        XCTAssertEqual(app.state.setup.rest?.estimate, 53, "the reading after 20 s is left out")
        var ada = AppFixture.roster[0].player
        ada.restingHR = 53
        app.send(.setup(.saveRest), .savePlayer(teamID: 1, playerID: 10, player: ada, shirtNumber: 7))
        XCTAssertNil(app.state.setup.rest)
    }

    func testRestMeasurementNeedsAStrap() {
        var app = AppFixture.lobby()
        app.send(.navigate(.setup))
        app.send(.setup(.measureRest(playerID: 12)))
        XCTAssertNil(app.state.setup.rest)
        XCTAssertEqual(app.state.notice?.english, "Give the player a strap first")
        app.send(.setup(.measureRest(playerID: 10)))
        app.send(.setup(.cancelRest))
        XCTAssertNil(app.state.setup.rest)
    }

    func testRemovingAPlayerConfirmsFirst() {
        var app = AppFixture.lobby()
        app.send(.navigate(.setup))
        app.send(.setup(.askToRemove(playerID: 11)))
        XCTAssertEqual(app.state.confirmation?.onConfirm, .setup(.remove(playerID: 11)))
        app.send(.confirmation(.cancel))
        XCTAssertNil(app.state.confirmation)
        app.send(.setup(.askToRemove(playerID: 11)))
        app.send(.confirmation(.confirm), .removeFromTeam(teamID: 1, playerID: 11))
        XCTAssertNil(app.state.confirmation)
        app.send(.confirmation(.confirm)) // answered already
        // The store's reload takes her off the roster and out of the lobby.
        app.send(.lobby(.toggleIncluded(playerID: 11)))
        app.send(.teams(.rosterLoaded(teamID: 1, AppFixture.roster.filter { $0.playerID != 11 })))
        XCTAssertEqual(app.state.lobbyParticipants.map(\.line.playerID), [10, 12])
        // Added back later: in by default, as a newcomer is.
        app.send(.teams(.rosterLoaded(teamID: 1, AppFixture.roster)))
        XCTAssertEqual(app.state.lobbyParticipants.map(\.line.playerID), [10, 11, 12])
    }
}

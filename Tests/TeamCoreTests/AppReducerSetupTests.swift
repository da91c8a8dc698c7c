import XCTest
@testable import TeamCore

final class AppReducerSetupTests: XCTestCase {
    func testTwoTapsAssignAStrapAndTakeItFromATeammate() {
        var s = AppFixture.lobby()
        _ = AppReducer.reduce(&s, .openSetup)
        _ = AppReducer.reduce(&s, .setupTab(.straps))
        XCTAssertEqual(AppReducer.reduce(&s, .tapStrap(0)), [], "a strap first does nothing but explain")
        XCTAssertNotNil(s.notice)
        _ = AppReducer.reduce(&s, .choosePlayerForStrap(12))
        XCTAssertEqual(s.teammate(wearing: 100, other: 12)?.playerID, 10, "shown red: Ada has it")
        XCTAssertEqual(AppReducer.reduce(&s, .tapStrap(0)), [.assignStrap(teamID: 1, playerID: 12, strapID: 100)])
        XCTAssertEqual(s.roster.first { $0.playerID == 12 }?.strapID, 100)
        XCTAssertNil(s.roster.first { $0.playerID == 10 }?.strapID)
        XCTAssertNil(s.setup.pairingPlayerID)
    }

    func testNearbyStrapsStrongestFirst() {
        var s = AppFixture.lobby()
        var weak = SensorEvent(strap: 2, timestampNs: 1_000_000_000, kind: .measurement, bpm: 70, contact: .detected)
        weak.rssi = -80
        var strong = SensorEvent(strap: 3, timestampNs: 1_000_000_000, kind: .measurement, bpm: 70, contact: .detected)
        strong.rssi = -40
        _ = AppReducer.reduce(&s, .sensor(weak))
        _ = AppReducer.reduce(&s, .sensor(strong))
        XCTAssertEqual(s.nearbyStraps, [3, 2])
    }

    func testStrapsHeardByTheScanAreNearbyBeforeTheyStreamAndForgottenAfterFiveSeconds() {
        var s = AppFixture.lobby()
        _ = AppReducer.reduce(&s, .tick(nowMs: 10_000))
        _ = AppReducer.reduce(&s, .strapsHeard([HeardStrap(strapIndex: 1, rssi: -70, battery: 80),
                                                 HeardStrap(strapIndex: 2, rssi: -45, battery: nil),
                                                 HeardStrap(strapIndex: 999, rssi: -30, battery: nil)]))
        XCTAssertEqual(s.nearbyStraps, [2, 1], "closest first; an index outside the strap table is ignored")
        XCTAssertEqual(s.readings[1]?.battery, 80)
        XCTAssertFalse(s.readings[2]?.isStreaming(nowMs: s.nowMs) ?? true, "heard is not streaming: no BPM shown")
        _ = AppReducer.reduce(&s, .tick(nowMs: 10_000 + AppState.noSignalAfterMs + 1))
        XCTAssertEqual(s.nearbyStraps, [])
    }

    func testAStrapThatNeitherConnectsNorBroadcastsIsBusyElsewhereUntilItStreams() {
        var s = AppFixture.lobby()
        _ = AppReducer.reduce(&s, .tick(nowMs: 10_000))
        _ = AppReducer.reduce(&s, .strapsHeard([HeardStrap(strapIndex: 1, rssi: -60, battery: nil, usable: false),
                                                 HeardStrap(strapIndex: 2, rssi: -60, battery: nil)]))
        XCTAssertEqual(s.readings[1]?.isBusyElsewhere(nowMs: s.nowMs), true)
        XCTAssertEqual(s.readings[2]?.isBusyElsewhere(nowMs: s.nowMs), false)
        _ = AppReducer.reduce(&s, .sensor(SensorEvent(strap: 1, timestampNs: 11_000_000_000, kind: .measurement, bpm: 72, contact: .detected)))
        XCTAssertEqual(s.readings[1]?.isBusyElsewhere(nowMs: s.nowMs), false, "the phone let go: it streams to us")
    }

    func testASourceProblemStandsUntilSolvedThenANoticeSaysSo() {
        var s = AppFixture.lobby()
        _ = AppReducer.reduce(&s, .sourceProblem("Bluetooth hci0 lost, retrying"))
        _ = AppReducer.reduce(&s, .tick(nowMs: 60_000))
        XCTAssertEqual(s.shownNotice, "Bluetooth hci0 lost, retrying", "a standing problem does not time out")
        _ = AppReducer.reduce(&s, .inform("Exported 2 sessions"))
        XCTAssertEqual(s.shownNotice, "Exported 2 sessions", "a fresh notice shows over it")
        _ = AppReducer.reduce(&s, .tick(nowMs: 60_000 + AppReducer.noticeMs))
        XCTAssertEqual(s.shownNotice, "Bluetooth hci0 lost, retrying")
        _ = AppReducer.reduce(&s, .sourceProblem(nil))
        XCTAssertEqual(s.shownNotice, AppState.sourceBackNotice)
        _ = AppReducer.reduce(&s, .tick(nowMs: 60_000 + 2 * AppReducer.noticeMs))
        XCTAssertNil(s.shownNotice)
    }

    func testRestingHeartRateIsAveragedOverTwentySecondsAndSavedOnConfirm() {
        var s = AppFixture.lobby()
        _ = AppReducer.reduce(&s, .openSetup)
        _ = AppReducer.reduce(&s, .tick(nowMs: 1000))
        _ = AppReducer.reduce(&s, .measureRest(playerID: 10))
        for (i, bpm) in [50, 52, 54, 56].enumerated() {
            _ = AppReducer.reduce(&s, AppFixture.hr(strap: 0, bpm: bpm, atMs: 2000 + Int64(i) * 5000))
        }
        _ = AppReducer.reduce(&s, AppFixture.hr(strap: 0, bpm: 90, atMs: 21_500))
        XCTAssertEqual(s.setup.rest?.estimate, 53, "the reading after 20 s is left out")
        let effects = AppReducer.reduce(&s, .saveRest)
        guard case .savePlayer(1, let player, 7)? = effects.first else { return XCTFail("\(effects)") }
        XCTAssertEqual(player.restingHR, 53)
        XCTAssertNil(s.setup.rest)
    }

    func testRestMeasurementNeedsAStrap() {
        var s = AppFixture.lobby()
        _ = AppReducer.reduce(&s, .openSetup)
        _ = AppReducer.reduce(&s, .measureRest(playerID: 12))
        XCTAssertNil(s.setup.rest)
        XCTAssertEqual(s.notice, "Give the player a strap first")
    }

    func testRemovingAPlayerConfirmsFirst() {
        var s = AppFixture.lobby()
        _ = AppReducer.reduce(&s, .openSetup)
        XCTAssertEqual(AppReducer.reduce(&s, .removeFromTeam(playerID: 11)), [])
        XCTAssertNotNil(s.confirmation)
        XCTAssertEqual(AppReducer.reduce(&s, .confirm), [.removeFromTeam(teamID: 1, playerID: 11)])
        XCTAssertFalse(s.roster.contains { $0.playerID == 11 })
    }
}

import XCTest
@testable import TeamCore

final class AppReducerLiveTests: XCTestCase {
    func testStartIsDisabledUntilAnIncludedStrapStreams() {
        var s = AppFixture.lobby()
        XCTAssertFalse(s.canStartSession)
        XCTAssertEqual(AppReducer.reduce(&s, .startSession), [])
        _ = AppReducer.reduce(&s, AppFixture.hr(strap: 1, bpm: 75, atMs: 2000))
        XCTAssertTrue(s.canStartSession)
        // Bea left out: her strap streaming no longer counts.
        _ = AppReducer.reduce(&s, .toggleIncluded(playerID: 11))
        XCTAssertFalse(s.canStartSession)
        // A strap goes stale after 5 s.
        _ = AppReducer.reduce(&s, .toggleIncluded(playerID: 11))
        _ = AppReducer.reduce(&s, .tick(nowMs: 2000 + AppState.noSignalAfterMs + 1))
        XCTAssertFalse(s.canStartSession)
    }

    func testStartingDescribesParticipantsWithTodaysStraps() {
        var s = AppFixture.lobby()
        _ = AppReducer.reduce(&s, .changeSessionStrap(playerID: 12))
        _ = AppReducer.reduce(&s, .tapStrap(3))
        XCTAssertEqual(s.lobby.strapOverride[12], 103)
        _ = AppReducer.reduce(&s, .chooseDuration(300_000))
        _ = AppReducer.reduce(&s, AppFixture.hr(strap: 0, bpm: 80, atMs: 1000))
        let effects = AppReducer.reduce(&s, .startSession)
        XCTAssertEqual(effects, [.startSession(teamID: 1, participants: [
            .init(playerID: 10, strapID: 100, strapIndex: 0),
            .init(playerID: 11, strapID: 101, strapIndex: 1),
            .init(playerID: 12, strapID: 103, strapIndex: 3),
        ], plannedMs: 300_000)])
        XCTAssertEqual(s.screen, .live)
        XCTAssertEqual(s.live?.tiles.map(\.shirtNumber), [7, 3, 12])
    }

    func testCountdownPausesAndStopsTheSessionAtZero() {
        var s = AppFixture.running(start: 10_000, plannedMs: 60_000)
        _ = AppReducer.reduce(&s, .tick(nowMs: 30_000))
        XCTAssertEqual(s.live?.clock.elapsedMs(nowMs: s.nowMs), 20_000)
        XCTAssertEqual(AppReducer.reduce(&s, .pause), [.setSessionPaused(sessionID: 42, paused: true)])
        _ = AppReducer.reduce(&s, .tick(nowMs: 90_000))
        XCTAssertEqual(s.live?.clock.remainingMs(nowMs: s.nowMs), 40_000, "paused time does not count")
        XCTAssertEqual(AppReducer.reduce(&s, .resume), [.setSessionPaused(sessionID: 42, paused: false)])
        XCTAssertEqual(AppReducer.reduce(&s, .tick(nowMs: 129_999)), [])
        // The effort ends 120 s into the session (60 s of countdown plus the 60 s pause), not at the planned 60 s.
        XCTAssertEqual(AppReducer.reduce(&s, .tick(nowMs: 130_000)), [.endEffort(sessionID: 42, atMs: 120_000)])
        XCTAssertEqual(s.live?.phase, .recovery)
    }

    func testStopAsksFirstThenSaveOpensTheReview() {
        var s = AppFixture.running()
        XCTAssertEqual(AppReducer.reduce(&s, .stop), [])
        XCTAssertEqual(s.live?.phase, .confirmStop)
        _ = AppReducer.reduce(&s, .cancelStop)
        XCTAssertEqual(s.live?.phase, .running)
        _ = AppReducer.reduce(&s, .stop)
        XCTAssertEqual(AppReducer.reduce(&s, .confirmStop), [.endEffort(sessionID: 42, atMs: 0)])
        XCTAssertEqual(AppReducer.reduce(&s, .skipRecovery), [.finishRecording(sessionID: 42)])
        XCTAssertEqual(AppReducer.reduce(&s, .save), [.loadSessions(teamID: 1), .loadReview(sessionID: 42), .markReviewed(sessionID: 42)])
        XCTAssertNil(s.live)
        XCTAssertEqual(s.screen, .review)
    }

    func testDiscardConfirmsTwice() {
        var s = AppFixture.running()
        _ = AppReducer.reduce(&s, .stop)
        _ = AppReducer.reduce(&s, .confirmStop)
        _ = AppReducer.reduce(&s, .skipRecovery)
        XCTAssertEqual(AppReducer.reduce(&s, .discard), [])
        XCTAssertEqual(s.live?.phase, .confirmDiscard)
        _ = AppReducer.reduce(&s, .cancelDiscard)
        XCTAssertEqual(s.live?.phase, .finished)
        _ = AppReducer.reduce(&s, .discard)
        XCTAssertEqual(AppReducer.reduce(&s, .confirmDiscard), [.deleteSession(sessionID: 42), .loadSessions(teamID: 1)])
        XCTAssertNil(s.live)
        XCTAssertEqual(s.screen, .lobby)
    }

    func testStopWhilePausedReturnsToPausedOnCancel() {
        var s = AppFixture.running()
        _ = AppReducer.reduce(&s, .pause)
        _ = AppReducer.reduce(&s, .stop)
        _ = AppReducer.reduce(&s, .cancelStop)
        XCTAssertEqual(s.live?.phase, .paused)
    }

    func testLapIsMarkedAtTheSessionOffsetOnlyWhileRunning() {
        var s = AppFixture.running(start: 10_000)
        _ = AppReducer.reduce(&s, .tick(nowMs: 70_000))
        XCTAssertEqual(AppReducer.reduce(&s, .lap), [.addLap(sessionID: 42, tMs: 60_000)])
        _ = AppReducer.reduce(&s, .pause)
        XCTAssertEqual(AppReducer.reduce(&s, .lap), [])
        XCTAssertEqual(s.live?.lapsMs, [60_000])
    }

    func testZoneColourFollowsOnlyAfterTheHoldTimeWhileNumbersUpdateLive() {
        var s = AppFixture.running(start: 0)
        // Ada: max 200 → 150 bpm is 75 % (zone 3), 170 is 85 % (zone 4).
        _ = AppReducer.reduce(&s, AppFixture.hr(strap: 0, bpm: 150, atMs: 1000))
        XCTAssertEqual(tile(s, 10).shownZone, .z3)
        _ = AppReducer.reduce(&s, AppFixture.hr(strap: 0, bpm: 170, atMs: 2000))
        XCTAssertEqual(tile(s, 10).bpm, 170)
        XCTAssertEqual(tile(s, 10).shownZone, .z3)
        _ = AppReducer.reduce(&s, AppFixture.hr(strap: 0, bpm: 171, atMs: 11_999))
        XCTAssertEqual(tile(s, 10).shownZone, .z3)
        _ = AppReducer.reduce(&s, AppFixture.hr(strap: 0, bpm: 172, atMs: 12_000))
        XCTAssertEqual(tile(s, 10).shownZone, .z4)
    }

    func testABriefExcursionDoesNotChangeTheZone() {
        var h = ZoneHysteresis()
        h.observe(.z2, atMs: 0, holdMs: 10_000)
        h.observe(.z3, atMs: 1000, holdMs: 10_000)
        h.observe(.z2, atMs: 5000, holdMs: 10_000)
        h.observe(.z3, atMs: 9000, holdMs: 10_000)
        h.observe(.z3, atMs: 15_000, holdMs: 10_000)
        XCTAssertEqual(h.shown, .z2, "the 10 s restart when the zone was left")
        h.observe(.z3, atMs: 19_000, holdMs: 10_000)
        XCTAssertEqual(h.shown, .z3)
    }

    func testAClimbThroughTwoZonesLagsByTheHoldTimeOnly() {
        var h = ZoneHysteresis()
        h.observe(.z2, atMs: 0, holdMs: 10_000)
        h.observe(.z3, atMs: 1000, holdMs: 10_000)
        h.observe(.z4, atMs: 6000, holdMs: 10_000)
        h.observe(.z4, atMs: 10_999, holdMs: 10_000)
        XCTAssertEqual(h.shown, .z2)
        h.observe(.z4, atMs: 11_000, holdMs: 10_000)
        XCTAssertEqual(h.shown, .z4)
    }

    func testNoSignalAfterFiveSecondsAndHollowWithoutContact() {
        var s = AppFixture.running(start: 0)
        _ = AppReducer.reduce(&s, AppFixture.hr(strap: 0, bpm: 120, atMs: 1000))
        _ = AppReducer.reduce(&s, .tick(nowMs: 6000))
        XCTAssertTrue(tile(s, 10).hasSignal(nowMs: s.nowMs))
        _ = AppReducer.reduce(&s, .tick(nowMs: 6001))
        XCTAssertFalse(tile(s, 10).hasSignal(nowMs: s.nowMs))
        _ = AppReducer.reduce(&s, AppFixture.hr(strap: 0, bpm: 0, atMs: 6500, contact: .notDetected))
        XCTAssertEqual(tile(s, 10).contact, .notDetected)
        XCTAssertFalse(tile(s, 10).hasSignal(nowMs: s.nowMs), "a reading without skin contact is not trusted")
    }

    func testHighIntensityFlagAfterTheSetTime() {
        var s = AppFixture.running(start: 0)
        for t in stride(from: Int64(1000), through: 61_000, by: 1000) {
            _ = AppReducer.reduce(&s, AppFixture.hr(strap: 0, bpm: 185, atMs: t)) // 92.5 %
        }
        XCTAssertFalse(tile(s, 10).isFlagged(nowMs: s.nowMs, alertMs: 60_000))
        _ = AppReducer.reduce(&s, AppFixture.hr(strap: 0, bpm: 186, atMs: 61_001))
        XCTAssertTrue(tile(s, 10).isFlagged(nowMs: s.nowMs, alertMs: 60_000))
        _ = AppReducer.reduce(&s, AppFixture.hr(strap: 0, bpm: 150, atMs: 62_000))
        XCTAssertFalse(tile(s, 10).isFlagged(nowMs: s.nowMs, alertMs: 60_000))
    }

    func testSortingByEffortRanksPlayersByTheirOwnZones() {
        var s = AppFixture.running(start: 0)
        // Ada (max 200) at 150 = zone 3; Bea gets a lower max so 150 is zone 4 for her.
        s.live!.tiles[1].physiology.maxHR = 170
        for t in stride(from: Int64(1000), through: 61_000, by: 1000) {
            _ = AppReducer.reduce(&s, AppFixture.hr(strap: 0, bpm: 150, atMs: t))
            _ = AppReducer.reduce(&s, AppFixture.hr(strap: 1, bpm: 150, atMs: t))
        }
        _ = AppReducer.reduce(&s, .sortTiles(.effort))
        let ordered = s.live!.orderedTiles(nowMs: s.nowMs)
        XCTAssertEqual(ordered.map(\.playerID), [11, 10, 12])
        XCTAssertEqual(ordered[0].effortPoints, 4, accuracy: 0.01)
        XCTAssertEqual(ordered[1].effortPoints, 3, accuracy: 0.01)
        XCTAssertEqual(TileSort.number.sorted(s.live!.tiles, nowMs: s.nowMs).map(\.shirtNumber), [3, 7, 12])
        XCTAssertEqual(TileSort.heartRate.sorted(s.live!.tiles, nowMs: s.nowMs).last?.playerID, 12, "no signal sorts last")
    }

    func testNoEffortWhilePaused() {
        var s = AppFixture.running(start: 0)
        _ = AppReducer.reduce(&s, AppFixture.hr(strap: 0, bpm: 150, atMs: 1000))
        _ = AppReducer.reduce(&s, .pause)
        _ = AppReducer.reduce(&s, AppFixture.hr(strap: 0, bpm: 150, atMs: 2000))
        XCTAssertEqual(tile(s, 10).effortPoints, 0)
    }

    func testBatteryReachesTheTile() {
        var s = AppFixture.running(start: 0)
        _ = AppReducer.reduce(&s, .sensor(SensorEvent(strap: 1, timestampNs: 1_000_000, kind: .battery, battery: 15)))
        XCTAssertEqual(tile(s, 11).battery, 15)
    }

    private func tile(_ s: AppState, _ id: Int64) -> LiveTile { s.live!.tiles.first { $0.playerID == id }! }
}

@testable import AppCore
import XCTest
import Localization
import TeamCore

final class AppReducerLiveTests: XCTestCase {
    private let start = Effect.startSession(teamID: 1, lineup: AppFixture.lineup, plannedMs: 20 * 60_000)

    func testStartIsDisabledUntilAnIncludedStrapStreams() {
        var app = AppFixture.lobby()
        XCTAssertFalse(app.state.canStartSession)
        app.send(.live(.start))
        XCTAssertNil(app.live)
        app.send(AppFixture.hr(strap: 1, bpm: 75, atMs: 2000))
        XCTAssertTrue(app.state.canStartSession)
        // Bea left out: her strap streaming no longer counts.
        app.send(.lobby(.toggleIncluded(playerID: 11)))
        XCTAssertFalse(app.state.canStartSession)
        // A strap goes stale after 5 s.
        app.send(.lobby(.toggleIncluded(playerID: 11)))
        app.send(.tick(nowMs: 2000 + AppState.noSignalAfterMs + 1))
        XCTAssertFalse(app.state.canStartSession)
    }

    func testStartingDescribesParticipantsWithTodaysStraps() {
        var app = AppFixture.lobby()
        app.send(.lobby(.changeStrap(playerID: 12)))
        app.send(.lobby(.chooseStrap(3)))
        XCTAssertEqual(app.state.lobby.strapOverride[12], 103)
        app.send(.lobby(.chooseDuration(300_000)))
        app.send(AppFixture.hr(strap: 0, bpm: 80, atMs: 1000))
        app.send(.live(.start), .startSession(teamID: 1, lineup: Lineup([
            .init(playerID: 10, strapID: 100, strapIndex: 0),
            .init(playerID: 11, strapID: 101, strapIndex: 1),
            .init(playerID: 12, strapID: 103, strapIndex: 3),
        ]), plannedMs: 300_000))
        XCTAssertEqual(app.state.screen, .live)
        XCTAssertEqual(app.live?.tiles.map(\.shirtNumber), [7, 3, 12])
        XCTAssertEqual(app.live?.phase, .starting)
        app.send(.live(.started(AppFixture.start(5, atMs: 1000))),
                 .loadLastTime(teamID: 1, sessionID: 5, playerIDs: [10, 11, 12]))
        XCTAssertEqual(app.live?.phase, .running)
        XCTAssertEqual(app.live?.sessionID, 5)
    }

    func testCountdownPausesAndStopsTheSessionAtZero() {
        var app = AppFixture.running(start: 10_000, plannedMs: 60_000)
        app.send(.tick(nowMs: 30_000))
        XCTAssertEqual(app.live?.clock.elapsedMs(nowMs: app.state.nowMs), 20_000)
        app.send(.live(.pause), .setSessionPaused(sessionID: 42, paused: true))
        app.send(.tick(nowMs: 90_000))
        XCTAssertEqual(app.live?.clock.remainingMs(nowMs: app.state.nowMs), 40_000, "paused time does not count")
        app.send(.live(.resume), .setSessionPaused(sessionID: 42, paused: false))
        app.send(.tick(nowMs: 129_999))
        // The effort ends 120 s into the session (60 s of countdown plus the 60 s pause), not at the planned 60 s.
        app.send(.tick(nowMs: 130_000), AppFixture.buzzer, .endEffort(sessionID: 42, atMs: 120_000))
        XCTAssertEqual(app.live?.phase, .recovery)
    }

    func testStopAsksFirstThenSaveOpensTheReview() {
        var app = AppFixture.running()
        app.send(.live(.stop))
        XCTAssertEqual(app.live?.phase, .confirmStop)
        app.send(.live(.cancelStop))
        XCTAssertEqual(app.live?.phase, .running)
        app.send(.live(.stop))
        app.send(.live(.confirmStop), .endEffort(sessionID: 42, atMs: 0))
        app.send(.live(.skipRecovery), .finishRecording(sessionID: 42))
        app.send(.live(.save), .loadSessions(teamID: 1), .loadReview(sessionID: 42), .markReviewed(sessionID: 42))
        XCTAssertNil(app.live)
        XCTAssertEqual(app.state.screen, .review)
        XCTAssertEqual(app.state.notice?.english, "Session saved")
    }

    func testDiscardConfirmsTwice() {
        var app = AppFixture.running()
        app.send(.live(.stop))
        app.send(.live(.confirmStop), .endEffort(sessionID: 42, atMs: 0))
        app.send(.live(.skipRecovery), .finishRecording(sessionID: 42))
        app.send(.live(.discard))
        XCTAssertEqual(app.live?.phase, .confirmDiscard)
        app.send(.live(.cancelDiscard))
        XCTAssertEqual(app.live?.phase, .finished)
        app.send(.live(.discard))
        app.send(.live(.confirmDiscard), .deleteSession(sessionID: 42), .loadSessions(teamID: 1))
        XCTAssertNil(app.live)
        XCTAssertEqual(app.state.screen, .lobby)
        XCTAssertEqual(app.state.notice?.english, "Session discarded")
    }

    func testStopWhilePausedReturnsToPausedOnCancel() {
        var app = AppFixture.running()
        app.send(.live(.pause), .setSessionPaused(sessionID: 42, paused: true))
        app.send(.live(.stop))
        app.send(.live(.cancelStop))
        XCTAssertEqual(app.live?.phase, .paused)
    }

    func testLapIsMarkedAtTheSessionOffsetOnlyWhileRunning() {
        var app = AppFixture.running(start: 10_000)
        app.send(.tick(nowMs: 70_000))
        app.send(.live(.lap), .addLap(sessionID: 42, tMs: 60_000))
        app.send(.live(.pause), .setSessionPaused(sessionID: 42, paused: true))
        app.send(.live(.lap))
        XCTAssertEqual(app.live?.lapsMs, [60_000])
    }

    func testNothingHappensToASessionBeforeTheStoreMadeItsRow() {
        var app = AppFixture.lobby()
        app.send(AppFixture.hr(strap: 0, bpm: 80, atMs: 1000))
        app.send(.live(.start), start)
        let starting = app.live
        app.sendAll([.live(.pause), .live(.lap), .live(.stop), .live(.save), .live(.discard), .tick(nowMs: 2000)])
        XCTAssertEqual(app.live, starting)
        app.send(.live(.start))
        XCTAssertEqual(app.live, starting, "one session at a time")
    }

    func testTheZoneMovesOnceTheHeartRateIsTheMarginPastABoundaryWhileNumbersUpdateLive() {
        var app = AppFixture.running(start: 0)
        // Ada: max 200 → 150 bpm is 75 % (zone 3), zone 4 from 160; the default margin is 3 bpm.
        app.send(AppFixture.hr(strap: 0, bpm: 150, atMs: 1000))
        XCTAssertEqual(app.tile(10).shownZone, .z3)
        app.send(AppFixture.hr(strap: 0, bpm: 162, atMs: 2000))
        XCTAssertEqual(app.tile(10).bpm, 162)
        XCTAssertEqual(app.tile(10).shownZone, .z3)
        XCTAssertEqual(app.tile(10).shownPercent, 79)
        app.send(AppFixture.hr(strap: 0, bpm: 163, atMs: 3000))
        XCTAssertEqual(app.tile(10).shownZone, .z4, "at once, no time hold")
        app.send(AppFixture.hr(strap: 0, bpm: 158, atMs: 4000))
        XCTAssertEqual(app.tile(10).shownZone, .z4, "2 bpm back under the boundary: within the margin")
        XCTAssertEqual(app.tile(10).shownPercent, 80)
        app.send(AppFixture.hr(strap: 0, bpm: 156, atMs: 5000))
        XCTAssertEqual(app.tile(10).shownZone, .z3)
        XCTAssertEqual(app.tile(10).shownPercent, 78)
    }

    func testAStepThroughTwoZonesShowsTheZoneItLandsIn() {
        let ada = Physiology(player: AppFixture.player("Ada"), year: 2026) // max 200
        var h = ZoneHysteresis()
        h.observe(bpm: 125, physiology: ada, model: .percentOfMax, marginBpm: 3)
        XCTAssertEqual(h.shown, .z2)
        h.observe(bpm: 165, physiology: ada, model: .percentOfMax, marginBpm: 3)
        XCTAssertEqual(h.shown, .z4)
        h.observe(bpm: 161, physiology: ada, model: .percentOfMax, marginBpm: 3)
        XCTAssertEqual(h.shown, .z4, "1 bpm under the boundary: within the margin")
        h.observe(bpm: 118, physiology: ada, model: .percentOfMax, marginBpm: 3)
        XCTAssertEqual(h.shown, .z2, "down to where the margin reaches: 121 is zone 2, 118 within its margin")
        XCTAssertEqual(h.shownPercent(bpm: 118, physiology: ada, model: .percentOfMax), 60)
        h.observe(bpm: 116, physiology: ada, model: .percentOfMax, marginBpm: 3)
        XCTAssertEqual(h.shown, .z1)
        XCTAssertEqual(ZoneHysteresis.percentRange(.z3), 70 ... 79)
        XCTAssertEqual(ZoneHysteresis.percentRange(.z5).lowerBound, 90)
        XCTAssertEqual(ZoneHysteresis.percentRange(.rest).upperBound, 49)
    }

    func testNoSignalAfterFiveSecondsAndHollowWithoutContact() {
        var app = AppFixture.running(start: 0)
        app.send(AppFixture.hr(strap: 0, bpm: 120, atMs: 1000))
        app.send(.tick(nowMs: 6000))
        XCTAssertTrue(app.tile(10).hasSignal)
        app.send(.tick(nowMs: 6001))
        XCTAssertFalse(app.tile(10).hasSignal)
        app.send(AppFixture.hr(strap: 0, bpm: 0, atMs: 6500, contact: .notDetected))
        XCTAssertEqual(app.tile(10).contact, .notDetected)
        XCTAssertFalse(app.tile(10).hasSignal, "a reading without skin contact is not trusted")
    }

    func testATileShowsNoSignalUntilItsStrapSpeaksInTheSession() {
        var app = AppFixture.running(start: 10_000)
        // Ada's strap spoke in the lobby 0.5 s before the start; the tile waits for a reading of the session.
        XCTAssertTrue(app.state.sensors.readings[0]!.hasSignal(nowMs: app.state.nowMs))
        XCTAssertFalse(app.tile(10).hasSignal)
        XCTAssertEqual(app.tile(10).shownZone, .rest)
        app.send(AppFixture.hr(strap: 0, bpm: 150, atMs: 10_900))
        XCTAssertTrue(app.tile(10).hasSignal)
        XCTAssertEqual(app.tile(10).shownZone, .z3)
        XCTAssertEqual(app.tile(10).effortPoints, 0, "the first reading of the session earns nothing yet")
        app.send(AppFixture.hr(strap: 0, bpm: 150, atMs: 11_900))
        XCTAssertEqual(app.tile(10).effortPoints, 3.0 / 60, accuracy: 1e-9, "a second in zone 3")
    }

    func testAStrapNeverHeardIsNotFoundNotSilent() {
        var app = AppFixture.running(start: 0)
        // Strap 1 only asked for (a connect under way is not a sighting); strap 0 heard once, then quiet.
        app.send(.sensors(.event(SensorEvent(strap: 1, timestampNs: 1_000_000_000, kind: .link, link: .connecting))))
        app.send(AppFixture.hr(strap: 0, bpm: 120, atMs: 1000))
        app.send(.tick(nowMs: ShownTile.notFoundAfterMs - 1))
        XCTAssertFalse(app.tile(11).notFound, "not before the first connects had their time")
        app.send(.tick(nowMs: ShownTile.notFoundAfterMs))
        XCTAssertTrue(app.tile(11).notFound)
        XCTAssertFalse(app.tile(11).hasSignal)
        XCTAssertFalse(app.tile(10).notFound, "heard once: silent, not unknown")
        XCTAssertFalse(app.tile(12).notFound, "no strap today: nothing to find")
        app.send(.sensors(.event(SensorEvent(strap: 1, timestampNs: 21_000_000_000, kind: .battery, battery: 80))))
        XCTAssertFalse(app.tile(11).notFound, "a battery level is the strap speaking")
    }

    func testTheTileAndTheLobbyReadTheSameReading() {
        var app = AppFixture.running(start: 0)
        app.send(AppFixture.hr(strap: 1, bpm: 133, atMs: 1000, battery: 41))
        XCTAssertEqual(app.tile(11).reading, app.state.sensors.readings[1])
        XCTAssertEqual(app.tile(11).bpm, 133)
        XCTAssertEqual(app.tile(11).battery, 41)
        XCTAssertEqual(app.tile(12).reading, StrapReading(), "no strap today: nothing to show")
        XCTAssertFalse(app.tile(12).hasSignal)
    }

    func testHighIntensityFlagAfterTheSetTime() {
        var app = AppFixture.running(start: 0)
        for t in stride(from: Int64(1000), through: 61_000, by: 1000) {
            app.send(AppFixture.hr(strap: 0, bpm: 185, atMs: t)) // 92.5 %
        }
        XCTAssertFalse(app.tile(10).isFlagged(nowMs: app.state.nowMs, alertMs: 60_000))
        app.send(AppFixture.hr(strap: 0, bpm: 186, atMs: 61_001))
        XCTAssertTrue(app.tile(10).isFlagged(nowMs: app.state.nowMs, alertMs: 60_000))
        app.send(AppFixture.hr(strap: 0, bpm: 150, atMs: 62_000))
        XCTAssertFalse(app.tile(10).isFlagged(nowMs: app.state.nowMs, alertMs: 60_000))
    }

    func testSortingByEffortRanksPlayersByTheirOwnZones() {
        var app = AppFixture.running(start: 0)
        // Ada (max 200) at 150 = zone 3; Bea gets a lower max so 150 is zone 4 for her.
        app.state.live!.tiles[1].physiology.maxHR = 170
        for t in stride(from: Int64(1000), through: 61_000, by: 1000) {
            app.send(AppFixture.hr(strap: 0, bpm: 150, atMs: t))
            app.send(AppFixture.hr(strap: 1, bpm: 150, atMs: t))
        }
        app.send(.live(.sortTiles(.effort)))
        let ordered = app.state.shownTiles
        XCTAssertEqual(ordered.map(\.playerID), [11, 10, 12])
        XCTAssertEqual(ordered[0].effortPoints, 4, accuracy: 0.01)
        XCTAssertEqual(ordered[1].effortPoints, 3, accuracy: 0.01)
        XCTAssertEqual(TileSort.number.sorted(ordered).map(\.shirtNumber), [3, 7, 12])
        XCTAssertEqual(TileSort.heartRate.sorted(ordered).last?.playerID, 12, "no signal sorts last")
    }

    func testNoEffortWhilePaused() {
        var app = AppFixture.running(start: 0)
        app.send(AppFixture.hr(strap: 0, bpm: 150, atMs: 1000))
        app.send(.live(.pause), .setSessionPaused(sessionID: 42, paused: true))
        app.send(AppFixture.hr(strap: 0, bpm: 150, atMs: 2000))
        XCTAssertEqual(app.tile(10).effortPoints, 0)
    }

    func testBatteryReachesTheTile() {
        var app = AppFixture.running(start: 0)
        app.send(.sensors(.event(SensorEvent(strap: 1, timestampNs: 1_000_000, kind: .battery, battery: 15))))
        XCTAssertEqual(app.tile(11).battery, 15)
    }
}

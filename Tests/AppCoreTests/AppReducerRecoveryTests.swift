import XCTest
import Localization
import TeamCore

/// The recovery minute: when the effort ends (countdown at zero, or the coach stops), the
/// recorder runs on for 60 s while the tiles keep updating, then save or discard as before.
final class AppReducerRecoveryTests: XCTestCase {
    /// Ada and Bea, a 60 s countdown started at 10 s: the effort ends at 70 s.
    private func atEffortEnd() -> AppHarness {
        var app = AppFixture.running(start: 10_000, plannedMs: 60_000)
        app.send(.tick(nowMs: 70_000), AppFixture.buzzer, .endEffort(sessionID: 42, atMs: 60_000))
        return app
    }

    func testCountdownAtZeroStartsTheRecoveryMinuteAndTheRecorderStopsAfterIt() {
        var app = atEffortEnd()
        XCTAssertEqual(app.live?.phase, .recovery)
        XCTAssertEqual(app.live?.isRecording, true, "the recorder runs on")
        XCTAssertEqual(app.live?.effortEndOffsetMs, 60_000)
        XCTAssertEqual(app.live?.recoveryRemainingMs(nowMs: app.state.nowMs), Session.recoveryMs)
        app.send(.tick(nowMs: 112_000))
        XCTAssertEqual(app.live?.recoveryRemainingMs(nowMs: app.state.nowMs), 18_000)
        XCTAssertEqual(app.live?.clock.elapsedMs(nowMs: app.state.nowMs), 60_000, "the session clock stopped with the effort")
        app.send(.tick(nowMs: 129_999))
        app.send(.tick(nowMs: 130_000), .finishRecording(sessionID: 42))
        XCTAssertEqual(app.live?.phase, .finished)
        XCTAssertEqual(app.live?.recoveryRecorded, true)
        XCTAssertEqual(app.live?.isRecording, false)
        XCTAssertNil(app.live?.recoveryRemainingMs(nowMs: app.state.nowMs))
        app.send(.tick(nowMs: 200_000)) // finished once
        // The recorder already stopped: no second finish.
        app.send(.live(.save), .loadSessions(teamID: 1), .loadReview(sessionID: 42), .markReviewed(sessionID: 42))
    }

    func testConfirmedStopEndsTheEffortAtThatMoment() {
        var app = AppFixture.running(start: 10_000)
        app.send(.tick(nowMs: 45_500))
        app.send(.live(.stop))
        app.send(.tick(nowMs: 46_000)) // asking does not end anything
        app.send(.live(.confirmStop), .endEffort(sessionID: 42, atMs: 36_000))
        XCTAssertEqual(app.live?.phase, .recovery)
        app.send(.tick(nowMs: 106_000), .finishRecording(sessionID: 42))
    }

    func testStoppingWhilePausedEndsTheEffortWhenConfirmed() {
        var app = AppFixture.running(start: 0)
        app.send(.tick(nowMs: 20_000))
        app.send(.live(.pause), .setSessionPaused(sessionID: 42, paused: true))
        app.send(.tick(nowMs: 50_000))
        app.send(.live(.stop))
        app.send(.live(.confirmStop), .endEffort(sessionID: 42, atMs: 50_000))
        XCTAssertEqual(app.live?.clock.elapsedMs(nowMs: app.state.nowMs), 20_000, "the countdown shows what was run")
    }

    func testTheCountdownEndingUnderTheStopQuestionStartsTheRecoveryToo() {
        var app = AppFixture.running(start: 10_000, plannedMs: 60_000)
        app.send(.tick(nowMs: 69_000))
        app.send(.live(.stop))
        app.send(.tick(nowMs: 70_000), AppFixture.buzzer, .endEffort(sessionID: 42, atMs: 60_000))
        XCTAssertEqual(app.live?.phase, .recovery)
        app.send(.live(.confirmStop)) // nothing left to confirm
    }

    func testSkipFinishesNowForACoachInAHurry() {
        var app = atEffortEnd()
        app.send(.tick(nowMs: 80_000))
        app.send(.live(.skipRecovery), .finishRecording(sessionID: 42))
        XCTAssertEqual(app.live?.phase, .finished)
        XCTAssertEqual(app.live?.recoveryRecorded, false)
        app.send(.tick(nowMs: 130_000)) // the recorder is not stopped twice
        app.send(.live(.skipRecovery))
    }

    func testSaveDuringTheRecoveryMinuteEndsTheRecordingThenAndOpensTheReview() {
        var app = atEffortEnd()
        app.send(.tick(nowMs: 95_000))
        app.send(.live(.save), .finishRecording(sessionID: 42), .loadSessions(teamID: 1),
                 .loadReview(sessionID: 42), .markReviewed(sessionID: 42))
        XCTAssertNil(app.live)
        XCTAssertEqual(app.state.screen, .review)
        XCTAssertEqual(app.state.notice?.english, "Session saved")
    }

    func testNoPauseLapOrStopInTheRecoveryMinute() {
        var app = atEffortEnd()
        let before = app.live
        app.sendAll([.live(.pause), .live(.resume), .live(.lap), .live(.stop), .live(.cancelStop), .live(.confirmStop)])
        XCTAssertEqual(app.live, before)
        // No leaving while recording.
        app.sendAll([.navigate(.home), .navigate(.review), .navigate(.lobby), .navigate(.setup), .navigate(.settings)])
        XCTAssertNil(app.state.settings.pin)
        XCTAssertEqual(app.state.screen, .live)
    }

    func testDiscardAsksWhileTheMinuteRecordsOn() {
        var app = atEffortEnd()
        app.send(.live(.discard))
        XCTAssertEqual(app.live?.phase, .confirmDiscard)
        XCTAssertEqual(app.live?.isRecording, true)
        app.send(.live(.cancelDiscard))
        XCTAssertEqual(app.live?.phase, .recovery, "kept: back to the recovery minute")
        app.send(.live(.discard))
        // The minute ends while the question is open: the recorder stops, the question stays.
        app.send(.tick(nowMs: 130_000), .finishRecording(sessionID: 42))
        XCTAssertEqual(app.live?.phase, .confirmDiscard)
        XCTAssertEqual(app.live?.isRecording, false)
        app.send(.live(.cancelDiscard))
        XCTAssertEqual(app.live?.phase, .finished)
    }

    func testConfirmedDiscardDuringTheMinuteStopsTheRecorderBeforeDeleting() {
        var app = atEffortEnd()
        app.send(.live(.discard))
        app.send(.live(.confirmDiscard), .finishRecording(sessionID: 42), .deleteSession(sessionID: 42), .loadSessions(teamID: 1))
        XCTAssertNil(app.live)
        XCTAssertEqual(app.state.screen, .lobby)
    }

    func testTilesKeepUpdatingButEarnNoEffortAfterTheEffort() {
        var app = AppFixture.running(start: 10_000, plannedMs: 60_000)
        // Ada (max 200) at 150 bpm = zone 3: 3 points a minute.
        for t in stride(from: Int64(11_000), through: 69_000, by: 1000) {
            app.send(AppFixture.hr(strap: 0, bpm: 150, atMs: t))
            app.send(.tick(nowMs: t))
        }
        app.send(AppFixture.hr(strap: 0, bpm: 150, atMs: 70_000))
        app.send(.tick(nowMs: 70_000), AppFixture.buzzer, .endEffort(sessionID: 42, atMs: 60_000))
        XCTAssertEqual(app.live?.phase, .recovery)
        let earned = app.tile(10).effortPoints
        XCTAssertEqual(earned, 3 * 59.0 / 60, accuracy: 0.01)
        for t in stride(from: Int64(71_000), through: 100_000, by: 1000) {
            app.send(AppFixture.hr(strap: 0, bpm: 150 - Int(t - 70_000) / 1000, atMs: t))
            app.send(.tick(nowMs: t))
        }
        XCTAssertEqual(app.tile(10).bpm, 120, "the tile follows the falling heart rate")
        XCTAssertTrue(app.tile(10).hasSignal)
        XCTAssertEqual(app.tile(10).effortPoints, earned, "the recovery minute earns nothing")
    }
}

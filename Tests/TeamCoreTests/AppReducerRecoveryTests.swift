import XCTest
@testable import TeamCore

/// The recovery minute: when the effort ends (countdown at zero, or the coach stops), the
/// recorder runs on for 60 s while the tiles keep updating, then save or discard as before.
final class AppReducerRecoveryTests: XCTestCase {
    /// Ada and Bea, a 60 s countdown started at 10 s: the effort ends at 70 s.
    private func atEffortEnd() -> AppState {
        var s = AppFixture.running(start: 10_000, plannedMs: 60_000)
        XCTAssertEqual(AppReducer.reduce(&s, .tick(nowMs: 70_000)), [.endEffort(sessionID: 42, atMs: 60_000)])
        return s
    }

    func testCountdownAtZeroStartsTheRecoveryMinuteAndTheRecorderStopsAfterIt() {
        var s = atEffortEnd()
        XCTAssertEqual(s.live?.phase, .recovery)
        XCTAssertEqual(s.live?.isRecording, true, "the recorder runs on")
        XCTAssertEqual(s.live?.effortEndOffsetMs, 60_000)
        XCTAssertEqual(s.live?.recoveryRemainingMs(nowMs: s.nowMs), Session.recoveryMs)
        XCTAssertEqual(AppReducer.reduce(&s, .tick(nowMs: 112_000)), [])
        XCTAssertEqual(s.live?.recoveryRemainingMs(nowMs: s.nowMs), 18_000)
        XCTAssertEqual(s.live?.clock.elapsedMs(nowMs: s.nowMs), 60_000, "the session clock stopped with the effort")
        XCTAssertEqual(AppReducer.reduce(&s, .tick(nowMs: 129_999)), [])
        XCTAssertEqual(AppReducer.reduce(&s, .tick(nowMs: 130_000)), [.finishRecording(sessionID: 42)])
        XCTAssertEqual(s.live?.phase, .finished)
        XCTAssertEqual(s.live?.recoveryRecorded, true)
        XCTAssertEqual(s.live?.isRecording, false)
        XCTAssertNil(s.live?.recoveryRemainingMs(nowMs: s.nowMs))
        XCTAssertEqual(AppReducer.reduce(&s, .tick(nowMs: 200_000)), [], "finished once")
        XCTAssertEqual(AppReducer.reduce(&s, .save), [.loadSessions(teamID: 1), .loadReview(sessionID: 42), .markReviewed(sessionID: 42)],
                       "the recorder already stopped")
    }

    func testConfirmedStopEndsTheEffortAtThatMoment() {
        var s = AppFixture.running(start: 10_000)
        _ = AppReducer.reduce(&s, .tick(nowMs: 45_500))
        _ = AppReducer.reduce(&s, .stop)
        XCTAssertEqual(AppReducer.reduce(&s, .tick(nowMs: 46_000)), [], "asking does not end anything")
        XCTAssertEqual(AppReducer.reduce(&s, .confirmStop), [.endEffort(sessionID: 42, atMs: 36_000)])
        XCTAssertEqual(s.live?.phase, .recovery)
        XCTAssertEqual(AppReducer.reduce(&s, .tick(nowMs: 106_000)), [.finishRecording(sessionID: 42)])
    }

    func testStoppingWhilePausedEndsTheEffortWhenConfirmed() {
        var s = AppFixture.running(start: 0)
        _ = AppReducer.reduce(&s, .tick(nowMs: 20_000))
        _ = AppReducer.reduce(&s, .pause)
        _ = AppReducer.reduce(&s, .tick(nowMs: 50_000))
        _ = AppReducer.reduce(&s, .stop)
        XCTAssertEqual(AppReducer.reduce(&s, .confirmStop), [.endEffort(sessionID: 42, atMs: 50_000)])
        XCTAssertEqual(s.live?.clock.elapsedMs(nowMs: s.nowMs), 20_000, "the countdown shows what was run")
    }

    func testTheCountdownEndingUnderTheStopQuestionStartsTheRecoveryToo() {
        var s = AppFixture.running(start: 10_000, plannedMs: 60_000)
        _ = AppReducer.reduce(&s, .tick(nowMs: 69_000))
        _ = AppReducer.reduce(&s, .stop)
        XCTAssertEqual(AppReducer.reduce(&s, .tick(nowMs: 70_000)), [.endEffort(sessionID: 42, atMs: 60_000)])
        XCTAssertEqual(s.live?.phase, .recovery)
        XCTAssertEqual(AppReducer.reduce(&s, .confirmStop), [], "nothing left to confirm")
    }

    func testSkipFinishesNowForACoachInAHurry() {
        var s = atEffortEnd()
        _ = AppReducer.reduce(&s, .tick(nowMs: 80_000))
        XCTAssertEqual(AppReducer.reduce(&s, .skipRecovery), [.finishRecording(sessionID: 42)])
        XCTAssertEqual(s.live?.phase, .finished)
        XCTAssertEqual(s.live?.recoveryRecorded, false)
        XCTAssertEqual(AppReducer.reduce(&s, .tick(nowMs: 130_000)), [], "the recorder is not stopped twice")
        XCTAssertEqual(AppReducer.reduce(&s, .skipRecovery), [])
    }

    func testSaveDuringTheRecoveryMinuteEndsTheRecordingThenAndOpensTheReview() {
        var s = atEffortEnd()
        _ = AppReducer.reduce(&s, .tick(nowMs: 95_000))
        XCTAssertEqual(AppReducer.reduce(&s, .save), [.finishRecording(sessionID: 42), .loadSessions(teamID: 1),
                                                      .loadReview(sessionID: 42), .markReviewed(sessionID: 42)])
        XCTAssertNil(s.live)
        XCTAssertEqual(s.screen, .review)
        XCTAssertEqual(s.notice, "Session saved")
    }

    func testNoPauseLapOrStopInTheRecoveryMinute() {
        var s = atEffortEnd()
        let before = s.live
        for action in [Action.pause, .resume, .lap, .stop, .cancelStop, .confirmStop] {
            XCTAssertEqual(AppReducer.reduce(&s, action), [], "\(action)")
        }
        XCTAssertEqual(s.live, before)
        XCTAssertEqual(AppReducer.reduce(&s, .goHome), [], "no leaving while recording")
        XCTAssertEqual(AppReducer.reduce(&s, .openReview), [])
        XCTAssertEqual(s.screen, .live)
    }

    func testDiscardAsksWhileTheMinuteRecordsOn() {
        var s = atEffortEnd()
        XCTAssertEqual(AppReducer.reduce(&s, .discard), [])
        XCTAssertEqual(s.live?.phase, .confirmDiscard)
        XCTAssertEqual(s.live?.isRecording, true)
        _ = AppReducer.reduce(&s, .cancelDiscard)
        XCTAssertEqual(s.live?.phase, .recovery, "kept: back to the recovery minute")
        _ = AppReducer.reduce(&s, .discard)
        // The minute ends while the question is open: the recorder stops, the question stays.
        XCTAssertEqual(AppReducer.reduce(&s, .tick(nowMs: 130_000)), [.finishRecording(sessionID: 42)])
        XCTAssertEqual(s.live?.phase, .confirmDiscard)
        XCTAssertEqual(s.live?.isRecording, false)
        _ = AppReducer.reduce(&s, .cancelDiscard)
        XCTAssertEqual(s.live?.phase, .finished)
    }

    func testConfirmedDiscardDuringTheMinuteStopsTheRecorderBeforeDeleting() {
        var s = atEffortEnd()
        _ = AppReducer.reduce(&s, .discard)
        XCTAssertEqual(AppReducer.reduce(&s, .confirmDiscard), [.finishRecording(sessionID: 42), .deleteSession(sessionID: 42),
                                                                .loadSessions(teamID: 1)])
        XCTAssertNil(s.live)
        XCTAssertEqual(s.screen, .lobby)
    }

    func testTilesKeepUpdatingButEarnNoEffortAfterTheEffort() {
        var s = AppFixture.running(start: 10_000, plannedMs: 60_000)
        // Ada (max 200) at 150 bpm = zone 3: 3 points a minute.
        for t in stride(from: Int64(11_000), through: 70_000, by: 1000) {
            _ = AppReducer.reduce(&s, AppFixture.hr(strap: 0, bpm: 150, atMs: t))
            _ = AppReducer.reduce(&s, .tick(nowMs: t))
        }
        XCTAssertEqual(s.live?.phase, .recovery)
        let earned = tile(s, 10).effortPoints
        XCTAssertEqual(earned, 3 * 59.0 / 60, accuracy: 0.01)
        for t in stride(from: Int64(71_000), through: 100_000, by: 1000) {
            _ = AppReducer.reduce(&s, AppFixture.hr(strap: 0, bpm: 150 - Int(t - 70_000) / 1000, atMs: t))
            _ = AppReducer.reduce(&s, .tick(nowMs: t))
        }
        XCTAssertEqual(tile(s, 10).bpm, 120, "the tile follows the falling heart rate")
        XCTAssertTrue(tile(s, 10).hasSignal(nowMs: s.nowMs))
        XCTAssertEqual(tile(s, 10).effortPoints, earned, "the recovery minute earns nothing")
    }

    private func tile(_ s: AppState, _ id: Int64) -> LiveTile { s.live!.tiles.first { $0.playerID == id }! }
}

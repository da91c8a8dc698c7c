@testable import AppCore
import TeamCore
import XCTest

/// Issue 25, item 4: an interval program chosen in the lobby runs on the session's clock; each
/// block ends as a lap (an effect, recorded as the coach's are), with a tone at each change, beeps
/// over each block's last three seconds and spoken cues.
final class AppReducerIntervalTests: XCTestCase {
    private let volume = KioskSettings().soundVolume

    private func tone(_ sound: Sound) -> Effect { .playSound(sound, volumePercent: volume) }

    /// A block's start as the reducer says it: its tone, then the simulated players follow it.
    private func started(_ kind: IntervalBlock.Kind, atMs: Int64, sound: Bool = true) -> [Effect] {
        (sound ? [tone(kind == .work ? .workStart : .restStart)] : []) + [.intervalBlockStarted(sessionID: 42, kind, atMs: atMs)]
    }

    /// A session of Ada and Bea on `program` (the first preset), started at `start` on the app clock.
    private func running(_ program: IntervalProgram, start: Int64 = 10_000,
                         settings: (inout KioskSettings) -> Void = { _ in }) -> AppHarness {
        var app = AppFixture.lobby()
        app.state.settings.values.intervalPresets[0] = program
        settings(&app.state.settings.values)
        app.send(.lobby(.intervals(.edit(true))))
        app.send(.lobby(.intervals(.choose(0))))
        XCTAssertFalse(app.state.lobby.editingIntervals, "one tap chooses and closes the sheet")
        app.send(AppFixture.hr(strap: 0, bpm: 90, atMs: start - 500))
        app.send(.tick(nowMs: start))
        app.send(.live(.start), .startSession(teamID: 1, lineup: AppFixture.lineup, plannedMs: program.totalMs))
        let go: [Effect] = (app.state.settings.values.sound ? [tone(.workStart)] : []) + [.intervalBlockStarted(sessionID: 42, .work, atMs: 0),
                                                                                          .loadLastTime(teamID: 1, sessionID: 42, playerIDs: [10, 11, 12])]
        let got = AppReducer.reduce(&app.state, .live(.started(AppFixture.start(42, atMs: start))))
        XCTAssertEqual(got, go, "the first work block starts with the session")
        return app
    }

    /// Ticks every 250 ms up to `untilMs`; each tick's effects by time.
    private func ticks(_ app: inout AppHarness, from: Int64, until: Int64) -> [(Int64, [Effect])] {
        var heard: [(Int64, [Effect])] = []
        for t in stride(from: from, through: until, by: 250) {
            let effects = AppReducer.reduce(&app.state, .tick(nowMs: t))
            if !effects.isEmpty { heard.append((t, effects)) }
        }
        return heard
    }

    func testTheLobbyOffersThePresetsInsteadOfOneCountdown() {
        var app = AppFixture.lobby()
        app.send(.lobby(.intervals(.choose(2))))
        XCTAssertEqual(app.state.lobby.intervals, IntervalProgram.defaultPresets[2])
        XCTAssertEqual(app.state.lobby.sessionPlannedMs, 4 * 240_000 + 3 * 180_000, "the session lasts as long as the program")
        app.send(.lobby(.intervals(.choose(2))))
        XCTAssertNil(app.state.lobby.intervals, "the chosen one again: one countdown")
        app.send(.lobby(.intervals(.choose(0))))
        app.send(.lobby(.chooseDuration(600_000)))
        XCTAssertNil(app.state.lobby.intervals, "a countdown length instead of the program")
        XCTAssertEqual(app.state.lobby.sessionPlannedMs, 600_000)
        app.send(.lobby(.intervals(.choose(9))))
        XCTAssertNil(app.state.lobby.intervals, "no such preset")
    }

    func testEachBlockEndsAsALapWithItsToneAndTheLastThreeSecondsBeep() {
        // 3 × 10 s / 5 s: work 0–10, rest 10–15, work 15–25, rest 25–30, work 30–40 s.
        var app = running(IntervalProgram(repeats: 3, workMs: 10_000, restMs: 5_000))
        let heard = ticks(&app, from: 10_250, until: 51_000)
        let beep = tone(.countdownBeep)
        let expected: [(Int64, [Effect])] = [
            (17_000, [beep]), (18_000, [beep]), (19_000, [beep]),
            (20_000, [.addLap(sessionID: 42, tMs: 10_000, label: "WORK 1/3")] + started(.rest, atMs: 10_000)),
            (22_000, [beep]), (23_000, [beep]), (24_000, [beep]),
            (25_000, [.addLap(sessionID: 42, tMs: 15_000, label: "REST 1/3")] + started(.work, atMs: 15_000)),
            (32_000, [beep]), (33_000, [beep]), (34_000, [beep]),
            (35_000, [.addLap(sessionID: 42, tMs: 25_000, label: "WORK 2/3")] + started(.rest, atMs: 25_000)),
            (37_000, [beep]), (38_000, [beep]), (39_000, [beep]),
            (40_000, [.addLap(sessionID: 42, tMs: 30_000, label: "REST 2/3")] + started(.work, atMs: 30_000)
                + [.speak(.lastInterval, volumePercent: volume)]),
            (47_000, [beep]), (48_000, [beep]), (49_000, [beep]),
            // The program's end is the countdown's: the buzzer, the last block's lap at the effort's end, the recovery minute.
            (50_000, [AppFixture.buzzer, .addLap(sessionID: 42, tMs: 40_000, label: "WORK 3/3"), .endEffort(sessionID: 42, atMs: 40_000)]),
        ]
        XCTAssertEqual(heard.map(\.0), expected.map(\.0))
        for ((t, got), (_, want)) in zip(heard, expected) { XCTAssertEqual(got, want, "at \(t)") }
        XCTAssertEqual(app.live?.lapsMs, [10_000, 15_000, 25_000, 30_000, 40_000])
        XCTAssertEqual(app.live?.phase, .recovery)
        XCTAssertNil(app.live?.intervalPosition(nowMs: 51_000), "no block once the effort is over")
    }

    func testThePositionIsWhatTheScreensShow() {
        var app = running(IntervalProgram(repeats: 8, workMs: 30_000, restMs: 30_000))
        _ = ticks(&app, from: 10_250, until: 10_000 + 127_000)
        let position = app.live?.intervalPosition(nowMs: app.state.nowMs)
        XCTAssertEqual(position?.block.lapLabel, "WORK 3/8")
        XCTAssertEqual(position?.remainingMs, 23_000, "\"WORK 0:23 · 3/8\"")
    }

    func testPausesStopTheProgramAndALapKeepsItsTrueSessionTime() {
        var app = running(IntervalProgram(repeats: 2, workMs: 10_000, restMs: 10_000))
        app.send(.tick(nowMs: 15_000))
        app.send(.live(.pause), .setSessionPaused(sessionID: 42, paused: true))
        // 20 s of pause: the block stands at 5 s left.
        XCTAssertTrue(ticks(&app, from: 15_250, until: 35_000).isEmpty, "nothing while paused")
        XCTAssertEqual(app.live?.intervalPosition(nowMs: 35_000)?.remainingMs, 5_000)
        app.send(.live(.resume), .setSessionPaused(sessionID: 42, paused: false))
        let heard = ticks(&app, from: 35_250, until: 40_000)
        // The block ends 10 s of program into the session and 20 s of pause later: at 30 s.
        XCTAssertEqual(heard.last?.1, [.addLap(sessionID: 42, tMs: 30_000, label: "WORK 1/2")] + started(.rest, atMs: 30_000))
        XCTAssertEqual(heard.last?.0, 40_000)
    }

    func testStoppingEarlyClosesTheBlockUnderWayAtTheEffortsEnd() {
        var app = running(IntervalProgram(repeats: 2, workMs: 10_000, restMs: 10_000))
        _ = ticks(&app, from: 10_250, until: 22_000)
        app.send(.live(.stop))
        app.send(.live(.confirmStop), .addLap(sessionID: 42, tMs: 12_000, label: "REST 1/2"), .endEffort(sessionID: 42, atMs: 12_000))
        XCTAssertTrue(ticks(&app, from: 22_250, until: 40_000).isEmpty, "the program is over with the effort")
    }

    func testOneMinuteLeftAndLastIntervalAreSpokenOnceEach() {
        // 2 × 60 s / 30 s: the last work block starts with a minute left.
        var app = running(IntervalProgram(repeats: 2, workMs: 60_000, restMs: 30_000))
        let spoken = ticks(&app, from: 10_250, until: 10_000 + 150_000).flatMap { t, effects in
            effects.compactMap { effect -> String? in
                guard case .speak(let cue, _) = effect else { return nil }
                return "\(t) \(cue.rawValue)"
            }
        }
        XCTAssertEqual(spoken, ["100000 lastInterval", "100000 oneMinuteLeft"])
    }

    func testWithSpokenCuesOffOnlyTonesAndWithSoundOffOnlyLaps() {
        var quiet = running(IntervalProgram(repeats: 2, workMs: 60_000, restMs: 30_000)) { $0.spokenCues = false }
        let tones = ticks(&quiet, from: 10_250, until: 160_000).flatMap(\.1)
        XCTAssertFalse(tones.contains { if case .speak = $0 { true } else { false } })
        XCTAssertTrue(tones.contains(tone(.workStart)))
        var silent = running(IntervalProgram(repeats: 2, workMs: 60_000, restMs: 30_000)) { $0.sound = false }
        let effects = ticks(&silent, from: 10_250, until: 160_000).flatMap(\.1)
        XCTAssertEqual(effects, [.addLap(sessionID: 42, tMs: 60_000, label: "WORK 1/2")] + started(.rest, atMs: 60_000, sound: false)
                       + [.addLap(sessionID: 42, tMs: 90_000, label: "REST 1/2")] + started(.work, atMs: 90_000, sound: false)
                       + [.addLap(sessionID: 42, tMs: 150_000, label: "WORK 2/2"), .endEffort(sessionID: 42, atMs: 150_000)])
    }

    func testTheCoachsLapsStillCountBesideTheBlocks() {
        var app = running(IntervalProgram(repeats: 2, workMs: 10_000, restMs: 10_000))
        app.send(.tick(nowMs: 13_000))
        app.send(.live(.lap), .addLap(sessionID: 42, tMs: 3_000))
        XCTAssertEqual(app.live?.lapsMs, [3_000])
    }
}

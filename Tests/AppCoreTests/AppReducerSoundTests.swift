@testable import AppCore
import XCTest
import Localization
import TeamCore

/// Issue 14, item 11: the buzzer when the countdown ends, optional beeps over its last three
/// seconds and at a lap, a switch and a volume; nothing plays when sound is off.
final class AppReducerSoundTests: XCTestCase {
    private func beep(_ sound: Sound, _ volume: Int = KioskSettings().soundVolume) -> Effect {
        .playSound(sound, volumePercent: volume)
    }

    /// A 60 s countdown from 10 s with the given sound settings; ticks every 250 ms up to `untilMs`,
    /// each tick's effects collected by time.
    private func countdown(sound: Bool, beeps: Bool, untilMs: Int64) -> (AppHarness, [(Int64, [Effect])]) {
        var app = AppFixture.running(start: 10_000, plannedMs: 60_000)
        app.state.settings.values.sound = sound
        app.state.settings.values.beeps = beeps
        var heard: [(Int64, [Effect])] = []
        for t in stride(from: Int64(10_250), through: untilMs, by: 250) {
            let effects = AppReducer.reduce(&app.state, .tick(nowMs: t))
            if !effects.isEmpty { heard.append((t, effects)) }
        }
        return (app, heard)
    }

    func testTheBuzzerSoundsWhenTheCountdownRunsOut() {
        let (app, heard) = countdown(sound: true, beeps: false, untilMs: 71_000)
        XCTAssertEqual(heard.map(\.0), [70_000])
        XCTAssertEqual(heard.first?.1, [beep(.buzzer), .endEffort(sessionID: 42, atMs: 60_000)], "the buzzer first: the players hear it at once")
        XCTAssertEqual(app.live?.phase, .recovery)
    }

    func testBeepsOverTheLastThreeSecondsThenTheBuzzer() {
        let (_, heard) = countdown(sound: true, beeps: true, untilMs: 71_000)
        XCTAssertEqual(heard.map(\.0), [67_000, 68_000, 69_000, 70_000], "at 3, 2 and 1 s left, then at zero")
        XCTAssertEqual(heard.dropLast().map(\.1), Array(repeating: [beep(.countdownBeep)], count: 3))
        XCTAssertEqual(heard.last?.1.first, beep(.buzzer))
    }

    func testNothingPlaysWhenSoundIsOff() {
        let (app, heard) = countdown(sound: false, beeps: true, untilMs: 71_000)
        XCTAssertEqual(heard.map(\.1), [[.endEffort(sessionID: 42, atMs: 60_000)]])
        var lapping = AppFixture.running()
        lapping.state.settings.values.sound = false
        lapping.state.settings.values.beeps = true
        lapping.send(.tick(nowMs: 20_000))
        lapping.send(.live(.lap), .addLap(sessionID: 42, tMs: 10_000))
        XCTAssertEqual(app.live?.phase, .recovery)
    }

    func testAPausedCountdownDoesNotBeepAndABeepIsNotRepeatedAfterResuming() {
        var app = AppFixture.running(start: 10_000, plannedMs: 60_000)
        app.state.settings.values.beeps = true
        app.send(.tick(nowMs: 66_500))
        app.send(.tick(nowMs: 67_000), beep(.countdownBeep))
        app.send(.live(.pause), .setSessionPaused(sessionID: 42, paused: true))
        app.send(.tick(nowMs: 89_000)) // paused: the countdown stands at 3 s
        app.send(.live(.resume), .setSessionPaused(sessionID: 42, paused: false))
        app.send(.tick(nowMs: 89_500)) // 2.5 s left: the 3 s beep is not played again
        app.send(.tick(nowMs: 90_000), beep(.countdownBeep))
    }

    func testALapBeepsOnlyWithBeepsOn() {
        var app = AppFixture.running()
        app.send(.tick(nowMs: 20_000))
        app.send(.live(.lap), .addLap(sessionID: 42, tMs: 10_000))
        app.state.settings.values.beeps = true
        app.send(.live(.lap), .addLap(sessionID: 42, tMs: 10_000), beep(.lapBeep))
    }

    func testTheSoundSettingsAreSavedAndEachChangeIsHeard() {
        var app = AppHarness()
        app.state.screen = .settings
        var expected = KioskSettings()
        expected.soundVolume = 100
        app.send(.settings(.setSoundVolume(100)), .saveSettings(expected), beep(.lapBeep, 100))
        expected.beeps = true
        app.send(.settings(.setBeeps(true)), .saveSettings(expected))
        app.send(.settings(.testSound), beep(.buzzer, 100))
        expected.sound = false
        app.send(.settings(.setSound(false)), .saveSettings(expected))
        app.send(.settings(.setSound(false)))
        app.send(.settings(.testSound))
        XCTAssertEqual(app.state.notice?.english, "Sound is off")
        expected.soundVolume = 30
        app.send(.settings(.setSoundVolume(30)), .saveSettings(expected))
        expected.sound = true
        app.send(.settings(.setSound(true)), .saveSettings(expected), beep(.lapBeep, 30))
        let restored = KioskSettings { key in Dictionary(uniqueKeysWithValues: app.state.settings.values.keyValues)[key] }
        XCTAssertEqual(restored, app.state.settings.values)
        XCTAssertEqual(KioskSettings { $0 == "soundVolume" ? "250" : nil }.soundVolume, KioskSettings().soundVolume, "out of range: default")
    }
}

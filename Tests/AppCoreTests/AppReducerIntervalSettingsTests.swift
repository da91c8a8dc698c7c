@testable import AppCore
import TeamCore
import XCTest

/// Issue 25, items 4 and 5: the interval presets edited in Settings on the number pad, the
/// challenge rule, spoken cues; each change saved at once.
final class AppReducerIntervalSettingsTests: XCTestCase {
    private func onSettings() -> AppHarness {
        var app = AppHarness()
        app.state.screen = .settings
        app.send(.settings(.showPage(.intervals)))
        XCTAssertEqual(app.state.settings.page, .intervals)
        return app
    }

    private func type(_ app: inout AppHarness, _ field: Form.Field, _ digits: String) {
        app.send(.form(.focus(field)))
        for _ in 0..<4 { app.send(.form(.backspace)) }
        for d in digits { app.send(.form(.key(String(d)))) }
    }

    func testAPresetIsEditedOnTheNumberPadAndSaved() {
        var app = onSettings()
        app.send(.form(.editIntervalPreset(1)))
        XCTAssertEqual(app.state.form?.title, "Interval preset 2")
        XCTAssertEqual(app.state.form?.values, [.repeats: "10", .workSeconds: "60", .restSeconds: "60"])
        XCTAssertTrue(Form.Field.repeats.isNumeric, "the number pad")
        type(&app, .repeats, "6")
        type(&app, .workSeconds, "45")
        type(&app, .restSeconds, "15")
        var expected = KioskSettings()
        expected.intervalPresets[1] = IntervalProgram(repeats: 6, workMs: 45_000, restMs: 15_000)
        app.send(.form(.submit), .saveSettings(expected))
        XCTAssertNil(app.state.form)
        XCTAssertEqual(app.state.settings.values.intervalPresets[1].label, "6 × 45 s / 15 s")
    }

    func testWhatAProgramCannotBeIsSaidInTheForm() {
        var app = onSettings()
        app.send(.form(.editIntervalPreset(0)))
        type(&app, .repeats, "0")
        type(&app, .workSeconds, "3")
        type(&app, .restSeconds, "4000")
        app.send(.form(.submit))
        XCTAssertEqual(app.state.form?.problems.map(\.english), ["repeats must be between 1 and 99", "work must be 5 to 3600 seconds",
                                                  "rest must be 0 to 3600 seconds"])
        XCTAssertEqual(app.state.settings.values.intervalPresets, IntervalProgram.defaultPresets)
        // An empty rest is none.
        type(&app, .repeats, "5")
        type(&app, .workSeconds, "120")
        type(&app, .restSeconds, "")
        var expected = KioskSettings()
        expected.intervalPresets[0] = IntervalProgram(repeats: 5, workMs: 120_000, restMs: 0)
        app.send(.form(.submit), .saveSettings(expected))
    }

    func testPresetsAreEditedOnlyInSettings() {
        var app = AppFixture.lobby()
        app.send(.form(.editIntervalPreset(0)))
        XCTAssertNil(app.state.form)
        app.send(.settings(.setIntervalPreset(index: 0, IntervalProgram(repeats: 2, workMs: 10_000, restMs: 0))))
        XCTAssertEqual(app.state.settings.values.intervalPresets, IntervalProgram.defaultPresets)
    }

    func testTheRuleAndSpokenCuesAreSavedAndTheCuesCanBeHeard() {
        var app = onSettings()
        var expected = KioskSettings()
        expected.challengeRule = .higherZone
        app.send(.settings(.setChallengeRule(.higherZone)), .saveSettings(expected))
        expected.spokenCues = false
        app.send(.settings(.setSpokenCues(false)), .saveSettings(expected))
        let v = expected.soundVolume
        app.send(.settings(.testIntervalCues), .playSound(.workStart, volumePercent: v), .playSound(.restStart, volumePercent: v))
        expected.spokenCues = true
        app.send(.settings(.setSpokenCues(true)), .saveSettings(expected))
        app.send(.settings(.testIntervalCues), .playSound(.workStart, volumePercent: v), .playSound(.restStart, volumePercent: v),
                 .speak(.lastInterval, volumePercent: v))
        XCTAssertEqual(app.state.settings.voice, .unknown)
        app.send(.settings(.voiceChecked(.none)))
        XCTAssertEqual(app.state.settings.voice, .none)
    }
}

import XCTest
@testable import TeamCore

final class AppReducerSettingsTests: XCTestCase {
    func testSettingsOpenOnlyWithTheRightPin() {
        var s = AppState(year: 2026)
        _ = AppReducer.reduce(&s, .openSettings)
        for d in ["1", "1", "1", "1"] { _ = AppReducer.reduce(&s, .pinKey(d)) }
        XCTAssertEqual(s.pin?.wrong, true)
        XCTAssertEqual(s.screen, .teamPicker)
        for d in ["1", "2", "3", "4"] { _ = AppReducer.reduce(&s, .pinKey(d)) }
        XCTAssertNil(s.pin)
        XCTAssertEqual(s.screen, .settings)
    }

    func testANewPinIsChosenTwiceAndThenUnlocks() {
        var s = AppState(year: 2026)
        XCTAssertEqual(AppReducer.reduce(&s, .changePin), [], "only from the settings screen")
        XCTAssertNil(s.pin)
        s.screen = .settings
        _ = AppReducer.reduce(&s, .changePin)
        for d in ["2", "4", "6", "8"] { XCTAssertEqual(AppReducer.reduce(&s, .pinKey(d)), []) }
        XCTAssertEqual(s.pin?.purpose, .repeatNew(first: "2468"))
        XCTAssertEqual(s.pin?.digits, "")
        for d in ["2", "4", "6"] { _ = AppReducer.reduce(&s, .pinKey(d)) }
        let effects = AppReducer.reduce(&s, .pinKey("8"))
        XCTAssertNil(s.pin)
        XCTAssertEqual(s.settings.pin, "2468")
        XCTAssertEqual(effects, [.saveSettings(s.settings)])
        XCTAssertEqual(s.notice, "PIN changed")

        s.screen = .teamPicker
        _ = AppReducer.reduce(&s, .openSettings)
        for d in ["1", "2", "3", "4"] { _ = AppReducer.reduce(&s, .pinKey(d)) }
        XCTAssertEqual(s.pin?.wrong, true, "the old PIN no longer opens the settings")
        for d in ["2", "4", "6", "8"] { _ = AppReducer.reduce(&s, .pinKey(d)) }
        XCTAssertEqual(s.screen, .settings)
    }

    func testARepeatThatDiffersStartsOverAndKeepsTheOldPin() {
        var s = AppState(year: 2026)
        s.screen = .settings
        _ = AppReducer.reduce(&s, .changePin)
        for d in ["5", "5", "5", "5", "5", "5", "5"] { _ = AppReducer.reduce(&s, .pinKey(d)) }
        XCTAssertEqual(s.pin?.purpose, .repeatNew(first: "5555"), "the pad chooses 4 digits, the rest start the repeat")
        XCTAssertEqual(s.pin?.digits, "555")
        XCTAssertEqual(AppReducer.reduce(&s, .pinKey("6")), [])
        XCTAssertEqual(s.pin?.purpose, .chooseNew)
        XCTAssertEqual(s.pin?.wrong, true)
        XCTAssertEqual(s.settings.pin, KioskSettings.defaultPin)
        _ = AppReducer.reduce(&s, .pinCancel)
        XCTAssertNil(s.pin)
        XCTAssertEqual(s.settings.pin, KioskSettings.defaultPin)
    }

    func testSwitchingTheSensorSourceIsSavedAndAskedOfTheShellNeverWhileRecording() {
        var s = AppFixture.lobby()
        _ = AppReducer.reduce(&s, AppFixture.hr(strap: 0, bpm: 80, atMs: 1000))
        XCTAssertEqual(AppReducer.reduce(&s, .setSensor(.bluetooth)), [], "only from the settings screen")
        s.screen = .settings
        XCTAssertEqual(AppReducer.reduce(&s, .setSensor(.simulated)), [], "already the running kind")
        var expected = s.settings
        expected.sensor = .bluetooth
        XCTAssertEqual(AppReducer.reduce(&s, .setSensor(.bluetooth)), [.saveSettings(expected), .switchSource(.bluetooth)])
        _ = AppReducer.reduce(&s, .sourceSwitched(.bluetooth, description: "Bluetooth hci-user:hci0"))
        XCTAssertEqual(s.sourceKind, .bluetooth)
        XCTAssertEqual(s.sourceDescription, "Bluetooth hci-user:hci0")
        XCTAssertTrue(s.readings.isEmpty, "the old source's readings are gone")

        var live = AppFixture.lobby()
        _ = AppReducer.reduce(&live, AppFixture.hr(strap: 0, bpm: 80, atMs: 1000))
        _ = AppReducer.reduce(&live, .startSession)
        _ = AppReducer.reduce(&live, .sessionStarted(sessionID: 1, startMs: 1000))
        live.screen = .settings
        live.sourceKind = .bluetooth
        XCTAssertEqual(AppReducer.reduce(&live, .setSensor(.simulated)), [])
        XCTAssertEqual(live.settings.sensor, .bluetooth, "not saved either")
        XCTAssertEqual(live.notice, "Finish the session before changing the sensor source")
    }

    func testASaveWritesOnlyWhatChanged() {
        let loaded = KioskSettings()
        var edited = loaded
        edited.wallPrivacy = true
        edited.zoneHoldMs = 5_000
        XCTAssertEqual(edited.keyValues(changedSince: loaded).map(\.0), ["zoneHoldMs", "wallPrivacy"],
                       "the PIN is not among them, so a PIN set over SSH meanwhile survives")
        XCTAssertTrue(loaded.keyValues(changedSince: loaded).isEmpty)
    }

    func testStoredPinsThatAreNotFourToEightDigitsAreIgnored() {
        for (stored, expected) in [("98765432", "98765432"), ("123", "1234"), ("123456789", "1234"), ("12a4", "1234"), ("١٢٣٤", "1234")] {
            XCTAssertEqual(KioskSettings { $0 == "pin" ? stored : nil }.pin, expected, stored)
        }
    }

    func testSettingsChangesAreSavedAndIgnoredOutsideSettings() {
        var s = AppState(year: 2026)
        XCTAssertEqual(AppReducer.reduce(&s, .toggleWallPrivacy), [])
        XCTAssertFalse(s.settings.wallPrivacy)
        s.screen = .settings
        let effects = AppReducer.reduce(&s, .toggleWallPrivacy)
        XCTAssertTrue(s.settings.wallPrivacy)
        XCTAssertEqual(effects, [.saveSettings(s.settings)])
        _ = AppReducer.reduce(&s, .setZoneModel(.heartRateReserve))
        _ = AppReducer.reduce(&s, .setZoneHold(5000))
        let restored = KioskSettings { key in Dictionary(uniqueKeysWithValues: s.settings.keyValues)[key] }
        XCTAssertEqual(restored, s.settings)
    }

    func testDeletingAPlayerAndDataConfirmsFirst() {
        var s = AppFixture.lobby()
        s.screen = .settings
        XCTAssertEqual(AppReducer.reduce(&s, .deletePlayerAndData(playerID: 10)), [])
        XCTAssertEqual(AppReducer.reduce(&s, .cancelConfirmation), [])
        XCTAssertTrue(s.roster.contains { $0.playerID == 10 })
        _ = AppReducer.reduce(&s, .deletePlayerAndData(playerID: 10))
        XCTAssertEqual(AppReducer.reduce(&s, .confirm), [.deletePlayerAndData(playerID: 10)])
        XCTAssertFalse(s.roster.contains { $0.playerID == 10 })
    }

    func testAliasesReplaceNamesOnTiles() {
        var s = AppFixture.lobby()
        s.settings.showAliases = true
        _ = AppReducer.reduce(&s, AppFixture.hr(strap: 0, bpm: 80, atMs: 1000))
        _ = AppReducer.reduce(&s, .startSession)
        XCTAssertEqual(s.live?.tiles.first?.name, "#7")
    }

    func testSessionClockFormat() {
        XCTAssertEqual(SessionClock.format(0), "00:00")
        XCTAssertEqual(SessionClock.format(65_999), "01:05")
        XCTAssertEqual(SessionClock.format(3_723_000), "1:02:03")
    }
}

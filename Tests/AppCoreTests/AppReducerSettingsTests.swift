@testable import AppCore
import XCTest
import Localization
import TeamCore

final class AppReducerSettingsTests: XCTestCase {
    private func pin(_ digits: String) -> [Action] { digits.map { .settings(.pinKey(String($0))) } }

    func testSettingsOpenOnlyWithTheRightPin() {
        var app = AppHarness()
        app.send(.navigate(.settings))
        app.sendAll(pin("1111"))
        XCTAssertEqual(app.state.settings.pin?.wrong, true)
        XCTAssertEqual(app.state.screen, .teamPicker)
        app.sendAll(pin("123"))
        app.send(.settings(.pinKey("4")))
        XCTAssertNil(app.state.settings.pin)
        XCTAssertEqual(app.state.screen, .settings)
    }

    func testUnlockingWithATeamChosenLoadsItsRosterForTheDeleteList() {
        var app = AppFixture.lobby()
        app.send(.navigate(.settings))
        app.sendAll(pin("123"))
        app.send(.settings(.pinKey("4")), .loadRoster(teamID: 1))
        XCTAssertEqual(app.state.screen, .settings)
    }

    func testThePadTakesDigitsOnlyAndBackspaceAndCancelWork() {
        var app = AppHarness()
        app.send(.navigate(.settings))
        app.sendAll([.settings(.pinKey("x")), .settings(.pinKey("12")), .settings(.pinKey("١")), .settings(.pinKey("5"))])
        XCTAssertEqual(app.state.settings.pin?.digits, "5")
        app.send(.settings(.pinBackspace))
        app.send(.settings(.pinBackspace))
        XCTAssertEqual(app.state.settings.pin?.digits, "")
        app.send(.settings(.pinCancel))
        XCTAssertNil(app.state.settings.pin)
        app.send(.settings(.pinKey("1")))
        XCTAssertNil(app.state.settings.pin, "no pad open: nothing typed")
    }

    func testANewPinIsChosenTwiceAndThenUnlocks() {
        var app = AppHarness()
        app.send(.settings(.changePin)) // only from the settings screen
        XCTAssertNil(app.state.settings.pin)
        app.state.screen = .settings
        app.send(.settings(.changePin))
        app.sendAll(pin("2468"))
        XCTAssertEqual(app.state.settings.pin?.purpose, .repeatNew(first: "2468"))
        XCTAssertEqual(app.state.settings.pin?.digits, "")
        app.sendAll(pin("246"))
        var saved = KioskSettings()
        saved.pin = "2468"
        app.send(.settings(.pinKey("8")), .saveSettings(saved))
        XCTAssertNil(app.state.settings.pin)
        XCTAssertEqual(app.state.settings.values.pin, "2468")
        XCTAssertEqual(app.state.notice?.english, "PIN changed")

        app.state.screen = .teamPicker
        app.send(.navigate(.settings))
        app.sendAll(pin("1234"))
        XCTAssertEqual(app.state.settings.pin?.wrong, true, "the old PIN no longer opens the settings")
        app.sendAll(pin("2468"))
        XCTAssertEqual(app.state.screen, .settings)
    }

    func testARepeatThatDiffersStartsOverAndKeepsTheOldPin() {
        var app = AppHarness()
        app.state.screen = .settings
        app.send(.settings(.changePin))
        app.sendAll(pin("5555555"))
        XCTAssertEqual(app.state.settings.pin?.purpose, .repeatNew(first: "5555"), "the pad chooses 4 digits, the rest start the repeat")
        XCTAssertEqual(app.state.settings.pin?.digits, "555")
        app.send(.settings(.pinKey("6")))
        XCTAssertEqual(app.state.settings.pin?.purpose, .chooseNew)
        XCTAssertEqual(app.state.settings.pin?.wrong, true)
        XCTAssertEqual(app.state.settings.values.pin, KioskSettings.defaultPin)
        app.send(.settings(.pinCancel))
        XCTAssertNil(app.state.settings.pin)
        XCTAssertEqual(app.state.settings.values.pin, KioskSettings.defaultPin)
    }

    func testSwitchingTheSensorSourceIsSavedAndAskedOfTheShellNeverWhileRecording() {
        var app = AppFixture.lobby()
        app.send(AppFixture.hr(strap: 0, bpm: 80, atMs: 1000))
        app.send(.settings(.setSensor(.bluetooth))) // only from the settings screen
        app.state.screen = .settings
        app.send(.settings(.setSensor(.simulated))) // already the running kind
        var expected = app.state.settings.values
        expected.sensor = .bluetooth
        app.send(.settings(.setSensor(.bluetooth)), .saveSettings(expected), .switchSource(.bluetooth))
        app.send(.sensors(.switched(.bluetooth, description: Message("Bluetooth hci-user:hci0"))))
        XCTAssertEqual(app.state.sensors.kind, .bluetooth)
        XCTAssertEqual(app.state.sensors.description.english, "Bluetooth hci-user:hci0")
        XCTAssertEqual(app.state.notice?.english, "Heart rates now from: Bluetooth hci-user:hci0")
        XCTAssertTrue(app.state.sensors.readings.isEmpty, "the old source's readings are gone")

        var live = AppFixture.running()
        live.state.screen = .settings
        live.state.sensors.kind = .bluetooth
        live.send(.settings(.setSensor(.simulated)))
        XCTAssertEqual(live.state.settings.values.sensor, .bluetooth, "not saved either")
        XCTAssertEqual(live.state.notice?.english, "Finish the session before changing the sensor source")
    }

    func testASaveWritesOnlyWhatChanged() {
        let loaded = KioskSettings()
        var edited = loaded
        edited.wallPrivacy = true
        edited.zoneMarginBpm = 5
        XCTAssertEqual(edited.keyValues(changedSince: loaded).map(\.0), ["zoneMarginBpm", "wallPrivacy"],
                       "the PIN is not among them, so a PIN set over SSH meanwhile survives")
        XCTAssertTrue(loaded.keyValues(changedSince: loaded).isEmpty)
    }

    func testStoredPinsThatAreNotFourToEightDigitsAreIgnored() {
        for (stored, expected) in [("98765432", "98765432"), ("123", "1234"), ("123456789", "1234"), ("12a4", "1234"), ("١٢٣٤", "1234")] {
            XCTAssertEqual(KioskSettings { $0 == "pin" ? stored : nil }.pin, expected, stored)
        }
    }

    func testTheLanguageIsChosenOnlyInSettingsAndSavedWithTheRest() {
        var app = AppHarness()
        app.send(.settings(.setLanguage("de")))
        XCTAssertEqual(app.state.settings.values.language, "", "outside Settings nothing changes")
        app.state.screen = .settings
        app.send(.settings(.showPage(.language)))
        XCTAssertEqual(app.state.settings.page, .language)
        var expected = KioskSettings()
        expected.language = "fr"
        app.send(.settings(.setLanguage("fr")), .saveSettings(expected))
        // Stored as a key like the others, and read back; a value that is no language code keeps the default.
        let stored = Dictionary(uniqueKeysWithValues: expected.keyValues)
        XCTAssertEqual(KioskSettings(keyValues: { stored[$0] }).language, "fr")
        XCTAssertEqual(KioskSettings(keyValues: { $0 == "language" ? "../../etc" : nil }).language, "")
    }

    func testSettingsChangesAreSavedAndIgnoredOutsideSettings() {
        var app = AppHarness()
        app.send(.settings(.toggleWallPrivacy))
        XCTAssertFalse(app.state.settings.values.wallPrivacy)
        app.state.screen = .settings
        var expected = KioskSettings()
        expected.wallPrivacy = true
        app.send(.settings(.toggleWallPrivacy), .saveSettings(expected))
        expected.zoneModel = .heartRateReserve
        app.send(.settings(.setZoneModel(.heartRateReserve)), .saveSettings(expected))
        expected.zoneMarginBpm = 5
        app.send(.settings(.setZoneMargin(bpm: 5)), .saveSettings(expected))
        expected.maxFormula = .fox
        app.send(.settings(.setMaxFormula(.fox)), .saveSettings(expected))
        expected.showAliases = true
        app.send(.settings(.toggleAliases), .saveSettings(expected))
        expected.zoneMarginBpm = 0
        app.send(.settings(.setZoneMargin(bpm: -5)), .saveSettings(expected))
        let restored = KioskSettings { key in Dictionary(uniqueKeysWithValues: app.state.settings.values.keyValues)[key] }
        XCTAssertEqual(restored, app.state.settings.values)
        app.send(.settings(.loaded(KioskSettings())))
        XCTAssertEqual(app.state.settings.values, KioskSettings())
    }

    func testExportingEverythingIsAskedOfTheShellAndSaidOnTheNoticeLine() {
        var app = AppHarness()
        app.send(.settings(.exportAll))
        app.state.screen = .settings
        app.send(.settings(.exportAll), .exportAll)
        XCTAssertEqual(app.state.notice?.english, "Exporting…")
    }

    func testAliasesReplaceNamesOnTiles() {
        var app = AppFixture.lobby()
        app.state.settings.values.showAliases = true
        app.send(AppFixture.hr(strap: 0, bpm: 80, atMs: 1000))
        app.send(.live(.start), .startSession(teamID: 1, lineup: AppFixture.lineup, plannedMs: 20 * 60_000))
        XCTAssertEqual(app.live?.tiles.first?.name, "#7")
    }

    func testSessionClockFormat() {
        XCTAssertEqual(SessionClock.format(0), "00:00")
        XCTAssertEqual(SessionClock.format(65_999), "01:05")
        XCTAssertEqual(SessionClock.format(3_723_000), "1:02:03")
    }
}

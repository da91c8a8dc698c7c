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

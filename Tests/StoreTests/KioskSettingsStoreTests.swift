@testable import Store
import TeamCore
import XCTest

/// `kioskSettings()` reads every "kiosk." key in one query: each saved value comes back, keys outside
/// the prefix (the club's, a look-alike) are not taken, and a database without any keeps the defaults.
final class KioskSettingsStoreTests: XCTestCase {
    var fixture = StoreFixture()
    override func tearDown() { fixture.remove() }

    func testEverySavedSettingComesBackAndOnlyTheKiosksKeysAreRead() throws {
        let store = try fixture.open()
        XCTAssertEqual(store.kioskSettings(), KioskSettings())
        var settings = KioskSettings()
        settings.zoneModel = .heartRateReserve
        settings.zoneMarginBpm = 7
        settings.pin = "2468"
        settings.sound = false
        settings.soundVolume = 30
        settings.tileDetail = .kcal
        settings.retention = SessionRetention(months: 6)
        XCTAssertNotEqual(settings, KioskSettings())
        for (key, value) in settings.keyValues { try store.saveKioskSetting(key, value) }
        // Keys that share letters with the prefix but are not under it.
        try store.setSetting("kioskpin", "1357")
        try store.setSetting("kiosk", "x")
        try store.setSetting("club.zoneModel", "percentOfMax")
        XCTAssertEqual(store.kioskSettings(), settings)
        XCTAssertEqual(try SidelineStore(path: fixture.path).kioskSettings(), settings)
    }
}

import ClubProtocol
import ClubSync
import Foundation
@testable import Store
import TeamCore
import XCTest

/// Schema v15 on a v14 kiosk: the load status thresholds and the season's start become settings the
/// club shares — captured from then on, and a value set before the migration queued for the club.
final class SharedSettingsMigrationTests: XCTestCase {
    let fixture = ClubSyncFixture()
    override func tearDown() { fixture.remove() }

    func testAVersion14KioskSharesItsThresholdsFromVersion15On() throws {
        _ = try SidelineStore.migrate(path: fixture.path, upTo: "v14-club-sync")
        try fixture.execute("INSERT INTO setting(key, value) VALUES ('kiosk.loadStatusRatios', '0.7,0.9,1.3')")
        XCTAssertEqual(try fixture.queued(), [], "v14 does not capture it")
        let store = try fixture.open()
        XCTAssertEqual(try fixture.queued(), ["settings loadStatusRatios"], "set before: queued by the migration")
        try fixture.clearQueue()
        try store.saveKioskSetting("seasonStart", "07-15")
        try store.saveKioskSetting("zoneModel", ZoneModel.heartRateReserve.rawValue)
        XCTAssertEqual(try fixture.queued(), ["settings seasonStart", "settings zoneModel"])
        let (edits, refused) = try store.pendingRosterEdits(origin: "kiosk:test")
        XCTAssertEqual(refused.count, 0)
        XCTAssertEqual(edits.first { $0.field == "seasonStart" }?.value, .string("07-15"))
    }

    func testAKioskThatNeverSetThemQueuesNothing() throws {
        _ = try SidelineStore.migrate(path: fixture.path, upTo: "v14-club-sync")
        _ = try fixture.open()
        XCTAssertEqual(try fixture.queued(), [])
    }
}

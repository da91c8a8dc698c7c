import ClubProtocol
import XCTest

final class HybridClockTests: XCTestCase {
    func testStampsNeverGoBackAndCountWithinAMillisecond() {
        var clock = HybridLogicalClock(origin: "kiosk:a")
        let a = clock.stamp(localMs: 1_000), b = clock.stamp(localMs: 1_000), c = clock.stamp(localMs: 900)
        XCTAssertLessThan(a, b)
        XCTAssertLessThan(b, c)
        XCTAssertEqual(c.wallMs, 1_000)
        XCTAssertEqual(c.counter, 2)
    }

    /// A kiosk ten minutes slow: once it has synced, an edit it makes after a web edit it has seen
    /// is later than that edit, and an edit made before the web's (by real time) is earlier.
    func testAKioskTenMinutesSlowOrdersItsEditsByRealTime() {
        let tenMinutes: Int64 = 600_000
        var kiosk = HybridLogicalClock(origin: "kiosk:slow")
        // Real time 1_000_000; the kiosk's clock says 400_000. The sync took 40 ms.
        kiosk.observeServer(timeMs: 1_000_020, sentMs: 1_000_000 - tenMinutes, receivedMs: 1_000_040 - tenMinutes)
        XCTAssertEqual(kiosk.offsetMs, tenMinutes)
        let webEdit = HybridTimestamp(wallMs: 1_005_000, origin: "user:coach")
        let before = kiosk.stamp(localMs: 1_004_000 - tenMinutes)   // real time 1_004_000: before the web's edit
        let after = kiosk.stamp(localMs: 1_006_000 - tenMinutes)    // real time 1_006_000: after it
        XCTAssertLessThan(before, webEdit)
        XCTAssertGreaterThan(after, webEdit)
    }

    /// A kiosk ten minutes fast that stamped its roster by its own clock before it knew the club's time
    /// (on joining): once synced, its edits are stamped by real time, not ten minutes ahead of every other.
    func testAKioskTenMinutesFastThatStampedBeforeItsFirstSyncGoesOnFromTheServersTime() {
        let tenMinutes: Int64 = 600_000
        var kiosk = HybridLogicalClock(origin: "kiosk:fast")
        let joined = kiosk.stamp(localMs: 1_000_000 + tenMinutes)
        kiosk.observeServer(timeMs: 1_000_020, sentMs: 1_000_000 + tenMinutes, receivedMs: 1_000_040 + tenMinutes)
        XCTAssertEqual(kiosk.offsetMs, -tenMinutes)
        let webEdit = HybridTimestamp(wallMs: 1_005_000, origin: "user:coach")
        let before = kiosk.stamp(localMs: 1_004_000 + tenMinutes)
        let after = kiosk.stamp(localMs: 1_006_000 + tenMinutes)
        XCTAssertLessThan(before, webEdit)
        XCTAssertGreaterThan(after, webEdit)
        XCTAssertLessThan(after, joined, "the fast stamp is left behind, not followed")
        // A stamp the club may hold (within its tolerance) is still never gone behind.
        var close = HybridLogicalClock(origin: "kiosk:c")
        let seen = HybridTimestamp(wallMs: 1_003_000, origin: "web:x")
        close.observe(seen)
        close.observeServer(timeMs: 1_000_020, sentMs: 1_000_000, receivedMs: 1_000_040)
        XCTAssertGreaterThan(close.stamp(localMs: 1_000_100), seen)
    }

    func testAnEditAfterSeeingAChangeIsLaterThanItWhateverTheClock() {
        var kiosk = HybridLogicalClock(origin: "kiosk:b")
        let seen = HybridTimestamp(wallMs: 5_000_000, counter: 3, origin: "kiosk:fast")
        kiosk.observe(seen)
        XCTAssertGreaterThan(kiosk.stamp(localMs: 1_000), seen)
    }

    func testTiesAreBrokenByOrigin() {
        XCTAssertLessThan(HybridTimestamp(wallMs: 5, origin: "kiosk:a"), HybridTimestamp(wallMs: 5, origin: "kiosk:b"))
        XCTAssertLessThan(HybridTimestamp(wallMs: 5, counter: 9, origin: "z"), HybridTimestamp(wallMs: 6, origin: "a"))
    }
}

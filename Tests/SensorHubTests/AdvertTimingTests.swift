@testable import SensorHub
import XCTest

/// The link manager connects first to the strap whose next advertisement is due soonest.
final class AdvertTimingTests: XCTestCase {
    private let ms: UInt64 = 1_000_000

    func testLearnsThePeriodAndIgnoresDuplicatesAndPauses() {
        var s = LinkManager.Strap(address: 1, path: LinkManager.StrapRadio())
        for t: UInt64 in [1000, 1100, 1200, 1300] {
            LinkManager.learnAdvertInterval(&s, nowNs: t * ms)
            s.lastHeardNs = t * ms
        }
        XCTAssertEqual(s.advertIntervalNs, 100 * ms)
        LinkManager.learnAdvertInterval(&s, nowNs: 1301 * ms) // a duplicate report teaches nothing
        XCTAssertEqual(s.advertIntervalNs, 100 * ms)
        LinkManager.learnAdvertInterval(&s, nowNs: 9000 * ms) // a pause of seconds teaches nothing
        XCTAssertEqual(s.advertIntervalNs, 100 * ms)
        s.lastHeardNs = 9000 * ms
        LinkManager.learnAdvertInterval(&s, nowNs: 9200 * ms) // one missed advert moves it only a little
        XCTAssertEqual(s.advertIntervalNs, (100 * ms * 15 + 200 * ms) / 16)
    }

    func testPredictsTheNextAdvertisementWithLead() {
        var s = LinkManager.Strap(address: 1, path: LinkManager.StrapRadio())
        XCTAssertEqual(LinkManager.nextAdvertWaitNs(s, nowNs: 50 * ms), 1_000 * ms, "unknown period: last in line")
        s.lastHeardNs = 1000 * ms
        s.advertIntervalNs = 100 * ms
        XCTAssertEqual(LinkManager.nextAdvertWaitNs(s, nowNs: 1030 * ms), 70 * ms)
        // Due in 5 ms is too soon for the command to arrive: the one after.
        XCTAssertEqual(LinkManager.nextAdvertWaitNs(s, nowNs: 1095 * ms), 105 * ms)
        XCTAssertEqual(LinkManager.nextAdvertWaitNs(s, nowNs: 1250 * ms), 50 * ms)
    }
}

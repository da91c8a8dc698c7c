@testable import SensorHub
import TeamCore
import XCTest

/// The link policy both Bluetooth hosts follow, on its own: pure answers to "may this strap be
/// connected now?" and "is it read from its broadcasts?".
final class StrapLinkPolicyTests: XCTestCase {
    func testBroadcastingStrapsAreReadFromAdvertsAlwaysNeverOrOverTheBudget() {
        var policy = StrapLinkPolicy(broadcast: .overBudget, heardWindow: .everyReport)
        XCTAssertFalse(policy.servedByBroadcast(broadcasts: true, strapCount: 6, connectionBudget: 6), "the team fits")
        XCTAssertTrue(policy.servedByBroadcast(broadcasts: true, strapCount: 7, connectionBudget: 6))
        XCTAssertFalse(policy.servedByBroadcast(broadcasts: false, strapCount: 7, connectionBudget: 6), "a strap that does not broadcast is connected")
        policy.wanted = .only([0, 1, 2])
        XCTAssertFalse(policy.servedByBroadcast(broadcasts: true, strapCount: 40, connectionBudget: 3), "only the wanted straps count")
        XCTAssertTrue(policy.servedByBroadcast(broadcasts: true, strapCount: 40, connectionBudget: 2))
        XCTAssertTrue(StrapLinkPolicy(broadcast: .always, heardWindow: .everyReport).servedByBroadcast(broadcasts: true, strapCount: 1, connectionBudget: 7))
        XCTAssertFalse(StrapLinkPolicy(broadcast: .never, heardWindow: .everyReport).servedByBroadcast(broadcasts: true, strapCount: 40, connectionBudget: 1))
    }

    func testHeardRecentlyIsTheHostsWindowAndNeverHeardIsNot() {
        let own = StrapLinkPolicy(broadcast: .never, heardWindow: .everyReport)
        let bluez = StrapLinkPolicy(broadcast: .never, heardWindow: .propertyChanges)
        XCTAssertTrue(own.heardRecently(lastHeardNs: 1_000_000_000, nowNs: 2_999_999_999))
        XCTAssertFalse(own.heardRecently(lastHeardNs: 1_000_000_000, nowNs: 3_000_000_000))
        XCTAssertTrue(bluez.heardRecently(lastHeardNs: 1_000_000_000, nowNs: 3_000_000_000), "bluetoothd reports adverts only as property changes")
        XCTAssertFalse(bluez.heardRecently(lastHeardNs: 1_000_000_000, nowNs: 11_000_000_000))
        XCTAssertFalse(own.heardRecently(lastHeardNs: 0, nowNs: 1_000_000), "never heard")
    }

    func testAStrapMayBeAskedForOnlyWhenWantedDueHeardAndNotBroadcastServed() {
        var policy = StrapLinkPolicy(broadcast: .overBudget, heardWindow: .everyReport)
        policy.wanted = .only([1])
        func may(_ strap: Int, next: UInt64 = 0, heard: Bool = true, broadcasts: Bool = false, budget: Int = 7) -> Bool {
            policy.mayConnect(strap, nextAttemptNs: next, heard: heard, broadcasts: broadcasts, strapCount: 4, connectionBudget: budget, nowNs: 5_000)
        }
        XCTAssertTrue(may(1))
        XCTAssertFalse(may(0), "not wanted")
        XCTAssertFalse(may(1, next: 5_001), "its backoff is not over")
        XCTAssertTrue(may(1, next: 5_000))
        XCTAssertFalse(may(1, heard: false), "nobody hears it")
        XCTAssertFalse(may(1, broadcasts: true, budget: 0), "read from its broadcasts: no controller left")
        XCTAssertEqual(StrapLinkPolicy.retryAtNs(afterFailures: 0, nowNs: 10), 10, "the first retry at once")
        XCTAssertEqual(StrapLinkPolicy.retryAtNs(afterFailures: 99, nowNs: 10), 10 + ReconnectBackoff.longestDelayNs)
    }

    func testAKnownStrapIsAskedForUnheardOnlyWhileEveryStrapFitsAndItCannotBeABroadcastOne() {
        let fits = StrapLinkPolicy(broadcast: .overBudget, heardWindow: .propertyChanges)
        XCTAssertTrue(fits.mayConnectUnheard(everHeard: false, strapCount: 4, connectionBudget: 4))
        XCTAssertFalse(fits.mayConnectUnheard(everHeard: true, strapCount: 5, connectionBudget: 4), "over budget: hearing picks who")
        XCTAssertTrue(StrapLinkPolicy(broadcast: .never, heardWindow: .propertyChanges)
            .mayConnectUnheard(everHeard: false, strapCount: 1, connectionBudget: 4))
        let always = StrapLinkPolicy(broadcast: .always, heardWindow: .propertyChanges)
        XCTAssertFalse(always.mayConnectUnheard(everHeard: false, strapCount: 1, connectionBudget: 4),
                       "its advertisements may yet say it is read from its broadcasts")
        XCTAssertTrue(always.mayConnectUnheard(everHeard: true, strapCount: 1, connectionBudget: 4), "heard once: it does not broadcast")
    }
}

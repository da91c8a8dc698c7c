import Foundation
import XCTest

/// A deliberately broken ring: head and tail are plain, non-atomic fields.
/// Under ThreadSanitizer its test must report a data race — proof that the TSan
/// run of the real ring would catch one. Only runs when SIDELINE_TSAN_CANARY=1
/// (deploy/scripts/tsan-check.sh); in a normal run a racy loop could hang.
final class CanaryRing: @unchecked Sendable { // unchecked on purpose: this is the race we want TSan to see
    var slots = [Int](repeating: 0, count: 64)
    var head = 0
    var tail = 0

    func push(_ v: Int) -> Bool {
        guard tail - head < 64 else { return false }
        slots[tail & 63] = v
        tail += 1
        return true
    }

    func pop() -> Int? {
        guard head != tail else { return nil }
        let v = slots[head & 63]
        head += 1
        return v
    }
}

final class CanaryRingTests: XCTestCase {
    func testCanaryRaceIsVisibleToThreadSanitizer() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["SIDELINE_TSAN_CANARY"] == "1", "only under deploy/scripts/tsan-check.sh")
        let ring = CanaryRing()
        let producer = Thread { for i in 0..<10_000 { _ = ring.push(i) } }
        producer.start()
        var attempts = 0
        while attempts < 1_000_000 { _ = ring.pop(); attempts += 1 }
    }
}

import SPSCRing
import TeamCore
import XCTest

final class SPSCRingTests: XCTestCase {
    func testCapacityRoundsUpToAPowerOfTwo() {
        XCTAssertEqual(SPSCRing<Int>(capacity: 1).capacity, 2)
        XCTAssertEqual(SPSCRing<Int>(capacity: 5).capacity, 8)
        XCTAssertEqual(SPSCRing<Int>(capacity: 1024).capacity, 1024)
    }

    func testFirstInFirstOutAndEmpty() {
        let ring = SPSCRing<Int>(capacity: 4)
        XCTAssertNil(ring.pop())
        for i in 1...3 { XCTAssertTrue(ring.push(i)) }
        XCTAssertEqual(ring.count, 3)
        XCTAssertEqual([ring.pop(), ring.pop(), ring.pop()], [1, 2, 3])
        XCTAssertNil(ring.pop())
        XCTAssertEqual(ring.count, 0)
    }

    func testFullRingDropsAndCountsWithoutBlocking() {
        let ring = SPSCRing<Int>(capacity: 4)
        for i in 0..<4 { XCTAssertTrue(ring.push(i)) }
        XCTAssertFalse(ring.push(99))
        XCTAssertFalse(ring.push(100))
        XCTAssertEqual(ring.dropped, 2)
        XCTAssertEqual(ring.pop(), 0, "the oldest element is kept, the newest dropped")
        XCTAssertTrue(ring.push(4))
        XCTAssertEqual((0..<4).compactMap { _ in ring.pop() }, [1, 2, 3, 4])
    }

    func testWrapsAroundManyTimes() {
        let ring = SPSCRing<Int>(capacity: 8)
        var next = 0, expected = 0
        for round in 0..<1000 {
            for _ in 0..<(round % 7 + 1) { XCTAssertTrue(ring.push(next)); next += 1 }
            while let v = ring.pop() { XCTAssertEqual(v, expected); expected += 1 }
        }
        XCTAssertEqual(expected, next)
        XCTAssertEqual(ring.dropped, 0)
    }

    func testDrainHonoursLimitAndFreesSlots() {
        let ring = SPSCRing<Int>(capacity: 8)
        for i in 0..<8 { ring.push(i) }
        var seen: [Int] = []
        XCTAssertEqual(ring.drain(limit: 5) { seen.append($0) }, 5)
        XCTAssertEqual(seen, [0, 1, 2, 3, 4])
        for i in 8..<13 { XCTAssertTrue(ring.push(i)) }
        XCTAssertEqual(ring.drain { seen.append($0) }, 8)
        XCTAssertEqual(seen, Array(0..<13))
    }

    func testPopAfterDrainSeesOnlyNewElements() {
        let ring = SPSCRing<Int>(capacity: 4)
        ring.push(1)
        XCTAssertEqual(ring.pop(), 1)
        ring.push(2); ring.push(3)
        XCTAssertEqual(ring.drain { _ in }, 2)
        XCTAssertNil(ring.pop(), "the consumer's cached tail must follow drain")
        ring.push(4)
        XCTAssertEqual(ring.pop(), 4)
    }

    func testCarriesSensorEventsIntact() {
        let ring = SPSCRing<SensorEvent>(capacity: 16)
        var e = SensorEvent(strap: 3, timestampNs: 123_456_789, kind: .measurement, bpm: 301, contact: .notDetected,
                            battery: 55, rssi: -70, energyKJ: 812)
        for v: UInt16 in [600, 610, 620] { e.appendRR(v) }
        ring.push(e)
        XCTAssertEqual(ring.pop(), e)
    }
}

/// The two-thread stress: ≥ 10 million events, checking order and count.
/// Also run under ThreadSanitizer by deploy/scripts/tsan-check.sh.
final class SPSCRingStressTests: XCTestCase {
    func testTenMillionEventsAcrossTwoThreadsArriveInOrder() {
        let count = 10_000_000
        let ring = SPSCRing<SensorEvent>(capacity: 1024)
        let producerDone = expectation(description: "producer")
        let producer = Thread {
            var e = SensorEvent(strap: 0, timestampNs: 0, kind: .measurement)
            for i in 0..<count {
                e.timestampNs = UInt64(i)
                e.bpm = UInt16(truncatingIfNeeded: i)
                while !ring.push(e) {}
            }
            producerDone.fulfill()
        }
        producer.start()
        var expected: UInt64 = 0
        var mismatches = 0
        while expected < UInt64(count) {
            ring.drain { e in
                if e.timestampNs != expected || e.bpm != UInt16(truncatingIfNeeded: expected) { mismatches += 1 }
                expected += 1
            }
        }
        wait(for: [producerDone], timeout: 120)
        XCTAssertEqual(mismatches, 0)
        XCTAssertEqual(expected, UInt64(count))
        XCTAssertNil(ring.pop(), "nothing left, and no stale slot read after drain")
    }

    func testDroppingProducerCountsEveryLostEvent() {
        let count = 2_000_000
        let ring = SPSCRing<Int>(capacity: 64)
        let done = DoneFlag()
        let producer = Thread {
            for i in 0..<count { ring.push(i) }
            done.set()
        }
        producer.start()
        var received = 0, last = -1, outOfOrder = 0
        var finished = false
        while !finished {
            finished = done.isSet // read before popping: nothing is pushed after it turns true
            while let v = ring.pop() {
                if v <= last { outOfOrder += 1 }
                last = v
                received += 1
            }
        }
        XCTAssertEqual(outOfOrder, 0)
        XCTAssertEqual(received + ring.dropped, count, "every event is either received or counted as dropped")
    }
}

/// A flag set by the producer thread. NSLock (a pthread mutex) rather than
/// Synchronization.Mutex: on Linux the latter is futex-based and invisible to
/// ThreadSanitizer, which would report its accesses as races.
final class DoneFlag: @unchecked Sendable { // every access to `value` holds `lock`
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}

import HeartRateProtocol
@testable import SensorHub
import SPSCRing
import TeamCore
import XCTest

/// The per-strap books both Bluetooth workers keep, on their own: the address index, a link's
/// steps with the backoff, and the ring with what it dropped.
final class StrapLinkTableTests: XCTestCase {
    /// A path's own part of a row, as a worker keeps one.
    private struct Tag { var name: String }

    private let ring = SPSCRing<SensorEvent>(capacity: 64)
    private let counters = BluetoothCounters()
    private lazy var table = StrapLinkTable<Tag>(ring: ring, counters: counters)

    private func events() -> [SensorEvent] {
        var out: [SensorEvent] = []
        ring.drain { out.append($0) }
        return out
    }

    func testTheRowsAreTheStrapTablesInItsOrder() {
        table.add(0xA1, Tag(name: "first"))
        table.add(0xB2, Tag(name: "other"))
        XCTAssertEqual(table.count, 2)
        XCTAssertEqual(table.index(of: 0xA1), 0)
        XCTAssertEqual(table.index(of: 0xB2), 1)
        XCTAssertNil(table.index(of: 0xC3))
        XCTAssertEqual(table.map(\.address), [0xA1, 0xB2])
        XCTAssertEqual(table[1].name, "other", "the path's fields read as the row's own")
        table[1].name = "renamed"
        XCTAssertEqual(table[1].path.name, "renamed")
        XCTAssertEqual(table[0].name, "first")
        table.pushBattery(90, strap: 1, nowNs: 5)
        XCTAssertEqual(events().map(\.strap), [1], "a row's events carry its place in the table")
    }

    func testARetryWaitsLongerAfterEachFailureUntilTheLinkServes() {
        table.add(0xA1, Tag(name: "strap"))
        let s: UInt64 = 1_000_000_000
        table.scheduleRetry(0, nowNs: 10 * s)
        XCTAssertEqual(table[0].nextAttemptNs, 10 * s, "the first retry at once")
        XCTAssertEqual(table[0].failures, 1)
        XCTAssertEqual(events(), [], "an idle strap had no link to lose")

        table.markConnecting(0, nowNs: 11 * s)
        XCTAssertEqual(table[0].phase, .connecting)
        table.scheduleRetry(0, nowNs: 12 * s)
        XCTAssertEqual(table[0].phase, .idle)
        XCTAssertEqual(table[0].nextAttemptNs, 12 * s + ReconnectBackoff.delayNs(afterFailures: 1))
        XCTAssertEqual(events().map(\.link), [.connecting, .disconnected])

        for _ in 0..<20 { table.scheduleRetry(0, nowNs: 20 * s) }
        XCTAssertEqual(table[0].nextAttemptNs, 20 * s + ReconnectBackoff.longestDelayNs, "the backoff stops growing")

        table.markConnecting(0, nowNs: 30 * s)
        table[0].phase = .connected
        table.markServing(0, nowNs: 31 * s)
        XCTAssertEqual(table[0].failures, 0, "a link that served is forgiven")
        table.scheduleRetry(0, nowNs: 40 * s)
        XCTAssertEqual(table[0].nextAttemptNs, 40 * s, "so it is asked for again at once")
        XCTAssertEqual(events().map { "\($0.timestampNs / s) s \($0.link)" }, ["30 s connecting", "31 s connected", "40 s disconnected"])
    }

    func testAFullRingCountsWhatItDropsAndTheReaderIsWokenOnce() {
        let small = SPSCRing<SensorEvent>(capacity: 2)
        let table = StrapLinkTable<Tag>(ring: small, counters: counters)
        table.add(0xA1, Tag(name: "strap"))
        XCTAssertFalse(table.takeWake(), "nothing pushed yet")
        for bpm in 60..<65 { table.pushMeasurement(HeartRateMeasurement(heartRate: UInt16(bpm)), strap: 0, nowNs: UInt64(bpm)) }
        XCTAssertEqual(counters[.notifications], 5)
        XCTAssertEqual(counters[.rrDropped], 0)
        XCTAssertEqual(counters[.ringDrops], 3, "two fit, three were dropped")
        XCTAssertTrue(table.takeWake())
        XCTAssertFalse(table.takeWake(), "woken once for what was pushed")
        var kept: [UInt16] = []
        small.drain { kept.append($0.bpm) }
        XCTAssertEqual(kept, [60, 61], "the oldest stay; a full ring drops the newest")
        table.pushMeasurement(HeartRateMeasurement(heartRate: 70, rrIntervals1024: Array(repeating: 1000, count: 11)), strap: 0, nowNs: 70)
        table.pushBattery(80, strap: 0, nowNs: 80)
        XCTAssertEqual(counters[.ringDrops], 3, "room again")
        XCTAssertEqual(counters[.rrDropped], 2, "RR intervals past the nine an event carries")
        XCTAssertTrue(table.takeWake())
        small.drain { kept.append($0.bpm) }
        XCTAssertEqual(kept, [60, 61, 70, 0])
    }

    func testABroadcastIsAReadingOnlyWhenItsFrameCounterMoved() {
        table.add(0xA1, Tag(name: "strap"))
        let first = PolarBroadcast(frameCounter: 1, fastAverageHR: 120)
        table.pushBroadcast(first, strap: 0, rssi: -60, nowNs: 1)
        table.pushBroadcast(first, strap: 0, rssi: -61, nowNs: 2) // the same value, advertised again
        table.pushBroadcast(PolarBroadcast(frameCounter: 2, fastAverageHR: 121), strap: 0, rssi: -62, nowNs: 3)
        XCTAssertEqual(counters[.staleBroadcasts], 1)
        XCTAssertEqual(events().map { [Int($0.bpm), Int($0.rssi), Int($0.timestampNs)] }, [[120, -60, 1], [121, -62, 3]])
    }
}

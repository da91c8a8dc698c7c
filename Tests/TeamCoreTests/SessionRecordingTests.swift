import Foundation
@testable import TeamCore
import XCTest

final class SessionRecordingTests: XCTestCase {
    /// Player 7 wears stored strap 3, listed at index 0 by the source.
    let lineup = Lineup([.init(playerID: 7, strapID: 3, strapIndex: 0)])

    func recording(startNs: UInt64) -> SessionRecording {
        SessionRecording(start: SessionStart(sessionID: 1, ns: startNs, date: Date(timeIntervalSince1970: 0)), lineup: lineup)
    }

    func measurement(at ms: UInt64, bpm: UInt16, rr: [UInt16] = []) -> SensorEvent {
        var e = SensorEvent(strap: 0, timestampNs: ms * 1_000_000, kind: .measurement, bpm: bpm, contact: .detected)
        for v in rr { e.appendRR(v) }
        return e
    }

    func testSampleOffsetsAreRelativeToSessionStart() {
        var r = recording(startNs: 2_000_000_000)
        r.ingest(measurement(at: 2_500, bpm: 101))
        let batch = r.takeBatch()
        XCTAssertEqual(batch.samples, [Sample(playerID: 7, strapID: 3, tMs: 500, bpm: 101, contact: .detected)])
        XCTAssertTrue(r.takeBatch().isEmpty, "a batch is handed out once")
    }

    /// RR values that arrive together are beats of the last second: the last ends at
    /// the arrival time, each earlier one where the next began.
    func testRRIntervalsArePlacedByCumulativeSumEndingAtArrival() {
        var r = recording(startNs: 0)
        r.ingest(measurement(at: 5_000, bpm: 100, rr: [1024, 512, 256])) // 1000 ms, 500 ms, 250 ms
        let rr = r.takeBatch().rrIntervals
        XCTAssertEqual(rr.map(\.tMs), [4_250, 4_750, 5_000])
        XCTAssertEqual(rr.map(\.rr1024), [1024, 512, 256], "exact 1/1024 s units kept")
    }

    /// A packet whose intervals add up to more than the time since the previous one continues
    /// the chain: stored time order stays arrival order (HRV uses successive differences).
    func testRRFromConsecutivePacketsNeverOverlap() {
        var r = recording(startNs: 0)
        r.ingest(measurement(at: 5_000, bpm: 100, rr: [1024]))
        r.ingest(measurement(at: 5_600, bpm: 100, rr: [1024, 512])) // 1.5 s of beats 0.6 s later
        r.ingest(measurement(at: 9_000, bpm: 100, rr: [512]))        // after a gap: anchored on arrival again
        let rr = r.takeBatch().rrIntervals
        XCTAssertEqual(rr.map(\.rr1024), [1024, 1024, 512, 512])
        XCTAssertEqual(rr.map(\.tMs), [5_000, 6_000, 6_500, 9_000])
    }

    /// The first packet after the start carries beats of the second before it: those that ended
    /// before time zero are not the session's (the club refuses a row before it), yet they place the rest.
    func testBeatsThatEndedBeforeTheSessionBeganAreNotKept() {
        var r = recording(startNs: 2_000_000_000)
        r.ingest(measurement(at: 2_300, bpm: 100, rr: [512, 512, 512])) // beats ending at -700, -200, 300 ms
        r.ingest(measurement(at: 2_900, bpm: 100, rr: [512]))
        let rr = r.takeBatch().rrIntervals
        XCTAssertEqual(rr.map(\.tMs), [300, 900])
        XCTAssertEqual(r.counters.rrIntervals, 2)
    }

    func testRRFromPacketsThatFitAreAnchoredOnArrival() {
        var r = recording(startNs: 0)
        r.ingest(measurement(at: 5_000, bpm: 100, rr: [512, 512]))
        r.ingest(measurement(at: 6_020, bpm: 100, rr: [512, 512])) // 20 ms of arrival jitter
        XCTAssertEqual(r.takeBatch().rrIntervals.map(\.tMs), [4_500, 5_000, 5_520, 6_020])
    }

    func testRRPlacementRoundsToNearestMillisecond() {
        var r = recording(startNs: 0)
        r.ingest(measurement(at: 3_000, bpm: 100, rr: [700, 1]))
        // second beat ends at 3000; first ends 1/1024 s earlier = 2999.02 ms → 2999
        XCTAssertEqual(r.takeBatch().rrIntervals.map(\.tMs), [2_999, 3_000])
    }

    func testEnergyExpendedIsKeptOnlyWhenSent() {
        var r = recording(startNs: 0)
        r.ingest(SensorEvent(strap: 0, timestampNs: 1_000_000_000, kind: .measurement, bpm: 150, contact: .detected, energyKJ: 812))
        r.ingest(measurement(at: 2_000, bpm: 151))
        XCTAssertEqual(r.takeBatch().samples.map(\.energyKJ), [812, nil])
    }

    func testEventsOfUnknownStrapsAndBeforeStartAreCountedNotStored() {
        var r = recording(startNs: 1_000_000_000)
        var stranger = measurement(at: 2_000, bpm: 90)
        stranger.strap = 5
        r.ingest(stranger)
        r.ingest(measurement(at: 500, bpm: 90))
        XCTAssertTrue(r.takeBatch().isEmpty)
        XCTAssertEqual(r.counters.unassigned, 1)
        XCTAssertEqual(r.counters.early, 1)
    }

    func testBatteryIsStoredOnlyWhenItChanges() {
        var r = recording(startNs: 0)
        r.ingest(SensorEvent(strap: 0, timestampNs: 1_000_000_000, kind: .battery, battery: 80))
        r.ingest(SensorEvent(strap: 0, timestampNs: 2_000_000_000, kind: .battery, battery: 80))
        r.ingest(SensorEvent(strap: 0, timestampNs: 3_000_000_000, kind: .battery, battery: 79))
        r.ingest(SensorEvent(strap: 0, timestampNs: 4_000_000_000, kind: .link, link: .disconnected))
        let events = r.takeBatch().strapEvents
        XCTAssertEqual(events, [
            StrapEvent(strapID: 3, tMs: 1000, kind: .battery, value: 80),
            StrapEvent(strapID: 3, tMs: 3000, kind: .battery, value: 79),
            StrapEvent(strapID: 3, tMs: 4000, kind: .link, value: Int(LinkState.disconnected.rawValue)),
        ])
    }

    func testSensorEventKeepsAtMostNineRRAndIsAPlainValue() {
        var e = SensorEvent(strap: 0, timestampNs: 0, kind: .measurement)
        for v in 1...12 { e.appendRR(UInt16(v)) }
        XCTAssertEqual(e.rrValues, Array(1...9).map(UInt16.init))
        XCTAssertLessThanOrEqual(MemoryLayout<SensorEvent>.size, 64, "fits a cache line")
        XCTAssertEqual(MemoryLayout<StrapIndex>.size, 2, "a strap index costs what the UInt16 it wraps does")
        XCTAssertEqual(MemoryLayout<SensorEvent>.size, 48, "the same 48 bytes as before the strap index had a type")
        XCTAssertTrue(_isPOD(SensorEvent.self), "no references inside: copying allocates nothing")
    }

    func testFloorDivisionRoundsTowardsMinusInfinity() {
        XCTAssertEqual(Int64(-1).floorDiv(1024), -1)
        XCTAssertEqual(Int64(1023).floorDiv(1024), 0)
        XCTAssertEqual(Int64(-1024).floorDiv(1024), -1)
    }
}

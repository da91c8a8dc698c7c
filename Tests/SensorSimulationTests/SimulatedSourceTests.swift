@testable import SensorSimulation
import SPSCRing
import TeamCore
import XCTest

final class SimulatedSourceTests: XCTestCase {
    func events(seed: UInt64, members: Int = 4, seconds: UInt64, chunkMs: UInt64) -> [SensorEvent] {
        let team = SimulatedTeam(count: members, seed: seed)
        var straps = team.members.enumerated().map { SimulatedStrap(index: StrapIndex(position: $0), member: $1, seed: seed) }
        var out: [SensorEvent] = []
        var t: UInt64 = 0
        while t < seconds * 1_000_000_000 {
            t += chunkMs * 1_000_000
            for i in straps.indices { straps[i].advance(to: t) { out.append($0) } }
        }
        return out.sorted { ($0.timestampNs, $0.strap, $0.kind.rawValue) < ($1.timestampNs, $1.strap, $1.kind.rawValue) }
    }

    func testSameSeedSameDataWhateverTheStepping() {
        let a = events(seed: 42, seconds: 120, chunkMs: 20)
        let b = events(seed: 42, seconds: 120, chunkMs: 1000)
        XCTAssertEqual(a.count, b.count)
        XCTAssertTrue(a == b, "first difference at \(a.indices.first { i in i < b.count && a[i] != b[i] } ?? -1)")
        XCTAssertTrue(a != events(seed: 43, seconds: 120, chunkMs: 20), "another seed, other data")
    }

    func testSameSeedSameTeam() {
        let a = SimulatedTeam(count: 12, seed: 9).members, b = SimulatedTeam(count: 12, seed: 9).members
        XCTAssertEqual(a.map(\.player), b.map(\.player))
        XCTAssertEqual(Set(a.map(\.shirtNumber)).count, 12, "shirt numbers are unique")
        XCTAssertEqual(Set(a.map(\.strap.address)).count, 12, "straps are unique")
        XCTAssertTrue(a.allSatisfy { $0.player.validationProblems.isEmpty })
    }

    func testNotifiesAboutOncePerSecondWithConsistentRR() {
        let all = events(seed: 5, members: 1, seconds: 300, chunkMs: 50)
        let measurements = all.filter { $0.kind == .measurement }
        XCTAssertEqual(Double(measurements.count), 300, accuracy: 30)
        // RR intervals agree with the reported heart rate (artefacts aside): median within 10 %.
        var ratios: [Double] = []
        for m in measurements where m.rrCount > 0 && m.contact == .detected {
            let meanRR = Double(m.rrValues.map(Int.init).reduce(0, +)) / Double(m.rrCount) / 1024
            ratios.append(60 / meanRR / Double(m.bpm))
        }
        ratios.sort()
        XCTAssertEqual(ratios[ratios.count / 2], 1, accuracy: 0.1)
    }

    /// First-order kinetics: after the 90 s warm-up the first work bout drives HR up, with
    /// ~95 % of the rise done in about 30 s; recovery falls more slowly.
    func testHeartRateRisesFastAndRecoversSlower() {
        let m = events(seed: 11, members: 1, seconds: 240, chunkMs: 100).filter { $0.kind == .measurement && $0.bpm > 0 }
        func bpm(at s: Double) -> Double {
            let near = m.min { abs(Double($0.timestampNs) / 1e9 - s) < abs(Double($1.timestampNs) / 1e9 - s) }!
            return Double(near.bpm)
        }
        let before = bpm(at: 89), after30 = bpm(at: 120), endOfWork = bpm(at: 164)
        XCTAssertGreaterThan(after30 - before, 0.85 * (endOfWork - before), "most of the rise happens within 30 s")
        let recovery30 = bpm(at: 195)
        XCTAssertGreaterThan(recovery30, bpm(at: 209) - 1, "still falling after 30 s of recovery")
        XCTAssertLessThan(recovery30, endOfWork - 10)
    }

    func testSourceThreadFeedsTheRingAndStops() throws {
        let team = SimulatedTeam(count: 3, seed: 1)
        let source = SimulatedSource(team: team, seed: 1, speed: 200)
        let ring = SPSCRing<SensorEvent>(capacity: 4096)
        try source.start(straps: team.strapTable, ring: ring, wake: {})
        let deadline = Date().addingTimeInterval(10)
        while source.nowNs() < 5_000_000_000, Date() < deadline { usleep(5_000) }
        source.stop()
        let clockAtStop = source.nowNs()
        var seen: [SensorEvent] = []
        ring.drain { seen.append($0) }
        XCTAssertGreaterThanOrEqual(clockAtStop, 5_000_000_000)
        XCTAssertTrue(seen.contains { $0.kind == .measurement && $0.strap == 2 })
        XCTAssertTrue(seen.allSatisfy { $0.timestampNs <= clockAtStop })
        usleep(50_000) // an absence window: at speed 200 a running clock would move 10 s in it
        XCTAssertEqual(source.nowNs(), clockAtStop, "the worker has stopped")
    }
}

import Foundation
import SensorCore
import SensorSimulation
import SPSCRing
import TeamCore
import XCTest

/// After a session's effort, simulated players rest: their heart rate falls with the model's
/// recovery kinetics, from exactly the time they were told, whatever the stepping.
final class WorkloadTests: XCTestCase {
    struct Reading: Equatable { var strap: StrapIndex, tNs: UInt64, bpm: UInt16 }

    /// Measurements of a stepped source over `seconds`, with workload changes told at their times.
    func readings(seconds: UInt64, chunkMs: UInt64, changes: [(Workload, UInt64)] = []) throws -> [Reading] {
        let team = SimulatedTeam(count: 3, seed: 4)
        let source = SteppedSimulatedSource(team: team, seed: 4)
        let ring = SPSCRing<SensorEvent>(capacity: 65_536)
        try source.start(straps: team.strapTable, ring: ring, wake: {})
        var pending = changes
        var out: [Reading] = []
        while source.nowNs() < seconds * 1_000_000_000 {
            if let next = pending.first, next.1 <= source.nowNs() {
                source.setWorkload(next.0, atNs: next.1)
                pending.removeFirst()
            }
            source.advance(byNs: chunkMs * 1_000_000)
            ring.drain { e in if e.kind == .measurement, e.bpm > 0 { out.append(Reading(strap: e.strap, tNs: e.timestampNs, bpm: e.bpm)) } }
        }
        return out
    }

    func bpm(_ readings: [Reading], strap: StrapIndex, at seconds: Double) -> Double {
        let own = readings.filter { $0.strap == strap }
        return Double(own.min { abs(Double($0.tNs) / 1e9 - seconds) < abs(Double($1.tNs) / 1e9 - seconds) }!.bpm)
    }

    func testRestingPlayersRecoverWithinTheMinute() throws {
        let rest: UInt64 = 160_000_000_000 // 70 s into the first work bout (90…165 s)
        let working = try readings(seconds: 230, chunkMs: 100)
        let resting = try readings(seconds: 230, chunkMs: 100, changes: [(.resting, rest)])
        XCTAssertEqual(working.filter { $0.tNs < rest }, resting.filter { $0.tNs < rest }, "nothing changes before the effort ends")
        for strap: StrapIndex in 0..<3 {
            let atEnd = bpm(resting, strap: strap, at: 160), minuteLater = bpm(resting, strap: strap, at: 220)
            XCTAssertGreaterThan(atEnd - minuteLater, 40, "strap \(strap): \(atEnd) → \(minuteLater)")
            // Without the rest the next bout (from 210 s) has them climbing again.
            XCTAssertGreaterThan(bpm(working, strap: strap, at: 228), bpm(resting, strap: strap, at: 228) + 15)
        }
    }

    func testTheSameWhateverTheStepping() throws {
        let changes: [(Workload, UInt64)] = [(.resting, 100_000_000_000), (.training, 150_000_000_000)]
        let fine = try readings(seconds: 200, chunkMs: 20, changes: changes)
        let coarse = try readings(seconds: 200, chunkMs: 1000, changes: changes)
        XCTAssertEqual(fine, coarse)
        // Back to training: the heart rate climbs again after 150 s.
        XCTAssertGreaterThan(bpm(fine, strap: 0, at: 199), bpm(fine, strap: 0, at: 150) + 10)
    }

    /// The threaded source applies a change told before it starts from exactly that time, as the stepped one does.
    func testTheThreadedSourceRestsAtTheSameMoment() throws {
        let team = SimulatedTeam(count: 3, seed: 4)
        let source = SimulatedSource(team: team, seed: 4, speed: 2000)
        source.setWorkload(.resting, atNs: 60_000_000_000)
        let ring = SPSCRing<SensorEvent>(capacity: 65_536)
        try source.start(straps: team.strapTable, ring: ring, wake: {})
        let deadline = Date().addingTimeInterval(20)
        while source.nowNs() < 100_000_000_000, Date() < deadline { usleep(2_000) }
        source.stop()
        var threaded: [Reading] = []
        ring.drain { e in if e.kind == .measurement, e.bpm > 0 { threaded.append(Reading(strap: e.strap, tNs: e.timestampNs, bpm: e.bpm)) } }
        let stepped = try readings(seconds: 100, chunkMs: 20, changes: [(.resting, 60_000_000_000)])
        let sort: (Reading, Reading) -> Bool = { ($0.tNs, $0.strap) < ($1.tNs, $1.strap) }
        let horizon: UInt64 = 95_000_000_000
        XCTAssertEqual(threaded.filter { $0.tNs < horizon }.sorted(by: sort), stepped.filter { $0.tNs < horizon }.sorted(by: sort))
    }
}

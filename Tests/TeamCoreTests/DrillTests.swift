import TeamCore
import XCTest

/// A session's drills as phases: where an open drill ends, and what the store and `record --drill` refuse.
final class DrillTests: XCTestCase {
    func testAnOpenDrillRunsToTheNextOrTheEffortsEndAndOneAfterTheEndMakesNone() {
        let drills = [DrillStart(name: "SSG 4v4", startMs: 600_000), DrillStart(name: "Warm-up", startMs: 0, endMs: 300_000),
                      DrillStart(name: "Sprints", startMs: 900_000), DrillStart(name: "Too late", startMs: 1_300_000)]
        XCTAssertEqual(DrillStart.phases(drills, effortEndMs: 1_200_000), [
            SessionPhase(kind: .drill, name: "Warm-up", fromMs: 0, toMs: 300_000),
            SessionPhase(kind: .drill, name: "SSG 4v4", fromMs: 600_000, toMs: 900_000),
            SessionPhase(kind: .drill, name: "Sprints", fromMs: 900_000, toMs: 1_200_000),
        ])
    }

    func testBadDrillsAreRefusedInOneLine() {
        let effort: Int64 = 600_000
        let cases: [([DrillStart], String)] = [
            ([DrillStart(name: String(repeating: "x", count: 10_000), startMs: 0)], "drill name has more than 32 characters (10000 bytes)"),
            ([DrillStart(name: "  ", startMs: 0)], "drill name is empty"),
            ([DrillStart(name: "a\nb", startMs: 0)], "drill name cannot hold a line break or another control character"),
            ([DrillStart(name: "A", startMs: 0, endMs: 200_000), DrillStart(name: "B", startMs: 100_000)], "drills 'A' and 'B' overlap"),
            ([DrillStart(name: "A", startMs: 0), DrillStart(name: "B", startMs: 0)], "drills 'A' and 'B' start at the same time"),
            ([DrillStart(name: "A", startMs: 600_000)], "drill 'A' starts at 600 s, beyond the session's 600 s"),
            ([DrillStart(name: "A", startMs: 0, endMs: 700_000)], "drill 'A' ends at 700 s, beyond the session's 600 s"),
            ([DrillStart(name: "A", startMs: 10_000, endMs: 10_000)], "drill 'A' ends before it starts"),
        ]
        for (drills, problem) in cases { XCTAssertEqual(DrillStart.problem(drills, effortMs: effort), problem) }
        XCTAssertNil(DrillStart.problem([DrillStart(name: "A", startMs: 0, endMs: 100_000), DrillStart(name: "B", startMs: 100_000)], effortMs: effort))
        XCTAssertEqual(Drill.trimmed("  Rondo 5v2 "), "Rondo 5v2")
    }

    func testAnIntervalBlockIsAPhaseUnderItsLapLabel() {
        let block = IntervalProgram(repeats: 8, workMs: 30_000, restMs: 30_000).block(3)!
        XCTAssertEqual(block.phase, SessionPhase(kind: .rest, name: "REST 2/8", fromMs: 90_000, toMs: 120_000))
        XCTAssertEqual(block.phase.intervalLabel, IntervalLapLabel(kind: .rest, number: 2, of: 8))
        XCTAssertNil(SessionPhase(kind: .drill, name: "WORK 1/2", fromMs: 0, toMs: 1).intervalLabel, "a drill is never read as a block")
    }
}

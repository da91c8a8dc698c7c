import Analytics
import ClubProtocol
import Foundation
import TeamCore
import XCTest

/// Format 3: the session's drills in the bundle (decision 077). Without drills a bundle keeps the format and bytes
/// it had; with them, format 3, read back into the analysis as phases; bad drills are the bundle's problems.
final class BundleDrillTests: XCTestCase {
    private func bundle(_ seed: UInt64 = 3) -> SessionBundle {
        var rng = SeededGenerator(seed: seed)
        var b = RandomBundles.make(&rng)
        while b.participants.count < 2 || (b.session.effortEndMs ?? 0) < 60_000 { b = RandomBundles.make(&rng) }
        return b
    }

    func testDrillsMakeFormatThreeAndReadBackAsPhases() throws {
        let b = bundle()
        var read = b.contents(sessionID: 5)
        XCTAssertNil(try SessionBundle(rows: read.rows, identities: read.identities, strapEvents: read.strapEvents).drills)
        let effort = SessionInput(read.rows).effortEndMs
        read.rows.drills = [DrillStart(name: "Warm-up", startMs: 0, endMs: effort / 3), DrillStart(name: "SSG 4v4", startMs: effort / 2)]
        let drilled = try SessionBundle(rows: read.rows, identities: read.identities, strapEvents: read.strapEvents)
        XCTAssertEqual(drilled.format, 3)
        XCTAssertTrue(drilled.problems.isEmpty, drilled.problems.joined(separator: "; "))
        let decoded = try CanonicalJSON.decode(SessionBundle.self, from: try drilled.canonicalBytes())
        XCTAssertEqual(decoded, drilled)
        let phases = SessionAnalysis(SessionInput(decoded.contents(sessionID: 5).rows)).phases.filter { $0.kind == .drill }
        XCTAssertEqual(phases.map(\.name), ["Warm-up", "SSG 4v4"])
        XCTAssertEqual(phases.last?.toMs, effort)
        XCTAssertEqual(drilled.withoutRatings.format, 3, "the drills stay when the ratings go")
        var stripped = drilled
        stripped.drills = nil
        stripped.format = 1
        XCTAssertEqual(try stripped.canonicalBytes(), try b.canonicalBytes(), "only the drills differ")
    }

    /// A bundle's drill is `TeamCore.DrillStart` itself (no twin type): its bytes on the wire, written out by hand.
    func testADrillOnTheWireIsItsNameStartAndEndAsFormatThreeWroteThem() throws {
        let drills = [DrillStart(name: "SSG 4v4", startMs: 0, endMs: 20_000), DrillStart(name: "Sprints", startMs: 30_000)]
        XCTAssertEqual(String(decoding: try CanonicalJSON.encode(drills), as: UTF8.self),
                       #"[{"endMs":20000,"name":"SSG 4v4","startMs":0},{"name":"Sprints","startMs":30000}]"#)
        XCTAssertEqual(try CanonicalJSON.decode([DrillStart].self, from: Data(#"[{"name":"A","startMs":5}]"#.utf8)),
                       [DrillStart(name: "A", startMs: 5)])
    }

    func testBadDrillsAreTheBundlesProblems() {
        var b = bundle()
        let effort = b.session.effortEndMs ?? 0
        b.drills = [DrillStart(name: "A", startMs: 0)]
        XCTAssertTrue(b.problems.contains { $0.contains("carries no drills") }, b.problems.joined(separator: "; "))
        b.format = 3
        XCTAssertTrue(b.problems.isEmpty, b.problems.joined(separator: "; "))
        for (drills, says) in [([DrillStart(name: String(repeating: "x", count: 10_000), startMs: 0)], "a drill's name"),
                               ([DrillStart(name: "A", startMs: 0, endMs: 20_000), DrillStart(name: "B", startMs: 10_000)], "overlap"),
                               ([DrillStart(name: "A", startMs: effort)], "beyond the session")] {
            b.drills = drills
            XCTAssertTrue(b.problems.contains { $0.contains(says) }, "\(says): \(b.problems)")
        }
    }
}

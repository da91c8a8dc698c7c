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

    func testBadDrillsAreTheBundlesProblems() {
        var b = bundle()
        let effort = b.session.effortEndMs ?? 0
        b.drills = [BundleDrill(name: "A", startMs: 0)]
        XCTAssertTrue(b.problems.contains { $0.contains("carries no drills") }, b.problems.joined(separator: "; "))
        b.format = 3
        XCTAssertTrue(b.problems.isEmpty, b.problems.joined(separator: "; "))
        for (drills, says) in [([BundleDrill(name: String(repeating: "x", count: 10_000), startMs: 0)], "a drill's name"),
                               ([BundleDrill(name: "A", startMs: 0, endMs: 20_000), BundleDrill(name: "B", startMs: 10_000)], "overlap"),
                               ([BundleDrill(name: "A", startMs: effort)], "beyond the session")] {
            b.drills = drills
            XCTAssertTrue(b.problems.contains { $0.contains(says) }, "\(says): \(b.problems)")
        }
    }
}

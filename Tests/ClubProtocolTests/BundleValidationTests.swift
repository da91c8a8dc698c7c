import ClubProtocol
import Foundation
import TeamCore
import XCTest

final class BundleValidationTests: XCTestCase {
    func testRandomBundlesInsideTheRulesHaveNoProblems() {
        for seed in 0..<40 as Range<UInt64> {
            var rng = SeededGenerator(seed: seed)
            XCTAssertEqual(RandomBundles.make(&rng).problems, [], "seed \(seed)")
        }
    }

    func testMadeUpSessionsAreValidAndRepeatTheirBytes() throws {
        let a = SyntheticSession.make(seed: 4, players: 3, minutes: 2, startedMs: 1_767_225_600_000)
        XCTAssertEqual(a.problems, [])
        XCTAssertEqual(a.sampleCount, 3 * 120)
        XCTAssertEqual(try a.contentHash(), try SyntheticSession.make(seed: 4, players: 3, minutes: 2, startedMs: 1_767_225_600_000).contentHash())
        XCTAssertNotEqual(try a.contentHash(), try SyntheticSession.make(seed: 5, players: 3, minutes: 2, startedMs: 1_767_225_600_000).contentHash())
    }

    func testEachBrokenRuleIsNamed() {
        var rng = SeededGenerator(seed: 99)
        var good = RandomBundles.make(&rng, maxPlayers: 3)
        while good.participants.isEmpty || good.participants[0].samples.count == 0 { good = RandomBundles.make(&rng, maxPlayers: 3) }
        func problems(_ change: (inout SessionBundle) -> Void) -> [String] {
            var b = good
            change(&b)
            return b.problems
        }
        XCTAssertTrue(problems { $0.format = 2 }.contains { $0.contains("format") })
        XCTAssertTrue(problems { $0.session.state = "lost" }.contains { $0.contains("state") })
        XCTAssertTrue(problems { $0.session.zoneModel = "vibes" }.contains { $0.contains("zone model") })
        XCTAssertTrue(problems { $0.participants[0].samples.bpm.removeLast() }.contains { $0.contains("differ in length") })
        XCTAssertTrue(problems { $0.participants[0].samples.tMsDeltas[0] = -1 }.contains { $0.contains("go back") })
        XCTAssertTrue(problems { $0.participants[0].samples.strap[0] = 99 }.contains { $0.contains("strap not in the list") })
        XCTAssertTrue(problems { $0.participants[0].samples.contact[0] = 7 }.contains { $0.contains("contact") })
        XCTAssertTrue(problems { $0.participants[0].physiology.sex = "X" }.contains { $0.contains("sex") })
        XCTAssertTrue(problems { $0.participants[0].physiology.maxHR = .nan }.contains { $0.contains("finite") })
        XCTAssertTrue(problems { $0.participants.append($0.participants[0]) }.contains { $0.contains("twice") })
        XCTAssertTrue(problems { $0.straps[0].address = "nope" }.contains { $0.contains("address") })
        XCTAssertTrue(problems { $0.strapEvents = [BundleStrapEvent(strap: 0, tMs: 1, kind: "mood", value: 1)] }.contains { $0.contains("kind") })
    }
}

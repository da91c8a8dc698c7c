import TeamCore
import XCTest

/// Issue 25, item 5: a challenge's scores as the wall shows them, and who won.
final class SessionChallengeTests: XCTestCase {
    private func challenge(_ rule: ChallengeRule, _ a: Double?, _ b: Double?) -> SessionChallenge {
        SessionChallenge(rule: rule, sides: [.init(name: "Reds", playerIDs: [1, 2], score: a), .init(name: "Blues", playerIDs: [3], score: b)])
    }

    func testScoresReadAsPointsOrMinutesAndSeconds() {
        XCTAssertEqual(ChallengeRule.effortPoints.format(42.6), "43")
        XCTAssertEqual(ChallengeRule.higherZone.format(125.9), "2:05")
        XCTAssertEqual(ChallengeRule.higherZone.format(0), "0:00")
    }

    func testTheWinnerIsTheSideAheadAsShownAndALeadNobodySawIsADraw() {
        XCTAssertEqual(challenge(.effortPoints, 43.2, 40).winner, 0)
        XCTAssertEqual(challenge(.effortPoints, 43.2, 40).outcome, "Reds won")
        XCTAssertEqual(challenge(.higherZone, 61, 65).outcome, "Blues won")
        XCTAssertNil(challenge(.effortPoints, 43.2, 42.9).winner, "both read 43")
        XCTAssertEqual(challenge(.effortPoints, 43.2, 42.9).outcome, "A draw")
        XCTAssertEqual(challenge(.effortPoints, nil, nil).outcome, "No result")
        XCTAssertFalse(challenge(.effortPoints, 1, nil).isDecided)
    }
}

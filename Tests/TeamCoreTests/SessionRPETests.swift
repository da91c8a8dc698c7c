import Foundation
import TeamCore
import XCTest

/// The rating rules of session RPE: the CR-10 scale, who may rate what, and the 2-hour window.
final class SessionRPETests: XCTestCase {
    let end = Date(timeIntervalSince1970: 1_780_000_000)
    var session: Session {
        Session(id: 9, teamID: 1, plannedDurationMs: 600_000, startedAt: end.addingTimeInterval(-660), endedAt: end,
                state: .ended, effortEndMs: 600_000)
    }

    func testFostersAnchors() {
        XCTAssertEqual(SessionRPE.anchor(0), "Rest")
        XCTAssertEqual(SessionRPE.anchor(3), "Moderate")
        XCTAssertEqual(SessionRPE.anchor(10), "Maximal")
        XCTAssertEqual((0...10).filter { SessionRPE.anchor($0) == nil }, [6, 8, 9], "Foster 2001 leaves 6, 8 and 9 without words")
    }

    func testTheLoadIsTheRatingTimesTheEffortMinutesWithoutTheRecoveryMinute() {
        XCTAssertEqual(session.effortMinutes, 10, "11 minutes recorded, the effort ended at 10")
        XCTAssertEqual(SessionRPE.load(rpe: 7, effortMinutes: 10), 70)
        var running = session
        running.endedAt = nil
        running.plannedDurationMs = nil
        XCTAssertNil(running.effortMinutes, "an open-ended session still running has no length yet")
    }

    func testEveryValueOnTheScaleIsTakenInTheWindowAndNothingOffIt() {
        for v in 0...10 { XCTAssertNil(session.refusal(rpe: v, number: 7, participant: true, at: end, byCoach: false)) }
        XCTAssertEqual(session.refusal(rpe: 11, number: 7, participant: true, at: end, byCoach: false), .offScale(11))
        XCTAssertEqual(session.refusal(rpe: -1, number: 7, participant: true, at: end, byCoach: true), .offScale(-1))
    }

    func testTheWindowClosesTwoHoursAfterTheEndForPlayersOnly() {
        let last = end.addingTimeInterval(7200), late = end.addingTimeInterval(7201)
        XCTAssertNil(session.refusal(rpe: 5, number: 7, participant: true, at: last, byCoach: false))
        XCTAssertEqual(session.refusal(rpe: 5, number: 7, participant: true, at: late, byCoach: false),
                       .windowClosed(sessionID: 9, closedAt: last))
        XCTAssertNil(session.refusal(rpe: 5, number: 7, participant: true, at: end.addingTimeInterval(86_400 * 30), byCoach: true),
                     "the coach corrects at any time")
    }

    func testOnlyPlayersOfAFinishedTrainingSession() {
        XCTAssertEqual(session.refusal(rpe: 5, number: 8, participant: false, at: end, byCoach: true), .notInSession(number: 8, sessionID: 9))
        var running = session
        running.state = .running
        XCTAssertEqual(running.refusal(rpe: 5, number: 7, participant: true, at: end, byCoach: true), .notFinished(sessionID: 9))
        var check = session
        check.tags = SessionTags.readinessCheck(posture: .lying).tags
        XCTAssertEqual(check.refusal(rpe: 5, number: 7, participant: true, at: end, byCoach: true), .readinessCheck(sessionID: 9))
    }

    func testEachRefusalIsOnePlainLineSayingNothingChanged() {
        let refusals: [RatingRefusal] = [.offScale(11), .notFinished(sessionID: 1), .readinessCheck(sessionID: 1),
                                         .notInSession(number: 3, sessionID: 1), .windowClosed(sessionID: 1, closedAt: end)]
        for r in refusals {
            XCTAssertFalse(r.description.contains("\n"))
            XCTAssertTrue(r.description.hasSuffix("nothing was changed"), r.description)
        }
    }
}

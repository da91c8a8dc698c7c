@testable import AppCore
import TeamCore
import XCTest

/// Issue 36, item 3: drills planned in the lobby (the first starts with the session), the next and one on the
/// fly started by touch, each a `.startDrill` effect at its session offset (pauses counted, as a lap's).
final class AppReducerDrillTests: XCTestCase {
    private let library = [Drill(id: 1, teamID: AppFixture.teamID, name: "Warm-up"), Drill(id: 2, teamID: AppFixture.teamID, name: "SSG 4v4", plannedMinutes: 8),
                           Drill(id: 3, teamID: AppFixture.teamID, name: "Rondo 5v2")]

    func testAPlanStartsWithTheSessionAndNextAndOnTheFlyFollowIt() {
        var app = AppFixture.lobby()
        app.send(.lobby(.drills(.libraryLoaded(teamID: 99, library))))
        XCTAssertEqual(app.state.lobby.drillLibrary, [], "another team's library")
        app.send(.lobby(.drills(.libraryLoaded(teamID: AppFixture.teamID, library))))
        app.sendAll([.lobby(.drills(.edit(true))), .lobby(.drills(.add(0))), .lobby(.drills(.add(2))), .lobby(.drills(.removeLast)),
                     .lobby(.drills(.add(1))), .lobby(.drills(.add(7))), .lobby(.drills(.edit(false)))])
        XCTAssertEqual(app.state.lobby.drillPlan, ["Warm-up", "SSG 4v4"])
        app.send(AppFixture.hr(strap: 0, bpm: 90, atMs: 9_500))
        app.send(.tick(nowMs: 10_000))
        app.send(.live(.start), .startSession(teamID: AppFixture.teamID, lineup: AppFixture.lineup, plannedMs: 20 * 60_000))
        app.send(.live(.started(AppFixture.start(42, atMs: 10_000))),
                 .loadLastTime(teamID: AppFixture.teamID, sessionID: 42, playerIDs: [10, 11, 12]),
                 .startDrill(sessionID: 42, DrillStart(name: "Warm-up", startMs: 0)))
        XCTAssertEqual(app.live?.nextPlannedDrill, "SSG 4v4")
        app.send(.tick(nowMs: 70_000))
        app.send(.live(.pause), .setSessionPaused(sessionID: 42, paused: true))
        app.send(.tick(nowMs: 100_000))
        app.send(.live(.startDrill("SSG 4v4")), .startDrill(sessionID: 42, DrillStart(name: "SSG 4v4", startMs: 90_000)))
        XCTAssertNil(app.live?.nextPlannedDrill, "the plan is done")
        app.send(.live(.startDrill("SSG 4v4")))  // a second start in the same millisecond is none
        app.send(.live(.pickDrill(true)))
        XCTAssertEqual(app.live?.pickingDrill, true)
        app.send(.tick(nowMs: 130_000))
        app.send(.live(.startDrill("Rondo 5v2")), .startDrill(sessionID: 42, DrillStart(name: "Rondo 5v2", startMs: 120_000)))
        XCTAssertEqual(app.live?.pickingDrill, false, "one tap starts it and closes the sheet")
        XCTAssertEqual(app.live?.currentDrill?.name, "Rondo 5v2")
        app.send(.live(.startDrill(String(repeating: "x", count: 10_000))))
        XCTAssertEqual(app.live?.drills.count, 3, "no drill of a name the store would refuse")
    }

    func testANewDrillIsTypedOnTheKeyboardAndATwinOrABadNameStaysInTheForm() {
        var app = AppFixture.lobby()
        app.send(.lobby(.drills(.libraryLoaded(teamID: AppFixture.teamID, library))))
        app.send(.form(.newDrill))
        for key in ["s", "s", "g", " ", "4", "v", "4"] { app.send(.form(.key(key))) }
        app.send(.form(.submit))
        XCTAssertEqual(app.state.form?.problems.map(\.english), ["the team has SSG 4v4 already"])
        app.send(.form(.backspace))
        app.send(.form(.key("5")))
        app.send(.form(.submit), .addDrill(teamID: AppFixture.teamID, name: "ssg 4v5"))
        XCTAssertNil(app.state.form)
        app.send(.form(.newDrill))
        app.send(.form(.submit))
        XCTAssertEqual(app.state.form?.problems.map(\.english), ["the name is empty"])
    }
}

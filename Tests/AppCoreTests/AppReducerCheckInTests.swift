@testable import AppCore
import Foundation
import Localization
import TeamCore
import XCTest

/// The morning Check-in (issue 36, item 2): opened from the lobby (or the season after a readiness
/// check), a player's tile opens the five questions, Save only once every row has an answer, Done
/// goes back where it came from.
final class AppReducerCheckInTests: XCTestCase {
    private let lines = [CheckInLine(playerID: 10, name: "Ada", number: 7, answered: false),
                         CheckInLine(playerID: 11, name: "Bo", number: 9, answered: true)]

    func testAPlayerAnswersFiveRowsAndSaves() {
        var app = AppFixture.lobby()
        app.send(.navigate(.checkIn), .loadCheckIn(teamID: 1))
        XCTAssertEqual(app.state.screen, .checkIn)
        app.send(.checkIn(.loaded(day: SeasonDay(dayNumber: 20_526, label: "Sat 14 Mar"), lines)))
        app.send(.checkIn(.save))  // nobody chosen: nothing
        app.send(.checkIn(.pick(playerID: 10)))
        for (item, value) in zip(WellnessItem.allCases, [4, 2, 3, 5, 1]) { app.send(.checkIn(.answer(item, value))) }
        app.send(.checkIn(.answer(.sleep, 6)))  // off the scale: ignored
        app.send(.checkIn(.answer(.sleep, 3)))  // a second tap on a row changes it
        let answers = WellnessAnswers(fatigue: 4, sleep: 3, soreness: 3, stress: 5, mood: 1)
        app.send(.checkIn(.save), .saveWellness(teamID: 1, number: 7, answers: answers))
        app.send(.checkIn(.saved(playerID: 10)))
        XCTAssertNil(app.state.checkIn?.choosing, "the questions close for the next player")
        XCTAssertEqual(app.state.checkIn?.answeredCount, 2)
        XCTAssertEqual(app.state.notice?.english, "Thanks, #7 — 2 of 2 checked in", "said without the answers")
        app.send(.checkIn(.close), .loadRoster(teamID: 1), .loadFlags(teamID: 1))
        XCTAssertEqual(app.state.screen, .lobby)
        XCTAssertNil(app.state.checkIn)
    }

    func testSaveWaitsForEveryRowAndAPickStartsBlank() {
        var app = AppFixture.lobby()
        app.send(.navigate(.checkIn), .loadCheckIn(teamID: 1))
        app.send(.checkIn(.loaded(day: SeasonDay(dayNumber: 20_526, label: "Sat 14 Mar"), lines)))
        app.send(.checkIn(.pick(playerID: 10)))
        for item in WellnessItem.allCases.dropLast() { app.send(.checkIn(.answer(item, 3))) }
        app.send(.checkIn(.save))  // mood missing: no effect
        XCTAssertNil(app.state.checkIn?.answers)
        app.send(.checkIn(.cancelPick))
        app.send(.checkIn(.pick(playerID: 11)))
        XCTAssertEqual(app.state.checkIn?.draft, [nil, nil, nil, nil, nil])
        app.send(.checkIn(.pick(playerID: 99)))
        XCTAssertEqual(app.state.checkIn?.choosing, 11, "not a player of the sheet")
    }
}

/// The lobby's "Needs attention" (issue 36, item 6): loaded with the lobby, opened, a row dismissed for today.
final class AppReducerAttentionTests: XCTestCase {
    private let lines = [AttentionLine(key: "wellness/player-10", title: "Wellness drop", kind: "wellness", subject: "#7 Ada", reason: "total 14 vs 17.0 ± 2.2",
                                       advice: "Have a word"),
                         AttentionLine(key: "max-hr/player-11", title: "No HRmax set", kind: "HRmax", subject: "#9 Bo", reason: "tanaka 187", advice: "Enter one")]

    func testTheListOpensAndADismissalTakesItsRowAway() {
        var app = AppFixture.lobby()
        app.send(.lobby(.attention(.open(true))))
        XCTAssertFalse(app.state.lobby.showingAttention, "nothing loaded yet")
        app.send(.lobby(.attention(.loaded(teamID: 2, lines))))
        XCTAssertNil(app.state.lobby.attention, "another team's list")
        app.send(.lobby(.attention(.loaded(teamID: 1, lines))))
        app.send(.lobby(.attention(.open(true))))
        XCTAssertTrue(app.state.lobby.showingAttention)
        app.send(.lobby(.attention(.dismiss(key: "acwr/player-10"))))  // not on the list: nothing
        app.send(.lobby(.attention(.dismiss(key: "wellness/player-10"))), .dismissFlag(teamID: 1, key: "wellness/player-10"))
        app.send(.lobby(.attention(.dismissed(key: "wellness/player-10"))))
        XCTAssertEqual(app.state.lobby.attention?.map(\.key), ["max-hr/player-11"])
        app.send(.lobby(.attention(.dismissed(key: "max-hr/player-11"))))
        XCTAssertFalse(app.state.lobby.showingAttention, "an empty list closes")
        app.send(.navigate(.lobby), .loadRoster(teamID: 1), .loadFlags(teamID: 1))
    }
}

@testable import AppCore
import XCTest
import TeamCore

/// Context tags: chosen in the lobby one tap each, started with the session, remembered per team.
final class AppReducerTagTests: XCTestCase {
    func testOneTapEachAndAgainClears() {
        var app = AppFixture.lobby()
        app.send(.lobby(.tags(.edit(true))))
        XCTAssertTrue(app.state.lobby.editingTags)
        app.send(.lobby(.tags(.moment(.afterTraining))))
        app.send(.lobby(.tags(.kind(.match))))
        app.send(.lobby(.tags(.kind(.test))))
        app.send(.lobby(.tags(.posture(.sitting))))
        app.send(.lobby(.tags(.posture(.sitting))))
        XCTAssertEqual(app.state.lobby.tags, SessionTags(moment: .afterTraining, kind: .test), "another kind replaces; the same posture again clears")
        app.send(.lobby(.tags(.edit(false))))
        XCTAssertFalse(app.state.lobby.editingTags)
    }

    func testTheWordIsTypedCheckedAndStoredLowerCase() {
        var app = AppFixture.lobby()
        app.send(.form(.typeTagWord))
        XCTAssertEqual(app.state.form?.kind, .tagWord)
        XCTAssertEqual(app.state.form?.focus, .tagWord)
        for key in ["S", "print", " ", " ", "-", "T", "est", ",", "!"] { app.send(.form(.key(key))) }
        XCTAssertEqual(app.state.form?.value(.tagWord), "sprint-test", "a space becomes one hyphen; commas and marks are not typed")
        app.send(.form(.submit))
        XCTAssertNil(app.state.form)
        XCTAssertEqual(app.state.lobby.tags.word, "sprint-test")
        app.send(.form(.typeTagWord))
        XCTAssertEqual(app.state.form?.value(.tagWord), "sprint-test", "the word so far, to change")
        for _ in 0..<11 { app.send(.form(.backspace)) }
        app.send(.form(.submit))
        XCTAssertNil(app.state.lobby.tags.word, "an empty word clears it")
        app.send(.form(.typeTagWord))
        for key in ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p", "q", "r"] { app.send(.form(.key(key))) }
        XCTAssertEqual(app.state.form?.value(.tagWord).count, SessionTags.maxWordLength, "the keyboard stops at the limit")
    }

    func testAWordThatCannotBeATagIsRefusedAndChangesNothing() {
        var app = AppFixture.lobby()
        app.send(.lobby(.tags(.word("warm-up"))))
        app.send(.lobby(.tags(.word("no, commas"))))
        app.send(.lobby(.tags(.word(String(repeating: "x", count: 17)))))
        XCTAssertEqual(app.state.lobby.tags.word, "warm-up")
    }

    func testTheSessionStartsWithTheTags() {
        var app = AppFixture.lobby()
        app.send(.lobby(.tags(.kind(.match))))
        app.send(.lobby(.tags(.word("derby"))))
        app.send(AppFixture.hr(strap: 0, bpm: 80, atMs: 1000))
        app.send(.live(.start), .startSession(teamID: 1, lineup: AppFixture.lineup, plannedMs: 20 * 60_000,
                                              tags: ["match", "derby"]))
    }

    func testTagsAreChosenOnlyInTheLobby() {
        var app = AppFixture.lobby()
        app.send(.navigate(.setup))
        app.sendAll([.lobby(.tags(.kind(.match))), .lobby(.tags(.edit(true))), .form(.typeTagWord)])
        XCTAssertEqual(app.state.lobby.tags, SessionTags())
        XCTAssertNil(app.state.form)
    }

    /// A team's lobby starts from the tags of its last session (the store keeps them); coming
    /// back to the same team keeps what the coach chose since.
    func testEachTeamStartsFromItsLastChoice() {
        var app = AppHarness()
        let eagles = TeamCard(team: Team(id: 1, name: "Eagles", colour: RGBColour.teamPalette[0]), playerCount: 3, lastSessionAt: nil,
                              unreviewedSessions: 0, lastTags: ["before-training", "training"])
        let hawks = TeamCard(team: Team(id: 2, name: "Hawks", colour: RGBColour.teamPalette[1]), playerCount: 0, lastSessionAt: nil,
                             unreviewedSessions: 0, lastTags: ["match", "some", "thing"])
        app.send(.teams(.loaded([eagles, hawks])))
        app.send(.teams(.pick(1)), .loadRoster(teamID: 1), .loadSessions(teamID: 1), .loadFlags(teamID: 1))
        XCTAssertEqual(app.state.lobby.tags, SessionTags(moment: .beforeTraining, kind: .training))
        app.send(.lobby(.tags(.posture(.lying))))
        app.send(.navigate(.home), .loadTeams)
        app.send(.teams(.pick(1)), .loadRoster(teamID: 1), .loadSessions(teamID: 1), .loadFlags(teamID: 1))
        XCTAssertEqual(app.state.lobby.tags.posture, .lying)
        app.send(.navigate(.home), .loadTeams)
        app.send(.teams(.pick(2)), .loadRoster(teamID: 2), .loadSessions(teamID: 2), .loadFlags(teamID: 2))
        XCTAssertEqual(app.state.lobby.tags, SessionTags(kind: .match, word: "some"), "an older session's extra words are left out")
        app.send(.navigate(.home), .loadTeams)
        app.send(.teams(.created(teamID: 3)), .loadTeams, .loadRoster(teamID: 3))
        XCTAssertEqual(app.state.lobby.tags, SessionTags(), "a team made now starts without another team's tags")
    }
}

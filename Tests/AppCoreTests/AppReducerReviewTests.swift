@testable import AppCore
import Foundation
import XCTest
import Localization
import TeamCore

final class AppReducerReviewTests: XCTestCase {
    private let card = SessionCard(sessionID: 42, startedAt: Date(timeIntervalSince1970: 0), durationMs: 600_000, playerCount: 2, reviewed: false)

    private func data() -> ReviewData {
        let ada = ReviewPlayer(playerID: 10, name: "Ada", shirtNumber: 7,
                               physiology: Physiology(player: AppFixture.player("Ada"), year: 2026, formula: .tanaka),
                               series: [SeriesPoint(tMs: 0, bpm: 90)], digest: SessionDigest())
        return ReviewData(sessionID: 42, startedAt: card.startedAt, durationMs: 600_000, lapsMs: [], players: [ada])
    }

    func testTheListOpensASessionWhichIsMarkedReviewed() {
        var app = AppFixture.lobby()
        app.send(.navigate(.review), .loadSessions(teamID: 1))
        app.send(.review(.sessionsLoaded(teamID: 2, [card])))
        XCTAssertEqual(app.state.review.sessions, [], "another team's list")
        app.send(.review(.sessionsLoaded(teamID: 1, [card])))
        XCTAssertEqual(app.state.review.sessions, [card])
        app.send(.review(.open(sessionID: 42)), .loadReview(sessionID: 42), .markReviewed(sessionID: 42))
        app.send(.review(.loaded(data())))
        XCTAssertEqual(app.state.review.data?.sessionID, 42)
        app.send(.review(.close), .loadSessions(teamID: 1))
        XCTAssertNil(app.state.review.data)
    }

    func testAPlayersGraphAndTheCursorOnIt() {
        var app = AppFixture.lobby()
        app.send(.navigate(.review), .loadSessions(teamID: 1))
        app.send(.review(.loaded(data())))
        app.send(.review(.selectPlayer(10)))
        XCTAssertEqual(app.state.review.selectedPlayer?.name, "Ada")
        app.send(.review(.cursor(700_000)))
        XCTAssertEqual(app.state.review.cursorMs, 600_000, "held within the session")
        app.send(.review(.cursor(-5)))
        XCTAssertEqual(app.state.review.cursorMs, 0)
        app.send(.review(.selectPlayer(nil)))
        XCTAssertNil(app.state.review.cursorMs, "a new graph starts without a cursor")
    }

    func testExportingTheOpenSession() {
        var app = AppFixture.lobby()
        app.send(.review(.export))
        app.send(.navigate(.review), .loadSessions(teamID: 1))
        app.send(.review(.export)) // nothing open yet
        app.send(.review(.loaded(data())))
        app.send(.review(.export), .exportSession(sessionID: 42))
        XCTAssertEqual(app.state.notice?.english, "Exporting…")
    }
}

/// The sessions list's tag filter, and deleting a session (PIN, then a question).
final class AppReducerReviewDeleteTests: XCTestCase {
    private func card(_ id: Int64, _ tags: [String]) -> SessionCard {
        SessionCard(sessionID: id, startedAt: Date(timeIntervalSince1970: Double(id)), durationMs: 660_000, playerCount: 2, reviewed: true,
                    effortMs: 600_000, tags: tags, averageBPM: 140)
    }

    private func reviewList() -> AppHarness {
        var app = AppFixture.lobby()
        app.send(.navigate(.review), .loadSessions(teamID: 1))
        app.send(.review(.sessionsLoaded(teamID: 1, [card(1, ["match", "sitting"]), card(2, ["training"]), card(3, ["match"]), card(4, [])])))
        return app
    }

    func testTheListFiltersByOneTagOfItsSessions() {
        var app = reviewList()
        XCTAssertEqual(app.state.review.filterTags, ["match", "sitting", "training"], "most used first, then alphabetically")
        app.send(.review(.filter(tag: "match")))
        XCTAssertEqual(app.state.review.shownSessions.map(\.sessionID), [1, 3])
        app.send(.review(.filter(tag: "nothing-has-it")))
        XCTAssertEqual(app.state.review.tagFilter, "match", "only a tag the sessions carry")
        app.send(.review(.filter(tag: nil)))
        XCTAssertEqual(app.state.review.shownSessions.map(\.sessionID), [1, 2, 3, 4])
        app.send(.review(.filter(tag: "training")))
        // The only training session went (deleted): the list does not stay empty behind a filter.
        app.send(.review(.sessionsLoaded(teamID: 1, [card(1, ["match"])])))
        XCTAssertNil(app.state.review.tagFilter)
    }

    func testDeleteAsksForThePinThenConfirmsAndReloads() {
        var app = reviewList()
        app.send(.review(.askToDelete))
        XCTAssertNil(app.state.settings.pin, "nothing open to delete")
        let data = ReviewData(sessionID: 3, startedAt: Date(timeIntervalSince1970: 0), durationMs: 275_000, lapsMs: [], players: [],
                              tags: ["match"])
        app.send(.review(.open(sessionID: 3)), .loadReview(sessionID: 3), .markReviewed(sessionID: 3))
        app.send(.review(.loaded(data)))
        app.send(.review(.askToDelete))
        guard case .authorize(let what, .confirmation(.ask(let asked)))? = app.state.settings.pin?.purpose else { return XCTFail("the PIN, then the question") }
        XCTAssertEqual(what, "delete session")
        XCTAssertEqual(asked.questionText, "Delete this session (0 players, 04:35) with every heart rate, beat and lap in it? This cannot be undone.")
        XCTAssertEqual(asked.confirmLabel.english, "Delete for good")
        XCTAssertEqual(asked.onConfirm, .review(.delete(sessionID: 3)))
        for digit in ["9", "9", "9", "9"] { app.send(.settings(.pinKey(digit))) }
        XCTAssertEqual(app.state.settings.pin?.wrong, true, "a wrong PIN asks again")
        XCTAssertNil(app.state.confirmation)
        for digit in ["1", "2", "3", "4"] { app.send(.settings(.pinKey(digit))) }
        XCTAssertNil(app.state.settings.pin)
        XCTAssertEqual(app.state.screen, .review, "the PIN unlocked the question, not the settings")
        XCTAssertEqual(app.state.confirmation?.confirmLabel.english, "Delete for good")
        app.send(.confirmation(.confirm), .deleteSession(sessionID: 3), .loadSessions(teamID: 1), .loadTeams)
        XCTAssertNil(app.state.review.data, "back to the list")
        XCTAssertEqual(app.state.notice?.english, "Session deleted")
    }

    func testCancellingThePinOrTheQuestionDeletesNothing() {
        var app = reviewList()
        app.send(.review(.loaded(ReviewData(sessionID: 1, startedAt: Date(), durationMs: 1000, lapsMs: [], players: []))))
        app.send(.review(.askToDelete))
        app.send(.settings(.pinCancel))
        XCTAssertNil(app.state.settings.pin)
        app.send(.review(.askToDelete))
        for digit in ["1", "2", "3", "4"] { app.send(.settings(.pinKey(digit))) }
        app.send(.confirmation(.cancel))
        XCTAssertEqual(app.state.review.data?.sessionID, 1)
        app.send(.review(.delete(sessionID: 2)))
        XCTAssertEqual(app.state.review.data?.sessionID, 1, "only the open session")
    }
}

/// An HRmax found in the data: asked once a player, accepted or turned down.
final class AppReducerMaxHRSuggestionTests: XCTestCase {
    private func physiology(_ max: Double, _ source: Physiology.MaxSource) -> Physiology {
        Physiology(age: 20, sex: .female, weightKg: 60, restingHR: 50, maxHR: max, maxSource: source)
    }

    func testASuggestionIsAHeldPeakAboveTheFileAndAboveWhatWasTurnedDown() {
        let suggest = { (observed: Int?, onFile: Physiology, dismissed: Int?) in
            MaxHeartRateSuggestion.suggest(playerID: 1, name: "Ada", observedBPM: observed, onFile: onFile, dismissedUpToBPM: dismissed)?.observedBPM
        }
        XCTAssertEqual(suggest(197, physiology(194.3, .tanaka), nil), 197)
        XCTAssertNil(suggest(194, physiology(194.3, .tanaka), nil), "the file's value, rounded, is not above it")
        XCTAssertNil(suggest(nil, physiology(150, .measured), nil), "nothing held for five seconds")
        XCTAssertNil(suggest(170, physiology(150, .measured), 170), "turned down at 170 already")
        XCTAssertEqual(suggest(171, physiology(150, .measured), 170), 171, "more than was turned down")
        XCTAssertNil(suggest(245, physiology(150, .measured), nil), "not a value an HRmax may take")
    }

    private func openReview(_ suggestions: [MaxHeartRateSuggestion]) -> AppHarness {
        var app = AppFixture.lobby()
        app.send(.navigate(.review), .loadSessions(teamID: 1))
        app.send(.review(.loaded(ReviewData(sessionID: 42, startedAt: Date(timeIntervalSince1970: 0), durationMs: 600_000, lapsMs: [],
                                            players: [], maxHRSuggestions: suggestions))))
        return app
    }

    func testUsingOneAndKeepingTheOther() {
        let ada = MaxHeartRateSuggestion(playerID: 10, name: "Ada", observedBPM: 201, onFileBPM: 194, onFileSource: .tanaka)
        let ben = MaxHeartRateSuggestion(playerID: 11, name: "Ben", observedBPM: 188, onFileBPM: 180, onFileSource: .measured)
        var app = openReview([ada, ben])
        app.send(.review(.acceptMaxHR(playerID: 10)), .setMeasuredMaxHR(playerID: 10, bpm: 201), .loadRoster(teamID: 1))
        XCTAssertEqual(app.state.review.data?.maxHRSuggestions, [ben], "the next player is asked")
        XCTAssertEqual(app.state.notice?.english, "Ada: HRmax 201 from the next session on")
        app.send(.review(.acceptMaxHR(playerID: 10)))
        app.send(.review(.dismissMaxHR(playerID: 11)), .dismissMaxHR(playerID: 11, bpm: 188))
        XCTAssertEqual(app.state.review.data?.maxHRSuggestions, [])
        app.send(.review(.dismissMaxHR(playerID: 11)))
    }
}

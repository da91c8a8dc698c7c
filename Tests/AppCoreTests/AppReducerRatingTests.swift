@testable import AppCore
import Foundation
import Localization
import TeamCore
import XCTest

/// "Rate the session" (issue 36): the review's Rate opens the sheet, a player's tile opens their scale,
/// a value is kept by the store, the coach unlocks values and corrections with the PIN.
final class AppReducerRatingTests: XCTestCase {
    private func reviewing() -> AppHarness {
        var app = AppFixture.lobby()
        app.send(.navigate(.review), .loadSessions(teamID: 1))
        let ada = ReviewPlayer(playerID: 10, name: "Ada", shirtNumber: 7,
                               physiology: Physiology(player: AppFixture.player("Ada"), year: 2026, formula: .tanaka),
                               series: [SeriesPoint(tMs: 0, bpm: 90)], digest: SessionDigest())
        app.send(.review(.loaded(ReviewData(sessionID: 42, startedAt: Date(timeIntervalSince1970: 0), durationMs: 600_000,
                                            lapsMs: [], players: [ada]))))
        return app
    }

    private func sheet(windowOpen: Bool = true) -> RatingSheet {
        RatingSheet(sessionID: 42, lines: [RatingLine(playerID: 10, name: "Ada", number: 7), RatingLine(playerID: 11, name: "Bo", number: 9)],
                    windowOpen: windowOpen, windowClosesAt: Date(timeIntervalSince1970: 7200))
    }

    func testTwoTapsAPlayerAfterTheCoachsRate() {
        var app = reviewing()
        app.send(.review(.rating(.open)), .loadRatingSheet(sessionID: 42))
        app.send(.review(.rating(.loaded(sheet()))))
        app.send(.review(.rating(.pick(playerID: 10))))
        XCTAssertEqual(app.state.review.rating?.choosingLine?.name, "Ada")
        app.send(.review(.rating(.rate(7))), .saveRating(sessionID: 42, playerID: 10, rpe: 7, byCoach: false))
        app.send(.review(.rating(.saved(playerID: 10, rpe: 7, byCoach: false))))
        XCTAssertNil(app.state.review.rating?.choosing, "the scale closes for the next player")
        XCTAssertEqual(app.state.review.rating?.ratedCount, 1)
        XCTAssertEqual(app.state.notice?.english, "Thanks, #7 — 1 of 2 rated", "said without the value")
    }

    func testNothingOffTheScaleOrForSomeoneElse() {
        var app = reviewing()
        app.send(.review(.rating(.loaded(sheet()))))
        app.send(.review(.rating(.rate(5)))) // no scale open
        app.send(.review(.rating(.pick(playerID: 99))))
        XCTAssertNil(app.state.review.rating?.choosing)
        app.send(.review(.rating(.pick(playerID: 11))))
        app.send(.review(.rating(.rate(11))))
        app.send(.review(.rating(.rate(-1))))
        app.send(.review(.rating(.cancelPick)))
        XCTAssertNil(app.state.review.rating?.choosing)
        XCTAssertEqual(app.state.review.rating?.ratedCount, 0)
    }

    func testASheetForAnotherSessionIsNotShown() {
        var app = reviewing()
        var other = sheet()
        other.sessionID = 41
        app.send(.review(.rating(.loaded(other))))
        XCTAssertNil(app.state.review.rating)
    }

    func testAfterTheWindowOnlyTheCoachRatesWithThePIN() {
        var app = reviewing()
        app.send(.review(.rating(.loaded(sheet(windowOpen: false)))))
        app.send(.review(.rating(.pick(playerID: 10))))
        XCTAssertNil(app.state.review.rating?.choosing)
        XCTAssertTrue(app.state.notice?.english.hasPrefix("Rating closed at ") == true, app.state.notice?.english ?? "")
        app.send(.review(.rating(.unlockCoach)))
        XCTAssertNotNil(app.state.settings.pin, "the PIN first")
        for digit in ["1", "2", "3", "4"] { app.send(.settings(.pinKey(digit))) }
        XCTAssertEqual(app.state.review.rating?.coach, true)
        XCTAssertEqual(app.state.screen, .review, "the sheet stays")
        app.send(.review(.rating(.pick(playerID: 10))))
        app.send(.review(.rating(.rate(4))), .saveRating(sessionID: 42, playerID: 10, rpe: 4, byCoach: true))
    }

    func testLeavingTheSessionClosesTheSheet() {
        var app = reviewing()
        app.send(.review(.rating(.loaded(sheet()))))
        app.send(.review(.rating(.close)))
        XCTAssertNil(app.state.review.rating)
        app.send(.review(.rating(.loaded(sheet()))))
        app.send(.review(.close), .loadSessions(teamID: 1))
        XCTAssertNil(app.state.review.rating)
    }
}

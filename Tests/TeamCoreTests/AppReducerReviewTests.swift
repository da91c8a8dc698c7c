import Foundation
import XCTest
@testable import TeamCore

final class AppReducerReviewTests: XCTestCase {
    private let card = SessionCard(sessionID: 42, startedAt: Date(timeIntervalSince1970: 0), durationMs: 600_000, playerCount: 2, reviewed: false)

    private func data() -> ReviewData {
        let ada = ReviewPlayer(playerID: 10, name: "Ada", shirtNumber: 7,
                               physiology: Physiology(player: AppFixture.player(10, "Ada"), year: 2026, formula: .tanaka),
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
        XCTAssertEqual(app.state.notice, "Exporting…")
    }
}

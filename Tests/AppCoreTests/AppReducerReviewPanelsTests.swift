@testable import AppCore
import Foundation
import XCTest
import TeamCore

/// Issue 14, items 4 and 5 in the reducer: a player picked out on the team graph, then opened;
/// the player's panel between heart rate and HRV.
final class AppReducerReviewPanelsTests: XCTestCase {
    private func data() -> ReviewData {
        let players = [(10, "Ada", 7), (11, "Bea", 3)].map { id, name, number in
            ReviewPlayer(playerID: Int64(id), name: name, shirtNumber: number,
                         physiology: Physiology(player: AppFixture.player(name), year: 2026, formula: .tanaka),
                         series: [SeriesPoint(tMs: 0, bpm: 90)], digest: SessionDigest())
        }
        return ReviewData(sessionID: 42, startedAt: Date(timeIntervalSince1970: 0), durationMs: 600_000, lapsMs: [], players: players,
                          tags: ["match"], teamBand: [TeamBandPoint(tMs: 500, meanBPM: 95, minBPM: 90, maxBPM: 100)])
    }

    func testAFirstTapPicksAPlayerOutOnTheTeamGraphAndTheSecondOpensThem() {
        var app = AppFixture.lobby()
        app.send(.navigate(.review), .loadSessions(teamID: 1))
        app.send(.review(.loaded(data())))
        app.send(.review(.spotlight(99)))
        XCTAssertNil(app.state.review.spotlightPlayerID, "nobody of that id in the session")
        app.send(.review(.spotlight(11)))
        XCTAssertEqual(app.state.review.spotlightPlayer?.name, "Bea")
        XCTAssertNil(app.state.review.selectedPlayerID, "still the team graph")
        app.send(.review(.selectPlayer(11)))
        XCTAssertEqual(app.state.review.selectedPlayer?.name, "Bea")
        app.send(.review(.selectPlayer(nil)))
        XCTAssertEqual(app.state.review.spotlightPlayerID, 11, "back on the team graph, Bea is still picked out")
        app.send(.review(.spotlight(nil)))
        XCTAssertNil(app.state.review.spotlightPlayerID)
        app.send(.review(.spotlight(10)))
        app.send(.review(.close), .loadSessions(teamID: 1))
        XCTAssertNil(app.state.review.spotlightPlayerID, "another session starts with the band alone")
    }

    func testThePanelShowsHeartRateOrHRV() {
        var app = AppFixture.lobby()
        XCTAssertEqual(app.state.review.panel, .heartRate)
        app.send(.review(.showPanel(.hrv)))
        XCTAssertEqual(app.state.review.panel, .hrv)
        app.send(.review(.showPanel(.heartRate)))
        XCTAssertEqual(app.state.review.panel, .heartRate)
    }
}

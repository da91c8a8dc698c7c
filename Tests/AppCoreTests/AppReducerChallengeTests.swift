@testable import AppCore
import TeamCore
import XCTest

/// Issue 25, item 5: two sides (or two players) chosen in the lobby, scored live by the rule the
/// settings chose, the result stored with the session when its effort ends.
final class AppReducerChallengeTests: XCTestCase {
    /// The lobby with Ada red and Bea blue (Cleo on neither).
    private func lobbyWithADuel(rule: ChallengeRule = .effortPoints) -> AppHarness {
        var app = AppFixture.lobby()
        app.state.settings.values.challengeRule = rule
        app.send(.lobby(.challenge(.edit(true))))
        app.send(.lobby(.challenge(.cycle(playerID: 10))))
        app.send(.lobby(.challenge(.cycle(playerID: 11))))
        app.send(.lobby(.challenge(.cycle(playerID: 11))))
        app.send(.lobby(.challenge(.edit(false))))
        return app
    }

    private let duel = [SessionChallenge.Side(name: "Ada Test", playerIDs: [10]), SessionChallenge.Side(name: "Bea Test", playerIDs: [11])]

    /// The duel's session, started at 10 s; Ada's and Bea's straps streaming.
    private func running(rule: ChallengeRule = .effortPoints) -> AppHarness {
        var app = lobbyWithADuel(rule: rule)
        app.send(.lobby(.chooseDuration(60_000)))
        app.send(AppFixture.hr(strap: 0, bpm: 90, atMs: 9_500))
        app.send(AppFixture.hr(strap: 1, bpm: 90, atMs: 9_600))
        app.send(.tick(nowMs: 10_000))
        app.send(.live(.start), .startSession(teamID: 1, lineup: AppFixture.lineup, plannedMs: 60_000))
        app.send(.live(.started(AppFixture.start(42, atMs: 10_000))),
                 .saveChallenge(sessionID: 42, SessionChallenge(rule: rule, sides: duel)),
                 .loadLastTime(teamID: 1, sessionID: 42, playerIDs: [10, 11, 12]))
        return app
    }

    func testATapMovesAPlayerRedThenBlueThenOut() {
        var app = AppFixture.lobby()
        XCTAssertFalse(app.state.lobby.hasChallenge(in: app.state.roster))
        app.send(.lobby(.challenge(.cycle(playerID: 10))))
        XCTAssertEqual(app.state.lobby.challengeSides[10], 0)
        app.send(.lobby(.challenge(.cycle(playerID: 10))))
        XCTAssertEqual(app.state.lobby.challengeSides[10], 1)
        app.send(.lobby(.challenge(.cycle(playerID: 10))))
        XCTAssertNil(app.state.lobby.challengeSides[10])
        app.send(.lobby(.challenge(.cycle(playerID: 99))))
        XCTAssertTrue(app.state.lobby.challengeSides.isEmpty, "not on the roster")
        app = lobbyWithADuel()
        XCTAssertTrue(app.state.lobby.hasChallenge(in: app.state.roster))
        // Bea left out of the session: her side is empty, so there is no challenge.
        app.send(.lobby(.toggleIncluded(playerID: 11)))
        XCTAssertFalse(app.state.lobby.hasChallenge(in: app.state.roster))
        app.send(.lobby(.toggleIncluded(playerID: 11)))
        app.send(.lobby(.challenge(.clear)))
        XCTAssertFalse(app.state.lobby.hasChallenge(in: app.state.roster))
    }

    func testSidesOfSeveralAreRedsAndBluesAndAliasesHideNames() {
        var app = lobbyWithADuel()
        app.send(.lobby(.challenge(.cycle(playerID: 12))))
        app.state.settings.values.showAliases = true
        app.send(AppFixture.hr(strap: 0, bpm: 90, atMs: 1_000))
        app.send(.live(.start), .startSession(teamID: 1, lineup: AppFixture.lineup, plannedMs: 20 * 60_000))
        XCTAssertEqual(app.live?.challenge?.sides, [.init(name: "Reds", playerIDs: [10, 12]), .init(name: "#3", playerIDs: [11])])
    }

    func testEffortPointsPerPlayerAreTheScoreAndTheResultIsStoredAtTheEffortsEnd() {
        var app = running()
        // Ada at 180 of her 200 (zone 5), Bea at 130 (65 %: zone 2), for 30 s.
        for s in stride(from: Int64(10_000), through: 40_000, by: 1_000) {
            app.send(AppFixture.hr(strap: 0, bpm: 180, atMs: s))
            app.send(AppFixture.hr(strap: 1, bpm: 130, atMs: s + 100))
            app.send(.tick(nowMs: s + 200))
        }
        let scores = app.live!.challengeScores!
        XCTAssertEqual(scores[0], app.tile(10).effortPoints, accuracy: 1e-9, "one player: their points")
        XCTAssertEqual(scores[1], app.tile(11).effortPoints, accuracy: 1e-9)
        XCTAssertGreaterThan(scores[0], scores[1])
        app.send(.live(.stop))
        var result = SessionChallenge(rule: .effortPoints, sides: duel)
        result.sides[0].score = scores[0]
        result.sides[1].score = scores[1]
        app.send(.live(.confirmStop), .endEffort(sessionID: 42, atMs: 30_200), .saveChallenge(sessionID: 42, result))
    }

    /// Every 500 ms from `from` through `to`: Ada's reading, Bea's if given, a tick.
    private func readings(_ app: inout AppHarness, from: Int64, to: Int64, ada: Int, bea: Int?) {
        for s in stride(from: from, through: to, by: 500) {
            app.send(AppFixture.hr(strap: 0, bpm: ada, atMs: s))
            if let bea { app.send(AppFixture.hr(strap: 1, bpm: bea, atMs: s)) }
            app.send(.tick(nowMs: s))
        }
    }

    func testTheHigherZoneEarnsTheSecondsWhileTheEffortRuns() {
        var app = running(rule: .higherZone)
        // Ada in zone 4 (170 of 200), Bea in zone 2 (130): Ada's seconds.
        readings(&app, from: 10_000, to: 20_000, ada: 170, bea: 130)
        XCTAssertEqual(app.live?.challengeScores, [10, 0])
        // Paused: nobody earns.
        app.send(.live(.pause), .setSessionPaused(sessionID: 42, paused: true))
        readings(&app, from: 20_500, to: 25_000, ada: 170, bea: 130)
        XCTAssertEqual(app.live?.challengeScores, [10, 0])
        app.send(.live(.resume), .setSessionPaused(sessionID: 42, paused: false))
        // Bea goes quiet: a side nobody can see is not beaten, and nobody earns.
        readings(&app, from: 25_500, to: 40_000, ada: 170, bea: nil)
        XCTAssertEqual(app.live?.challengeScores, [15, 0], "Bea's strap counts 5 s before it is no signal")
    }

    func testTheRulesArePureFunctionsOfTheFigures() {
        XCTAssertEqual(ChallengeScoring.effortPerPlayer([10, 20, 30]), 20)
        XCTAssertEqual(ChallengeScoring.effortPerPlayer([]), 0)
        XCTAssertEqual(ChallengeScoring.meanZone([.z2, .z3]), 2.5)
        XCTAssertNil(ChallengeScoring.meanZone([]))
        XCTAssertEqual(ChallengeScoring.sideAhead([2.5, 2]), 0)
        XCTAssertEqual(ChallengeScoring.sideAhead([2, 3]), 1)
        XCTAssertNil(ChallengeScoring.sideAhead([2, 2]))
        XCTAssertNil(ChallengeScoring.sideAhead([nil, 2]))
    }
}

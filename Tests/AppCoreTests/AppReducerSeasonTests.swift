@testable import AppCore
import Localization
import TeamCore
import XCTest

/// Issue 24: Review → Season (the table, sorted by any column, a row to the player's history) and
/// the readiness check (lobby sheet → a check that keeps still → results → saved into the season).
final class AppReducerSeasonTests: XCTestCase {
    private func word(_ text: String, _ tone: SeasonTone, _ order: Int) -> SeasonWord { SeasonWord(text: text, tone: tone, order: order) }

    private var table: SeasonTableData {
        let day = SeasonDay(dayNumber: 20_526, label: "Sat 14 Mar")
        return SeasonTableData(teamID: AppFixture.teamID, day: day, lines: [
            SeasonLine(playerID: 10, name: "Ada Test", number: 7, loadToday: 40, strain: 30, tolerance: 20,
                       status: word("overreaching", .high, 0), acwr: 1.6, readiness: word("within", .good, 2), lastSession: day),
            SeasonLine(playerID: 11, name: "Bea Test", number: 3, loadToday: 0, strain: 10, tolerance: 25,
                       status: word("detraining", .low, 3), acwr: 0.5, readiness: word("below", .caution, 0),
                       lastSession: SeasonDay(dayNumber: 20_520, label: "Sun 8 Mar")),
            SeasonLine(playerID: 12, name: "Cleo Test", number: 12, loadToday: 55, strain: 20, tolerance: 8,
                       status: word("building baseline", .unknown, 4), acwr: nil, readiness: .none, lastSession: nil),
        ])
    }

    /// On the season screen of the lobby's team, its table loaded.
    private func season() -> AppHarness {
        var app = AppFixture.lobby()
        app.send(.navigate(.review), .loadSessions(teamID: AppFixture.teamID))
        app.send(.navigate(.season), .loadSeason(teamID: AppFixture.teamID))
        XCTAssertEqual(app.state.screen, .season)
        app.send(.season(.loaded(table)))
        return app
    }

    func testTheTableStartsByShirtNumberAndEachHeadingSortsThenTurnsTheOrderRound() {
        var app = season()
        XCTAssertEqual(app.state.season.shownLines.map(\.number), [3, 7, 12])
        app.send(.season(.sort(.strain)))
        XCTAssertEqual(app.state.season.shownLines.map(\.number), [7, 12, 3], "numbers: highest first")
        app.send(.season(.sort(.strain)))
        XCTAssertEqual(app.state.season.shownLines.map(\.number), [3, 12, 7], "again: the other way round")
        app.send(.season(.sort(.status)))
        XCTAssertEqual(app.state.season.shownLines.map(\.status.text), ["overreaching", "detraining", "building baseline"],
                       "words: what needs attention first")
        app.send(.season(.sort(.readiness)))
        XCTAssertEqual(app.state.season.shownLines.map(\.number), [3, 7, 12], "below first, no check last")
        app.send(.season(.sort(.acwr)))
        XCTAssertEqual(app.state.season.shownLines.map(\.number), [7, 3, 12], "no ACWR yet: last")
        app.send(.season(.sort(.last)))
        XCTAssertEqual(app.state.season.shownLines.map(\.number), [7, 3, 12], "the newest last session first")
        app.send(.season(.sort(.today)))
        XCTAssertEqual(app.state.season.shownLines.map(\.number), [12, 7, 3])
    }

    func testARowOpensThePlayersHistoryAndBackReturnsToTheTable() {
        var app = season()
        app.send(.season(.openPlayer(99))) // not in the table
        XCTAssertNil(app.state.season.historyPlayerID)
        app.send(.season(.openPlayer(11)), .loadPlayerHistory(playerID: 11))
        XCTAssertEqual(app.state.season.historyPlayerID, 11)
        let history = PlayerHistory(playerID: 11, line: table.lines[1], days: [], weeks: [], recoveries: [], checkPosture: nil,
                                    checks: [], sessions: [])
        app.send(.season(.historyLoaded(PlayerHistory(playerID: 10, line: table.lines[0], days: [], weeks: [], recoveries: [],
                                                      checkPosture: nil, checks: [], sessions: []))))
        XCTAssertNil(app.state.season.history, "an answer for another player is late: dropped")
        app.send(.season(.historyLoaded(history)))
        XCTAssertEqual(app.state.season.history, history)
        app.send(.season(.closePlayer))
        XCTAssertNil(app.state.season.historyPlayerID)
        XCTAssertNil(app.state.season.history)
        XCTAssertEqual(app.state.screen, .season)
        app.send(.navigate(.review), .loadSessions(teamID: AppFixture.teamID))
        XCTAssertEqual(app.state.screen, .review)
    }

    func testAnotherTeamsTableIsNotShownAndAnotherTeamStartsAfresh() {
        var app = season()
        var other = table
        other.teamID = 2
        app.send(.season(.loaded(other)))
        XCTAssertEqual(app.state.season.table?.teamID, AppFixture.teamID)
        app.send(.season(.sort(.strain)))
        app.send(.navigate(.home), .loadTeams)
        let second = TeamCard(team: Team(id: 2, name: "Owls", colour: RGBColour.teamPalette[1]), playerCount: 0, lastSessionAt: nil,
                              unreviewedSessions: 0)
        app.send(.teams(.loaded([AppFixture.team, second])))
        app.send(.teams(.pick(2)), .loadRoster(teamID: 2), .loadSessions(teamID: 2), .loadFlags(teamID: 2))
        XCTAssertEqual(app.state.season, Season())
    }

    // MARK: The readiness check

    /// The lobby's sheet open, Ada and Bea streaming.
    private func sheet() -> AppHarness {
        var app = AppFixture.lobby()
        app.send(.lobby(.tags(.edit(true))))
        app.send(.lobby(.tags(.posture(.lying))))
        app.send(.lobby(.tags(.edit(false))))
        app.send(AppFixture.hr(strap: 0, bpm: 62, atMs: 1_000))
        app.send(AppFixture.hr(strap: 1, bpm: 58, atMs: 1_000))
        app.send(.tick(nowMs: 1_500))
        app.send(.lobby(.readiness(.open(true))))
        return app
    }

    func testTheSheetStartsFromTheTeamsPostureAndTakesTwoToFiveMinutes() {
        var app = sheet()
        XCTAssertEqual(app.state.lobby.readinessCheck, ReadinessCheckPlan(lengthMs: 180_000, posture: .lying))
        app.send(.lobby(.readiness(.length(60_000))))
        app.send(.lobby(.readiness(.length(400_000))))
        XCTAssertEqual(app.state.lobby.readinessCheck?.lengthMs, 180_000, "1 and 6.7 minutes are not offered")
        app.send(.lobby(.readiness(.length(120_000))))
        app.send(.lobby(.readiness(.posture(.sitting))))
        XCTAssertEqual(app.state.lobby.readinessCheck, ReadinessCheckPlan(lengthMs: 120_000, posture: .sitting))
        app.send(.lobby(.readiness(.open(false))))
        XCTAssertNil(app.state.lobby.readinessCheck)
        app.send(.live(.startReadinessCheck)) // the sheet is closed: nothing to start
        XCTAssertNil(app.live)
    }

    /// A 2-minute check sitting started at 1.5 s; the recorder's row is session 50.
    private func running() -> AppHarness {
        var app = sheet()
        app.send(.lobby(.readiness(.length(120_000))))
        app.send(.lobby(.readiness(.posture(.sitting))))
        app.send(.live(.startReadinessCheck), .startSession(teamID: AppFixture.teamID, lineup: AppFixture.lineup, plannedMs: 120_000,
                                                             tags: ["readiness", "sitting"]))
        XCTAssertEqual(app.state.screen, .live)
        XCTAssertNil(app.state.lobby.readinessCheck, "back in the lobby the sheet is closed")
        XCTAssertEqual(app.state.lobby.tags, SessionTags(posture: .lying), "the lobby's own tags are left alone")
        app.send(.live(.started(AppFixture.start(50, atMs: 1_500))))
        return app
    }

    func testACheckKeepsStillThenEndsWithoutARecoveryMinuteAndAsksForItsResults() {
        var app = running()
        XCTAssertEqual(app.live?.readinessCheck, ReadinessCheckPlan(lengthMs: 120_000, posture: .sitting))
        app.send(.tick(nowMs: 31_500))
        app.send(.live(.pause)) // keeping still: no pause
        app.send(.live(.lap)) // …and no laps
        XCTAssertEqual(app.live?.phase, .running)
        XCTAssertEqual(app.live?.clock.remainingMs(nowMs: 31_500), 90_000)
        app.send(.tick(nowMs: 121_500), AppFixture.buzzer, .endEffort(sessionID: 50, atMs: 120_000), .finishRecording(sessionID: 50),
                 .loadReadinessResults(sessionID: 50))
        XCTAssertEqual(app.live?.phase, .finished)
        XCTAssertEqual(app.live?.isRecording, false)
        XCTAssertNil(app.live?.recoveryRemainingMs(nowMs: 121_500))
        app.send(.tick(nowMs: 200_000)) // over once
        let results = [ReadinessResult(playerID: 10, name: "Ada Test", number: 7, lnRMSSD: 4.1, restingBPM: 60, correctedPercent: 0.5,
                                       status: SeasonWord(text: "within", tone: .good, order: 2))]
        app.send(.live(.readinessResults(sessionID: 49, results)))
        XCTAssertNil(app.live?.readinessResults, "another check's results")
        app.send(.live(.readinessResults(sessionID: 50, results)))
        XCTAssertEqual(app.live?.readinessResults, results)
        app.send(.live(.save), .loadSeason(teamID: AppFixture.teamID), .loadSessions(teamID: AppFixture.teamID), .markReviewed(sessionID: 50))
        XCTAssertEqual(app.state.screen, .season, "the saved check shows in the season table")
        XCTAssertEqual(app.state.notice?.english, "Readiness check saved · Check-in for the morning questions")
        XCTAssertNil(app.live)
    }

    func testAStoppedCheckEndsAtOnceAndCanBeDiscarded() {
        var app = running()
        app.send(.tick(nowMs: 61_500))
        app.send(.live(.stop))
        app.send(.live(.confirmStop), .endEffort(sessionID: 50, atMs: 60_000), .finishRecording(sessionID: 50),
                 .loadReadinessResults(sessionID: 50))
        XCTAssertEqual(app.live?.phase, .finished)
        app.send(.live(.discard))
        app.send(.live(.confirmDiscard), .deleteSession(sessionID: 50), .loadSessions(teamID: AppFixture.teamID))
        XCTAssertEqual(app.state.screen, .lobby)
    }

    // MARK: The fitness test

    /// From the readiness sheet to the fitness sheet, a 3-minute run at 11 km/h: the session is planned for the run and
    /// tagged with its pace; shuttle beeps every 20 m ÷ 11 km/h = 6.545 s after the "go"; no pause, no lap; the run's end
    /// is the effort's end and the recovery minute is the standing still; saved, it is reviewed like a session.
    func testAFitnessTestPacesTheRunWithBeepsThenRecordsTheMinuteStandingStill() {
        var app = sheet()
        app.send(.lobby(.fitness(.open(true))))
        XCTAssertNil(app.state.lobby.readinessCheck, "one sheet at a time")
        XCTAssertEqual(app.state.lobby.fitnessTest, .standard)
        app.send(.lobby(.fitness(.run(200_000)))) // not offered
        app.send(.lobby(.fitness(.run(180_000))))
        app.send(.lobby(.fitness(.speed(11))))
        let plan = FitnessTestPlan(runMs: 180_000, speedKmh: 11, shuttleMetres: 20)
        XCTAssertEqual(app.state.lobby.fitnessTest, plan)
        app.send(.live(.startFitnessTest), .startSession(teamID: AppFixture.teamID, lineup: AppFixture.lineup, plannedMs: 180_000,
                                                          tags: ["fitness-test", "11kmh-20m"]))
        XCTAssertNil(app.state.lobby.fitnessTest)
        let settings = app.state.settings.values
        XCTAssertEqual(AppReducer.reduce(&app.state, .live(.started(AppFixture.start(60, atMs: 1_500)))),
                       [settings.playInterval(.workStart), .loadLastTime(teamID: AppFixture.teamID, sessionID: 60, playerIDs: [10, 11, 12])].compactMap { $0 })
        app.send(.tick(nowMs: 1_500 + 6_000))
        XCTAssertEqual(AppReducer.reduce(&app.state, .tick(nowMs: 1_500 + 6_545)), [settings.play(.lapBeep)].compactMap { $0 })
        app.send(.tick(nowMs: 1_500 + 7_000))
        app.send(.live(.pause))
        app.send(.live(.lap))
        XCTAssertEqual(app.live?.phase, .running)
        XCTAssertEqual(app.live?.lapsMs, [])
        XCTAssertEqual(AppReducer.reduce(&app.state, .tick(nowMs: 1_500 + 170_000)), [settings.play(.lapBeep)].compactMap { $0 }, "one beep for the shuttles missed")
        app.send(.tick(nowMs: 181_500), AppFixture.buzzer, .endEffort(sessionID: 60, atMs: 180_000))
        XCTAssertEqual(app.live?.phase, .recovery, "the minute standing still is recorded")
        app.send(.tick(nowMs: 200_000)) // no shuttle beeps standing still
        app.send(.live(.save), .finishRecording(sessionID: 60), .loadSessions(teamID: AppFixture.teamID), .loadReview(sessionID: 60),
                 .markReviewed(sessionID: 60))
        XCTAssertEqual(app.state.screen, .review)
    }

    func testAnOrdinarySessionIsNoReadinessCheck() {
        let app = AppFixture.running()
        XCTAssertNil(app.live?.readinessCheck)
    }
}

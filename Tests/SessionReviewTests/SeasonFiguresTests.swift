import Analytics
import AppCore
import Foundation
import Kiosk
@testable import SessionReview
import Store
import TeamCore
import XCTest

/// Issue 24: what the season reads of each session is computed once from its analysis and kept
/// (`session_load`), stale when rows come later, filled once for older sessions; readiness checks
/// are sessions of their own kind whose lnRMSSD comes from their last two minutes.
final class SeasonFiguresTests: TemporaryDirectoryTestCase {
    private var utc: Calendar {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = TimeZone(identifier: "UTC")!
        return c
    }

    /// 2026-03-14 00:00 UTC plus `days` days and `hours` hours.
    private func date(_ days: Int, hours: Double = 18) -> Date {
        Date(timeIntervalSince1970: 1_773_446_400 + Double(days) * 86_400 + hours * 3600)
    }

    private func player(_ store: SidelineStore, _ name: String, team: Int64, number: Int) throws -> Int64 {
        try store.addPlayer(Player(firstName: name, lastName: "Test", birthYear: 2000, sex: .female, weightKg: 60, restingHR: 55,
                                   measuredMaxHR: 195), toTeam: team, shirtNumber: number)
    }

    /// A finished session of `players` at `bpm` for `minutes` (a sample a second) with a recovery minute at
    /// 100 bpm after it; a readiness check (`posture`) records beats of ~1 s instead, with a breathing swing.
    @discardableResult
    private func record(_ store: SidelineStore, team: Int64, _ players: [Int64], at start: Date, minutes: Double = 10, bpm: Int = 150,
                        readiness posture: SessionTags.Posture? = nil, swing: Double = 40) throws -> Int64 {
        let effortMs = Int64(minutes * 60_000)
        let tags = posture.map { SessionTags.readinessCheck(posture: $0).tags } ?? ["training"]
        let session = try store.startSession(teamID: team, participants: players.map { Participant(playerID: $0, strapID: nil) },
                                             plannedDurationMs: effortMs, tags: tags, at: start)
        let endMs = effortMs + (posture == nil ? Session.recoveryMs : 0)
        var batch = SessionRecording.Batch()
        for p in players {
            for s in stride(from: Int64(0), to: endMs, by: 1000) {
                batch.samples.append(Sample(playerID: p, strapID: 0, tMs: s, bpm: posture != nil ? 60 : (s < effortMs ? bpm : 100),
                                            contact: .detected))
            }
            guard posture != nil else { continue }
            var t = 0.0
            for k in 0... {
                let rr = 1000 + swing * sin(Double(k) * 1.3)
                t += rr
                guard t < Double(endMs) else { break }
                batch.rrIntervals.append(RRInterval(playerID: p, tMs: Int64(t), rr1024: UInt16((rr * 1.024).rounded())))
            }
        }
        try SessionWriter(store: store, sessionID: session.id).commit(batch, upToMs: endMs)
        try store.setEffortEnd(session.id, tMs: effortMs)
        try store.endSession(session.id, at: start.addingTimeInterval(Double(endMs) / 1000))
        return session.id
    }

    private func team(_ store: SidelineStore, _ name: String = "Eagles") throws -> Int64 { try store.createTeam(name: name).id }

    func testAReviewKeepsWhatTheSeasonReadsAndItIsTheReviewsTRIMP() throws {
        let store = try SidelineStore(path: directory + "/s.sqlite")
        let t = try team(store)
        let ada = try player(store, "Ada", team: t, number: 7)
        let id = try record(store, team: t, [ada], at: date(0))
        XCTAssertNil(try store.seasonEntries(playerIDs: [ada], algorithm: SessionReview.seasonAlgorithm)[0].kept, "nothing kept yet")
        let analysis = try SessionReview.load(store: store, sessionID: id).analysis
        let kept = try XCTUnwrap(try store.seasonEntries(playerIDs: [ada], algorithm: SessionReview.seasonAlgorithm)[0].kept)
        let trimp = try XCTUnwrap(analysis.players[0].stats.banisterTRIMP.value)
        XCTAssertEqual(kept.cardioLoad, trimp, accuracy: 1e-9, "the load is the TRIMP over the effort, the recovery minute left out")
        XCTAssertEqual(kept.zoneMs, analysis.players[0].stats.zones(analysis.zoneModel).ms)
        XCTAssertEqual(kept.zoneMs.reduce(0, +), 600_000)
        // HRR60: the mean of the samples within ±2.5 s of the end (two at 150, three at 100) less the one 60 s later (100).
        XCTAssertEqual(try XCTUnwrap(kept.recoveryBPM), 20, accuracy: 1e-9)
        XCTAssertNil(kept.lnRMSSD, "a training session is no readiness check")
    }

    func testOlderSessionsAreFilledOnceThenReadAndLaterRowsMakeThemStale() throws {
        let store = try SidelineStore(path: directory + "/s.sqlite")
        let t = try team(store)
        let ada = try player(store, "Ada", team: t, number: 7)
        let first = try record(store, team: t, [ada], at: date(-2), bpm: 140)
        try record(store, team: t, [ada], at: date(-1), bpm: 160)
        let season = try XCTUnwrap(SessionReview.playerSeasons(store: store, playerIDs: [ada], calendar: utc)[ada])
        XCTAssertEqual(season.loads.map(\.day.description), ["2026-03-12", "2026-03-13"])
        XCTAssertLessThan(season.loads[0].cardioLoad, season.loads[1].cardioLoad, "140 bpm is less load than 160")
        XCTAssertTrue(try store.seasonEntries(playerIDs: [ada], algorithm: SessionReview.seasonAlgorithm).allSatisfy { $0.kept != nil },
                      "computed once and kept")
        // A row committed later (a session resumed, a late batch): the kept figures no longer hold.
        var late = SessionRecording.Batch()
        late.samples = [Sample(playerID: ada, strapID: 0, tMs: 700_000, bpm: 170, contact: .detected)]
        try SessionWriter(store: store, sessionID: first).commit(late, upToMs: 701_000)
        XCTAssertNil(try store.seasonEntries(playerIDs: [ada], algorithm: SessionReview.seasonAlgorithm)[0].kept)
        XCTAssertNil(try store.seasonEntries(playerIDs: [ada], algorithm: "another method")[1].kept)
    }

    func testAReadOnlyStoreComputesTheSeasonAndKeepsNothing() throws {
        let path = directory + "/s.sqlite"
        let store = try SidelineStore(path: path)
        let t = try team(store)
        let ada = try player(store, "Ada", team: t, number: 7)
        try record(store, team: t, [ada], at: date(0))
        let reader = try SidelineStore.openForReading(path: path)
        let rows = try SessionReview.seasonTable(store: reader, teamID: t, on: CalendarDay(year: 2026, month: 3, day: 14), calendar: utc)
        XCTAssertGreaterThan(rows[0].figures.load, 0)
        XCTAssertNil(try store.seasonEntries(playerIDs: [ada], algorithm: SessionReview.seasonAlgorithm)[0].kept)
    }

    func testDeletingASessionTakesWhatWasKeptWithIt() throws {
        let store = try SidelineStore(path: directory + "/s.sqlite")
        let t = try team(store)
        let ada = try player(store, "Ada", team: t, number: 7)
        let id = try record(store, team: t, [ada], at: date(0))
        try SessionReview.keepSeasonFigures(store: store, sessionID: id)
        try store.deleteSession(id)
        XCTAssertTrue(try store.seasonEntries(playerIDs: [ada], algorithm: SessionReview.seasonAlgorithm).isEmpty)
    }

    /// A check's lnRMSSD is the natural log of the RMSSD of the beats that ended in its last two
    /// minutes, worked out here from the recorded intervals (no artefacts, so none is corrected).
    func testAReadinessCheckIsNotLoadAndReadsItsLastTwoMinutes() throws {
        let store = try SidelineStore(path: directory + "/s.sqlite")
        let t = try team(store)
        let ada = try player(store, "Ada", team: t, number: 7)
        let id = try record(store, team: t, [ada], at: date(0, hours: 8), minutes: 2.5, readiness: .lying)
        XCTAssertEqual(try store.teams().first?.lastTags, [], "a check is not what the next training is tagged with")
        let season = try XCTUnwrap(SessionReview.playerSeasons(store: store, playerIDs: [ada], calendar: utc)[ada])
        XCTAssertTrue(season.loads.isEmpty, "a resting measurement is no training load")
        let check = try XCTUnwrap(season.checks.first)
        XCTAssertEqual(check.sessionID, id)
        XCTAssertEqual(check.posture, "lying")
        var t0 = 0.0, nn: [Double] = []
        for k in 0... {
            let rr1024 = UInt16(((1000 + 40 * sin(Double(k) * 1.3)) * 1.024).rounded())
            t0 += 1000 + 40 * sin(Double(k) * 1.3)
            guard t0 < 150_000 else { break }
            if Int64(t0) >= 30_000 { nn.append(Double(rr1024) * 1000 / 1024) }
        }
        let diffs = zip(nn.dropFirst(), nn).map { $0 - $1 }
        let rmssd = (diffs.map { $0 * $0 }.reduce(0, +) / Double(diffs.count)).squareRoot()
        XCTAssertEqual(try XCTUnwrap(check.lnRMSSD), log(rmssd), accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(check.restingBPM), nn.map { 60_000 / $0 }.reduce(0, +) / Double(nn.count), accuracy: 1e-9)
        XCTAssertEqual(check.correctedShare, 0)
        let window = try SessionReview.load(store: store, sessionID: id).analysis.players[0].reportedHRV.window
        XCTAssertEqual(window, HRVWindow(label: "last 2 min", fromMs: 30_000, toMs: 150_000))
    }

    func testTheTableCountsEverySessionOfAPlayerInAnyTeam() throws {
        let store = try SidelineStore(path: directory + "/s.sqlite")
        let eagles = try team(store), owls = try team(store, "Owls")
        let ada = try player(store, "Ada", team: eagles, number: 7)
        let bea = try player(store, "Bea", team: eagles, number: 3)
        _ = try store.addExistingPlayer(ada, toTeam: owls)
        try record(store, team: eagles, [ada, bea], at: date(-1))
        try record(store, team: owls, [ada], at: date(0))
        let rows = try SessionReview.seasonTable(store: store, teamID: eagles, on: CalendarDay(year: 2026, month: 3, day: 14), calendar: utc)
        XCTAssertEqual(Set(rows.map(\.name)), ["Ada Test", "Bea Test"])
        let byName = Dictionary(uniqueKeysWithValues: rows.map { ($0.name, $0) })
        XCTAssertGreaterThan(try XCTUnwrap(byName["Ada Test"]).figures.load, 0, "today's load is the Owls' session")
        XCTAssertEqual(try XCTUnwrap(byName["Bea Test"]).figures.load, 0)
        XCTAssertEqual(try XCTUnwrap(byName["Ada Test"]).figures.strain, 2 * byName["Bea Test"]!.figures.strain, accuracy: 1e-9,
                       "two equal sessions against one")
        XCTAssertEqual(byName["Ada Test"]?.lastSession?.description, "2026-03-14")
        XCTAssertEqual(byName["Ada Test"]?.figures.status, .buildingBaseline)
    }

    func testTheScreensShowTheSameFiguresAsTheTable() throws {
        let store = try SidelineStore(path: directory + "/s.sqlite")
        let t = try team(store)
        let ada = try player(store, "Ada", team: t, number: 7)
        for day in stride(from: -30, through: 0, by: 2) { try record(store, team: t, [ada], at: date(day), minutes: 5) }
        for day in -6...0 {
            try record(store, team: t, [ada], at: date(day, hours: 8), minutes: 2.5, readiness: .sitting, swing: 30 + Double(day + 6) * 4)
        }
        let today = CalendarDay(year: 2026, month: 3, day: 14)
        let loader = SeasonScreenLoader(store: store, calendar: utc)
        let row = try SessionReview.seasonTable(store: store, teamID: t, on: today, calendar: utc)[0]
        let line = try loader.table(teamID: t, on: today).lines[0]
        XCTAssertEqual(line.strain, row.figures.strain)
        XCTAssertEqual(line.tolerance, row.figures.tolerance)
        XCTAssertEqual(line.acwr, row.figures.acwrEWMA)
        XCTAssertEqual(line.status.text, "productive")
        XCTAssertEqual(line.status.tone, .good)
        XCTAssertEqual(line.readiness.text, row.readiness?.status.rawValue)
        XCTAssertEqual(line.lastSession?.label, "Sat 14 Mar")

        let history = try loader.history(playerID: ada, teamID: t, on: today)
        XCTAssertEqual(history.line, line)
        XCTAssertEqual(history.days.count, SeasonScreenLoader.historyDays)
        XCTAssertEqual(history.days.last?.dayNumber, today.dayNumber)
        XCTAssertEqual(history.days.last?.strain ?? 0, row.figures.strain, accuracy: 1e-12)
        XCTAssertEqual(history.weeks.count, 6)
        XCTAssertEqual(history.weeks.last?.zoneMs.reduce(0, +), 4 * 300_000, "four 5-minute sessions in the last 7 days")
        XCTAssertEqual(history.recoveries.count, 16)
        XCTAssertEqual(history.checkPosture, "sitting")
        XCTAssertEqual(history.checks.count, 7)
        XCTAssertNil(history.checks[3].normalLow, "the fourth check: still building a baseline")
        XCTAssertNotNil(history.checks[4].normalLow, "the fifth: a normal range")
        XCTAssertEqual(history.sessions.count, 23)
        XCTAssertEqual(history.sessions.first?.day.label, "Sat 14 Mar")
        XCTAssertEqual(history.sessions.filter { $0.load == nil }.count, 7, "the checks carry lnRMSSD, no load")

        let checkID = try XCTUnwrap(try store.sessions(teamID: t, tag: "readiness").first?.session.id)
        let results = try loader.readinessResults(sessionID: checkID)
        XCTAssertEqual(results.map(\.name), ["Ada Test"])
        XCTAssertEqual(results[0].lnRMSSD, history.checks.last?.lnRMSSD)
        XCTAssertEqual(results[0].status, history.checks.last?.status)
        XCTAssertEqual(results[0].status.text, row.readiness?.status.rawValue)
    }

    /// Session RPE reaches the table and the history as the season analysis has it: the line's sRPE is the
    /// row's, the history's days carry it with TRIMP ÷ sRPE, a session entry its rating; a readiness check takes none.
    func testTheScreensShowSRPEBesideTheTRIMP() throws {
        let store = try SidelineStore(path: directory + "/s.sqlite")
        let t = try team(store)
        let ada = try player(store, "Ada", team: t, number: 7)
        let yesterday = try record(store, team: t, [ada], at: date(-1), minutes: 20)
        let today = try record(store, team: t, [ada], at: date(0), minutes: 10)
        try store.rateSession(yesterday, number: 7, rpe: 4, at: date(10), byCoach: true)
        try store.rateSession(today, number: 7, rpe: 6, at: date(0, hours: 18.5), byCoach: false)
        let day = CalendarDay(year: 2026, month: 3, day: 14)
        let loader = SeasonScreenLoader(store: store, calendar: utc)
        let row = try SessionReview.seasonTable(store: store, teamID: t, on: day, calendar: utc)[0]
        XCTAssertEqual(row.srpe.today, 60, "RPE 6 × 10 effort minutes (the recovery minute left out)")
        XCTAssertEqual(row.srpe.week.load, 60 + 80)
        let line = try loader.table(teamID: t, on: day).lines[0]
        XCTAssertEqual(line.srpeToday, 60)
        XCTAssertEqual(line.srpeWeek, 140)
        let history = try loader.history(playerID: ada, teamID: t, on: day)
        XCTAssertEqual(history.days.suffix(2).map(\.srpe), [80, 60])
        XCTAssertEqual(history.days.last?.trimpToSRPE ?? 0, row.figures.load / 60, accuracy: 1e-12)
        XCTAssertNil(history.days.first?.trimpToSRPE, "no rated session that day")
        XCTAssertEqual(history.sessions.map(\.rpe), [6, 4])
        XCTAssertEqual(history.sessions.map(\.srpeLoad), [60, 80])
    }
}

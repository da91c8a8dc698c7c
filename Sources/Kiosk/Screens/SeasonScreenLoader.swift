import Analytics
import AppCore
import Foundation
import SessionReview
import Store
import TeamCore

/// Gathers what the kiosk's season screens show — the team's table, one player's history, the
/// results of the readiness check just taken — from the one season analysis (`Analytics/Season`)
/// that `sideline season` and `sideline readiness` print.
public struct SeasonScreenLoader {
    let store: SidelineStore
    let calendar: Calendar

    /// The charts of a player's history cover this many days, ending today.
    public static let historyDays = 42

    public init(store: SidelineStore, calendar: Calendar = .current) {
        self.store = store
        self.calendar = calendar
    }

    /// The team's table on the local day `date` falls on.
    public func table(teamID: Int64, on date: Date) throws -> SeasonTableData {
        try table(teamID: teamID, on: CalendarDay(date, in: calendar))
    }

    public func table(teamID: Int64, on day: CalendarDay) throws -> SeasonTableData {
        let rows = try SessionReview.seasonTable(store: store, teamID: teamID, on: day, calendar: calendar)
        return SeasonTableData(teamID: teamID, day: seasonDay(day), lines: rows.map(line))
    }

    /// The lobby's "Needs attention": the team's flags on the local day `date` falls on, those dismissed for it left out.
    public func attention(teamID: Int64, on date: Date) throws -> [AttentionLine] {
        try SessionReview.flags(store: store, teamID: teamID, on: CalendarDay(date, in: calendar), calendar: calendar).active.map {
            AttentionLine(key: $0.key, title: $0.kind.title, kind: $0.kind.shortTitle, subject: $0.subject.title, reason: $0.reason,
                          reasonMessage: $0.reasonMessage, advice: $0.advice)
        }
    }

    public func history(playerID: Int64, teamID: Int64, on date: Date) throws -> PlayerHistory {
        try history(playerID: playerID, teamID: teamID, on: CalendarDay(date, in: calendar))
    }

    /// A player of the team's roster: their sessions across teams and the charts of the last six weeks.
    public func history(playerID: Int64, teamID: Int64, on day: CalendarDay) throws -> PlayerHistory {
        guard let member = try store.roster(teamID: teamID).first(where: { $0.playerID == playerID }) else {
            throw StoreError.unknownPlayer(playerID)
        }
        let season = try SessionReview.playerSeasons(store: store, playerIDs: [playerID], calendar: calendar)[playerID]
            ?? PlayerSeason(playerID: playerID)
        let answers = try store.wellnessEntries(playerIDs: [playerID])[playerID] ?? []
        let input = SeasonTable.PlayerInput(playerID: playerID, name: member.player.fullName, number: member.shirtNumber,
                                            loads: season.loads, checks: season.checks, wellness: answers)
        let thresholds = LoadStatusThresholds(settings: store.kioskSettings())
        let row = SeasonTable.rows([input], on: day, thresholds: thresholds)[0]
        let loads = PlayerLoadHistory(sessions: season.loads.filter { $0.day <= day })
        let first = day.adding(days: 1 - Self.historyDays)
        let srpe = SRPEHistory(sessions: loads.sessions)
        let days = zip(loads.days(from: first, through: day, thresholds: thresholds), srpe.days(from: first, through: day)).map { d, s in
            PlayerHistory.Day(dayNumber: d.day.dayNumber, load: d.load, strain: d.strain, tolerance: d.tolerance,
                              srpe: s.load, trimpToSRPE: s.trimpToSRPE)
        }
        let weeks = (0..<(Self.historyDays / 7)).reversed().map { k -> PlayerHistory.Week in
            let week = loads.week(endingOn: day.adding(days: -7 * k))
            return PlayerHistory.Week(lastDay: seasonDay(week.lastDay), zoneMs: week.zones.ms, load: week.load, monotony: week.monotony)
        }
        let shown = season.entries.filter { $0.day >= first && $0.day <= day }
        let recoveries = shown.filter { !$0.isReadinessCheck }.compactMap { e in
            e.figures.recoveryBPM.map { PlayerHistory.Point(dayNumber: e.day.dayNumber, value: $0) }
        }
        let pastChecks = season.checks.filter { $0.day <= day }
        let posture = pastChecks.max { ($0.day, $0.sessionID) < ($1.day, $1.sessionID) }?.posture
        let checks = pastChecks.filter { $0.posture == posture && $0.day >= first }.compactMap { check -> PlayerHistory.Check? in
            guard let ln = check.lnRMSSD else { return nil }
            let a = Readiness.assess(check, history: pastChecks)
            return PlayerHistory.Check(dayNumber: check.day.dayNumber, lnRMSSD: ln, normalLow: a.normalLow, normalHigh: a.normalHigh,
                                       status: Self.word(a.status))
        }
        // Each fitness test read against the player's previous one of the same run and pace: the trend, test by test.
        let tests = Dictionary(FitnessTest.assess(season.fitnessTests).map { ($0.result.sessionID, $0) }, uniquingKeysWith: { a, _ in a })
        let sessions = season.entries.filter { $0.day <= day }.reversed().map { e in
            PlayerHistory.SessionEntry(sessionID: e.session.sessionID, teamName: e.session.teamName, day: seasonDay(e.day),
                                       tags: e.session.tags, load: e.isReadinessCheck || e.isFitnessTest ? nil : e.figures.cardioLoad,
                                       lnRMSSD: e.isReadinessCheck ? e.figures.lnRMSSD : nil, rpe: e.session.rpe,
                                       srpeLoad: e.session.rpe.map { SessionRPE.load(rpe: $0, effortMinutes: e.session.effortMinutes) },
                                       hrex: tests[e.session.sessionID]?.result.hrex, hrexChange: tests[e.session.sessionID]?.change.map(Self.word))
        }
        let wellness = WellnessHistory(answers).days(from: first, through: day).map(Self.figure)
        return PlayerHistory(playerID: playerID, line: line(row), days: days, weeks: weeks, recoveries: recoveries,
                             checkPosture: posture, checks: checks, sessions: Array(sessions), wellness: wellness)
    }

    /// The morning Check-in on the local day `date` falls on: the day's words and each roster player, answered or not.
    public func checkIn(teamID: Int64, on date: Date) throws -> (dayLabel: String, lines: [CheckInLine]) {
        let day = CalendarDay(date, in: calendar)
        let lines = try SessionReview.teamWellness(store: store, teamID: teamID, on: day).lines.map {
            CheckInLine(playerID: $0.playerID, name: $0.name, number: $0.number, answered: $0.wellness != nil)
        }
        return (seasonDay(day).label, lines)
    }

    /// The readiness check just recorded: each player's result, in shirt-number order.
    public func readinessResults(sessionID: Int64) throws -> [ReadinessResult] {
        let check = try SessionReview.readinessCheck(store: store, sessionID: sessionID, calendar: calendar)
        return check.players.sorted { $0.number < $1.number }.map { p in
            let a = p.assessment
            return ReadinessResult(playerID: p.playerID, name: p.name, number: p.number, lnRMSSD: a.check.lnRMSSD,
                                   restingBPM: a.check.restingBPM, correctedPercent: a.check.correctedShare.map { $0 * 100 },
                                   status: Self.word(a.status), baseline: a.baseline, normalLow: a.normalLow, normalHigh: a.normalHigh)
        }
    }

    func line(_ row: SeasonRow) -> SeasonLine {
        SeasonLine(playerID: row.playerID, name: row.name, number: row.number, loadToday: row.figures.load,
                   strain: row.figures.strain, tolerance: row.figures.tolerance, status: Self.word(row.figures.status),
                   acwr: row.figures.acwrEWMA, readiness: row.readiness.map { Self.word($0.status) } ?? .none,
                   lastSession: row.lastSession.map(seasonDay), srpeToday: row.srpe.today, srpeWeek: row.srpe.week.load,
                   wellness: row.wellness.map(Self.figure))
    }

    static func figure(_ w: WellnessDay) -> WellnessFigure {
        WellnessFigure(dayNumber: w.day.dayNumber, total: w.total.value, z: w.total.z, flagged: w.flagged, mean: w.total.mean, sd: w.total.sd,
                       droppedItems: (w.total.dropped ? ["Total"] : []) + w.droppedItems.map(\.title))
    }

    func seasonDay(_ day: CalendarDay) -> SeasonDay {
        let (y, m, d) = day.components
        let date = calendar.date(from: DateComponents(year: y, month: m, day: d, hour: 12)) ?? Date()
        return SeasonDay(dayNumber: day.dayNumber, label: Self.dayFormatter.string(from: date))
    }

    /// A load status as the table shows it: the word, its tone, the overreaching first when sorted.
    public static func word(_ status: LoadStatus) -> SeasonWord {
        switch status {
        case .overreaching: SeasonWord(text: status.label, tone: .high, order: 0)
        case .productive: SeasonWord(text: status.label, tone: .good, order: 1)
        case .maintaining: SeasonWord(text: status.label, tone: .steady, order: 2)
        case .detraining: SeasonWord(text: status.label, tone: .low, order: 3)
        case .buildingBaseline: SeasonWord(text: status.label, tone: .unknown, order: 4)
        }
    }

    /// A readiness status: below the normal range first when sorted.
    public static func word(_ status: ReadinessStatus) -> SeasonWord {
        switch status {
        case .below: SeasonWord(text: status.label, tone: .caution, order: 0)
        case .above: SeasonWord(text: status.label, tone: .low, order: 1)
        case .within: SeasonWord(text: status.label, tone: .good, order: 2)
        case .buildingBaseline: SeasonWord(text: status.label, tone: .unknown, order: 3)
        }
    }

    /// A fitness test's change in HRex: worse first when sorted.
    public static func word(_ change: FitnessAssessment.Change) -> SeasonWord {
        switch change {
        case .worse: SeasonWord(text: change.label, tone: .caution, order: 0)
        case .within: SeasonWord(text: change.label, tone: .steady, order: 1)
        case .better: SeasonWord(text: change.label, tone: .good, order: 2)
        }
    }

    static let dayFormatter: DateFormatter = {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_GB")
        f.dateFormat = "EEE d MMM"
        return f
    }()
}

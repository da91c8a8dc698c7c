import Analytics
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import TeamCore

/// The season (issue 24) on the web: a team's table as the kiosk shows it, the table as CSV, and a
/// player's page with the kiosk's charts. The numbers come from `ClubSeason`: kept per-session
/// figures read into the one season analysis.
struct WebSeasonPages: Sendable {
    let database: ClubDatabase
    var teams: WebTeamPages { WebTeamPages(database: database) }
    /// The player page's charts cover this many days, ending on the day shown (the kiosk's six weeks).
    static let historyDays = 42

    /// `?on=YYYY-MM-DD`, else today (the server's local day).
    static func day(_ request: Request) throws -> CalendarDay {
        guard let text = request.uri.queryParameters["on"], !text.isEmpty else { return CalendarDay(Date(), in: .current) }
        guard let day = CalendarDay(iso: String(text)) else { throw ClubError.badRequest("'\(text.prefix(20))' is not a day like 2026-03-14") }
        return day
    }

    /// The team's name and season; sessions whose figures are not kept yet are analysed first (once).
    /// `zonesOn`: the days whose sessions' time in zones is read too; `comparisonOn`: the day "this season
    /// against the last" is shown for (`ClubSeason.load`).
    func season(_ user: WebUser, team uuid: UUID, zonesOn: [ClosedRange<CalendarDay>] = [], comparisonOn: CalendarDay? = nil)
        async throws -> (name: String, season: ClubSeason) {
        let (name, roster) = try await database.inClub(user.club) { c in try await teams.team(user, uuid, in: c) }
        let players = roster.roster(of: uuid).map { ClubSeason.Player(uuid: $0.player.uuid, name: $0.player.fullName, number: $0.member.shirtNumber) }
        let cache = SessionAnalysisCache(database: database)
        for session in try await cache.missing(club: user.club, players: players.map(\.uuid)) {
            try await cache.compute(club: user.club, session: session)
        }
        let season = try await database.inClub(user.club) { c in try await ClubSeason.load(players: players, zonesOn: zonesOn, comparisonOn: comparisonOn, in: c, logger: database.logger) }
        return (name, season)
    }

    static func tone(_ status: LoadStatus) -> String {
        switch status {
        case .overreaching: "high"
        case .productive: "good"
        case .maintaining: "steady"
        case .detraining: "low"
        case .buildingBaseline: "unknown"
        }
    }

    static func tone(_ status: ReadinessStatus) -> String {
        switch status {
        case .below: "caution"
        case .above: "low"
        case .within: "good"
        case .buildingBaseline: "unknown"
        }
    }

    /// "This season against the last" (on the day the season was loaded for), with the club's season start said.
    static func comparison(_ season: ClubSeason, player: UUID?) -> String {
        let start = season.settings.seasonStart
        return """
            <section class="comparison"><h2>This season against the last</h2>
            <p class="sub">The club's season begins on \(start.day) \(WebSettingsPage.months[start.month - 1]); the season so far beside the same days of the last\(player == nil ? ", per player who trained in them" : "").</p>
            \(SeasonComparisonTable.html(season.seasonComparison(player: player), team: player == nil))</section>
            """
    }

    /// A day's wellness total with its z ("17 (z −1.4)"), on the caution tone with "↓" when the total or an
    /// item dropped beyond 1 SD; "–" without an answer. `data-total`, `data-z`: the unrounded numbers.
    static func wellness(_ w: WellnessDay?) -> String {
        guard let w else { return "<span data-field=\"wellness\">–</span>" }
        let z = w.total.z.map { " (z " + String(format: "%+.1f", $0).replacingOccurrences(of: "-", with: "−") + ")" } ?? ""
        let attributes = "data-field=\"wellness\" data-total=\"\(w.total.value)\" data-z=\"\(w.total.z.map { String($0) } ?? "")\" data-flagged=\"\(w.flagged)\""
        guard w.flagged else { return "<span \(attributes)>\(w.total.value)\(z)</span>" }
        let dropped = ((w.total.dropped ? ["total"] : []) + w.droppedItems.map { $0.title.lowercased() }).joined(separator: ", ")
        return "<span class=\"word tone-caution\" \(attributes) title=\"a drop beyond 1 SD: \(dropped.html)\">\(w.total.value)\(z) ↓</span>"
    }

    /// The player's mornings of the last weeks ending on `day`, newest first: the five answers, the total, z and drop.
    static func wellnessList(_ entries: [WellnessEntry], on day: CalendarDay) -> String {
        let days = WellnessHistory(entries).days(from: day.adding(days: 1 - historyDays), through: day).reversed()
        guard !days.isEmpty else { return "<p class=\"muted\">No morning check-ins in these weeks.</p>" }
        let rows = days.map { w in
            "<tr><td class=\"nowrap\">\(w.day)</td>" + WellnessItem.allCases.map { "<td class=\"num opt\">\(w.answers[$0])</td>" }.joined()
                + "<td class=\"num\">\(wellness(w))</td></tr>"
        }.joined()
        let heads = WellnessItem.allCases.map { "<th class=\"num opt\">\($0.title.html)</th>" }.joined()
        return "<div class=\"scroll\"><table id=\"player-wellness\"><thead><tr><th>Day</th>\(heads)<th class=\"num\">Total</th></tr></thead>"
            + "<tbody>\(rows)</tbody></table></div><p class=\"muted\">Each item 1 (worst) to 5 (best); the total against the player's own 28 days before.</p>"
    }

    /// The latest fitness test's HRex ("70.3"), on the caution tone with "↑" when worse than the test before beyond the
    /// typical error (never the colour alone); "–" before any.
    static func hrex(_ a: FitnessAssessment?) -> String {
        guard let a, let value = a.result.hrex else { return "<span data-field=\"hrex\">–</span>" }
        let text = String(format: "%.1f", value)
        let attributes = "data-field=\"hrex\" data-hrex=\"\(value)\" data-change=\"\(a.change?.rawValue ?? "")\""
        return a.change == .worse ? "<span class=\"word tone-caution\" \(attributes)>\(text) ↑</span>" : "<span \(attributes)>\(text)</span>"
    }

    /// A player's fitness tests, newest first: day, protocol, HRex, HRR60 and the change since the previous test.
    static func fitnessList(_ tests: [FitnessResult], on day: CalendarDay) -> String {
        let rows = FitnessTest.assess(tests.filter { $0.day <= day }).reversed().map { a in
            // The unrounded numbers on the row (`data-hrex`, `data-hrr60`, `data-change`), the cells as printed.
            "<tr data-hrex=\"\(a.result.hrex.map { String($0) } ?? "")\" data-hrr60=\"\(a.result.hrr60.map { String($0) } ?? "")\" "
                + "data-change=\"\(a.change?.rawValue ?? "")\"><td class=\"nowrap\">\(a.result.day.description)</td><td>\(a.result.protocolKey.html)</td>"
                + "<td class=\"num\">\(a.result.hrex.map { String(format: "%.1f", $0) } ?? "–")</td>"
                + "<td class=\"num\">\(a.result.hrr60.map { String(format: "%.0f", $0) } ?? "–")</td>"
                + "<td class=\"num\">\(a.hrexChange.map { String(format: "%+.1f", $0) } ?? "–")</td>"
                + "<td>\(a.change?.rawValue ?? (a.previous == nil ? "first test" : "–"))</td></tr>"
        }.joined()
        guard !rows.isEmpty else { return "<p class=\"muted\">No fitness test yet.</p>" }
        return "<div class=\"scroll\"><table id=\"player-fitness\"><thead><tr><th>Day</th><th>Protocol</th><th class=\"num\">HRex %</th>"
            + "<th class=\"num\">HRR60</th><th class=\"num\">Change</th><th>vs typical error</th></tr></thead><tbody>\(rows)</tbody></table></div>"
    }

    static func word(_ text: String, tone: String, field: String) -> String {
        "<span class=\"word tone-\(tone)\" data-field=\"\(field)\">\(text.html)</span>"
    }

    func table(_ user: WebUser, team uuid: UUID, request: Request) async throws -> Response {
        let page = try await table(user, team: uuid, on: try Self.day(request))
        try await AccessLog.record(.view("season table", team: uuid), by: .web(user), database: database)
        return page
    }

    /// The page of the team's season on `day` (what `sideline-club bench` times).
    func table(_ user: WebUser, team uuid: UUID, on day: CalendarDay) async throws -> Response {
        let (name, season) = try await season(user, team: uuid, comparisonOn: day)
        let t = uuid.uuidString.lowercased()
        let rows = season.table(on: day)
        let lines = rows.map { r in
            let f = r.figures, p = season.players[Int(r.playerID)]
            return "<tr data-player=\"\(p.uuid.uuidString.lowercased())\"><td class=\"num opt\">\(r.number)</td>"
                + "<td><a href=\"/teams/\(t)/season/\(p.uuid.uuidString.lowercased())?on=\(day)\">\(r.name.html)</a></td>"
                + "<td class=\"num opt\" data-field=\"loadToday\">\(WebFormat.whole(f.load))</td><td class=\"num\" data-field=\"strain\">\(WebFormat.whole(f.strain))</td>"
                + "<td class=\"num opt\" data-field=\"tolerance\">\(WebFormat.whole(f.tolerance))</td>"
                + "<td>\(Self.word(f.status.rawValue, tone: Self.tone(f.status), field: "loadStatus"))</td>"
                + "<td class=\"num opt\" data-field=\"acwrEwma\">\(WebFormat.two(f.acwrEWMA))</td>"
                + "<td>\(r.readiness.map { Self.word($0.status.rawValue, tone: Self.tone($0.status), field: "readiness") } ?? "<span data-field=\"readiness\">–</span>")</td>"
                + "<td class=\"num\">\(Self.wellness(r.wellness))</td>"
                + "<td class=\"num opt\">\(Self.hrex(r.fitness))</td>"
                + "<td class=\"opt\" data-field=\"lastSession\">\(r.lastSession?.description ?? "–")</td></tr>"
        }.joined()
        let previous = day.adding(days: -1), next = day.adding(days: 1)
        let body = """
            <h1>\(name.html) · season</h1>
            <p class="sub">\(day.description) · load is each day's Banister TRIMP; Strain and Tolerance its 7- and 28-day means; status is Strain ÷ Tolerance in Polar's words; ACWR by EWMA is guidance, not a diagnosis.</p>
            <div class="actions"><a href="/teams/\(t)/season?on=\(previous)">‹ \(previous)</a><a href="/teams/\(t)/season?on=\(next)">\(next) ›</a>
            <a href="/teams/\(t)/season.csv?on=\(day)" download>CSV</a><a href="/teams/\(t)/report?on=\(day)">Weekly report</a><a href="/teams/\(t)">Roster</a></div>
            <div class="scroll"><table id="season"><thead><tr><th class="num opt">#</th><th>Player</th><th class="num opt">Today</th><th class="num">Strain</th>
            <th class="num opt">Tolerance</th><th>Load status</th><th class="num opt">ACWR</th><th>Readiness</th><th class="num">Wellness</th><th class="num opt">HRex</th><th class="opt">Last session</th></tr></thead>
            <tbody>\(lines)</tbody></table></div>
            <p class="muted">Readiness: the last readiness check's lnRMSSD against the player's own normal range (at least 5 checks). Wellness: the day's total of the five morning items (5–25) and its z against the player's own 28 days before (at least 7 answers); ↓ a drop beyond 1 SD of the total or an item — a cue to talk, not a diagnosis. HRex: the last fitness test's mean HR over the run's last 30 s (% HRmax), ↑ when it is worse than the test before at the same pace by more than its typical error (1 point). Formulas and sources: docs/ANALYTICS.md.</p>
            \(WebTeamReport.section(try await WebTeamReport(database: database).flags(user, team: uuid, season: season, on: day), team: uuid, user: user))
            \(Self.comparison(season, player: nil))
            """
        return WebPage(title: "\(name) season", user: user, section: .teams, body: body).response
    }

    /// The table as the kiosk's columns, one row a player, numbers unrounded, words as the analysis names them.
    func csv(_ user: WebUser, team uuid: UUID, request: Request) async throws -> Response {
        let day = try Self.day(request)
        let (name, season) = try await season(user, team: uuid)
        func cell(_ text: String) -> String {
            // Quoted, and a leading formula character defused, as the kiosk's CSV exports do.
            let safe = text.first.map { "=+-@".contains($0) } == true ? "'" + text : text
            return "\"" + safe.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        func number(_ x: Double?) -> String { x.map { String($0) } ?? "" }
        var out = "\u{FEFF}team,date,number,name,loadToday,strain,tolerance,loadStatus,acwrEwma,acwrRolling,readiness,lastSession,wellnessTotal,wellnessZ\n"
        for r in season.table(on: day) {
            let f = r.figures
            out += [cell(name), day.description, "\(r.number)", cell(r.name), number(f.load), number(f.strain), number(f.tolerance), f.status.rawValue,
                    number(f.acwrEWMA), number(f.acwrRolling), r.readiness?.status.rawValue ?? "", r.lastSession?.description ?? "",
                    r.wellness.map { "\($0.total.value)" } ?? "", number(r.wellness?.total.z)].joined(separator: ",") + "\n"
        }
        let file = "\(name.filter { $0.isASCII && ($0.isLetter || $0.isNumber) })_season_\(day).csv"
        try await AccessLog.record(.download("season CSV", team: uuid), by: .web(user), database: database)
        return Response(status: .ok, headers: [.contentType: "text/csv; charset=utf-8", .cacheControl: "private, no-store",
                                               .contentDisposition: "attachment; filename=\"\(file)\""],
                        body: ResponseBody(byteBuffer: ByteBuffer(string: out)))
    }

    func player(_ user: WebUser, team uuid: UUID, player: UUID, request: Request) async throws -> Response {
        let day = try Self.day(request)
        let (name, season) = try await season(user, team: uuid, zonesOn: [day.adding(days: 1 - Self.historyDays)...day], comparisonOn: day)
        guard let index = season.players.firstIndex(where: { $0.uuid == player }) else {
            throw ClubError.notFound("No player \(player.uuidString.lowercased()) on \(name).")
        }
        let p = season.players[index]
        let row = season.table(on: day)[index], f = row.figures
        let charts = SeasonChartsSVG(season: season, player: player, day: day, days: Self.historyDays, thresholds: season.thresholds)
        let team = TeamComparisonSVG(season: season, player: player, day: day, days: Self.historyDays)
        let sessions = (season.entries[player] ?? []).filter { $0.day <= day }.reversed().prefix(30).map { e in
            "<tr><td class=\"nowrap\">\(e.day.description)</td><td class=\"opt\">\(e.teamName.html)</td><td class=\"opt\">\(WebSessionPages.tags(e.tags.tags))</td>"
                + "<td class=\"num\">\(e.tags.isMeasurement ? "–" : WebFormat.whole(e.figures.cardioLoad))</td>"
                + "<td class=\"num\">\(e.tags.isReadinessCheck ? WebFormat.two(e.figures.lnRMSSD) : "–")</td>"
                + "<td><a href=\"/sessions/\(e.session.uuidString.lowercased())\">open</a></td></tr>"
        }.joined()
        let t = uuid.uuidString.lowercased()
        try await AccessLog.record(.view("season of a player", team: uuid, player: player), by: .web(user), database: database)
        let body = """
            <h1>#\(p.number) \(p.name.html)</h1>
            <p class="sub">\(name.html) · \(day.description) · today \(WebFormat.whole(f.load)) · Strain \(WebFormat.whole(f.strain)) · Tolerance \(WebFormat.whole(f.tolerance)) ·
            \(Self.word(f.status.rawValue, tone: Self.tone(f.status), field: "loadStatus")) · ACWR \(WebFormat.two(f.acwrEWMA))
            \(row.readiness.map { " · readiness " + Self.word($0.status.rawValue, tone: Self.tone($0.status), field: "readiness") } ?? "")
            · wellness \(Self.wellness(row.wellness))</p>
            <div class="actions"><a href="/teams/\(t)/season?on=\(day)">‹ The team's season</a></div>
            <h2>Daily load, Strain and Tolerance</h2>\(charts.dailyLoad())
            <div class="grid2"><div><h2>Weekly time in zones</h2>\(charts.weeklyZones())</div><div><h2>Heart rate recovery (HRR 60 s)</h2>\(charts.recovery())</div></div>
            <h2>Readiness: lnRMSSD and the normal range</h2>\(charts.readiness())
            <h2>Morning wellness</h2>\(Self.wellnessList(season.wellness[player] ?? [], on: day))
            <h2>Fitness tests: HRex and HRR60</h2>\(Self.fitnessList(season.fitnessTests(player), on: day))
            <h2>Against the team's average</h2>\(team.numbers())
            <h3>Daily load</h3>\(team.load())<h3>Strain and Tolerance</h3>\(team.strain())<h3>Readiness lnRMSSD</h3>\(team.readiness())
            \(Self.comparison(season, player: player))
            <h2>Sessions</h2><div class="scroll"><table id="player-sessions"><thead><tr><th>Day</th><th class="opt">Team</th><th class="opt">Tags</th>
            <th class="num">Load</th><th class="num">lnRMSSD</th><th></th></tr></thead><tbody>\(sessions)</tbody></table></div>
            """
        return WebPage(title: p.name, user: user, section: .teams, body: body).response
    }
}

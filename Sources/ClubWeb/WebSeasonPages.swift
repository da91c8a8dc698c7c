import Analytics
import ClubServerHTTP
import ClubStorage
import Foundation
import HTTPTypes
import Hummingbird
import Localization
import NIOCore
import TeamCore

/// The season (issue 24) on the web: a team's table as the kiosk shows it, the table as CSV, and a
/// player's page with the kiosk's charts. The numbers come from `ClubSeason`: kept per-session
/// figures read into the one season analysis.
package struct WebSeasonPages: Sendable {
    let storage: any WebSeasonStorage

    package init(storage: any WebSeasonStorage) { self.storage = storage }
    /// The player page's charts cover this many days, ending on the day shown (the kiosk's six weeks).
    package static let historyDays = 42

    /// The team's name and season (`WebSeasonStorage.season(of:visibleTo:zonesOn:comparisonOn:)`).
    func season(_ user: WebUser, team uuid: UUID, zonesOn: [ClosedRange<CalendarDay>] = [], comparisonOn: CalendarDay? = nil)
        async throws -> (name: String, season: ClubSeason) {
        try await storage.season(of: uuid, visibleTo: user, zonesOn: zonesOn, comparisonOn: comparisonOn)
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

    /// A load status as the page says it (the analysis's word is its raw value, kept in `data-*` and the CSV).
    static func title(_ status: LoadStatus) -> String {
        let id = switch status {
        case .overreaching: N_("overreaching")
        case .productive: N_("productive")
        case .maintaining: N_("maintaining")
        case .detraining: N_("detraining")
        case .buildingBaseline: N_("building baseline")
        }
        return WebLanguage.words.tr(id)
    }

    static func title(_ status: ReadinessStatus) -> String {
        let words = WebLanguage.words
        return switch status {
        case .below: words.tr("below", context: "readiness against the normal range")
        case .above: words.tr("above", context: "readiness against the normal range")
        case .within: words.tr("within", context: "readiness against the normal range")
        case .buildingBaseline: words.tr("building baseline")
        }
    }

    /// A fitness test against the one before, beyond its typical error or within it.
    static func title(_ change: FitnessAssessment.Change) -> String {
        let words = WebLanguage.words
        return switch change {
        case .better: words.tr("better", context: "a fitness test against the one before")
        case .within: words.tr("within", context: "a fitness test against the one before")
        case .worse: words.tr("worse", context: "a fitness test against the one before")
        }
    }

    /// A morning wellness item's name on the pages (TeamCore's title is the kiosk's and the command line's).
    static func title(_ item: WellnessItem) -> String {
        let id = switch item {
        case .fatigue: N_("Fatigue")
        case .sleep: N_("Sleep quality")
        case .soreness: N_("Muscle soreness")
        case .stress: N_("Stress")
        case .mood: N_("Mood")
        }
        return WebLanguage.words.tr(id)
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
    static func comparison(_ season: ClubSeason, player: UUID?) -> HTML {
        let start = season.settings.seasonStart, words = WebLanguage.words
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = words.locale
        let begins = words.tr("The club's season begins on {day} {month}.", ["day": "\(start.day)", "month": calendar.monthSymbols[start.month - 1]])
        let beside = player == nil ? words.tr("The season so far beside the same days of the last, per player who trained in them.")
            : words.tr("The season so far beside the same days of the last.")
        return """
            <section class="comparison"><h2>\(words.tr("This season against the last"))</h2>
            <p class="sub">\(begins) \(beside)</p>
            \(SeasonComparisonTable.html(season.seasonComparison(player: player), team: player == nil))</section>
            """
    }

    /// A day's wellness total with its z ("17 (z −1.4)"), on the caution tone with "↓" when the total or an
    /// item dropped beyond 1 SD; "–" without an answer. `data-total`, `data-z`: the unrounded numbers.
    static func wellness(_ w: WellnessDay?) -> HTML {
        guard let w else { return "<span data-field=\"wellness\">–</span>" }
        let words = WebLanguage.words
        let z = w.total.z.map { " (z " + ($0 >= 0 ? "+" : "−") + words.formatted(abs($0), digits: 1) + ")" } ?? ""
        let attributes: HTML = "data-field=\"wellness\" data-total=\"\(w.total.value)\" data-z=\"\(w.total.z.map { String($0) } ?? "")\" data-flagged=\"\(String(w.flagged))\""
        guard w.flagged else { return "<span \(attributes)>\(w.total.value)\(z)</span>" }
        let dropped = ((w.total.dropped ? [words.tr("total", context: "wellness")] : []) + w.droppedItems.map { title($0).lowercased() }).joined(separator: ", ")
        let tip = words.tr("a drop beyond 1 SD: {items}", ["items": dropped])
        return "<span class=\"word tone-caution\" \(attributes) title=\"\(tip)\">\(w.total.value)\(z) ↓</span>"
    }

    /// The player's mornings of the last weeks ending on `day`, newest first: the five answers, the total, z and drop.
    static func wellnessList(_ entries: [WellnessEntry], on day: CalendarDay) -> HTML {
        let days = WellnessHistory(entries).days(from: day.adding(days: 1 - historyDays), through: day).reversed()
        let words = WebLanguage.words
        guard !days.isEmpty else { return "<p class=\"muted\">\(words.tr("No morning check-ins in these weeks."))</p>" }
        let rows = days.map { w -> HTML in
            "<tr><td class=\"nowrap\">\(w.day.description)</td>" + WellnessItem.allCases.map { item -> HTML in "<td class=\"num opt\">\(w.answers[item])</td>" }.joined()
                + "<td class=\"num\">\(wellness(w))</td></tr>"
        }.joined()
        let heads = WellnessItem.allCases.map { item -> HTML in "<th class=\"num opt\">\(title(item))</th>" }.joined()
        return HTML("<div class=\"scroll\"><table id=\"player-wellness\"><thead><tr><th>\(words.tr("Day"))</th>\(heads)<th class=\"num\">\(words.tr("Total"))</th></tr></thead>"
            + "<tbody>\(rows)</tbody></table></div><p class=\"muted\">\(words.tr("Each item 1 (worst) to 5 (best); the total against the player's own 28 days before."))</p>")
    }

    /// The latest fitness test's HRex ("70.3"), on the caution tone with "↑" when worse than the test before beyond the
    /// typical error (never the colour alone); "–" before any.
    static func hrex(_ a: FitnessAssessment?) -> HTML {
        guard let a, let value = a.result.hrex else { return "<span data-field=\"hrex\">–</span>" }
        let text = WebLanguage.words.formatted(value, digits: 1)
        let attributes: HTML = "data-field=\"hrex\" data-hrex=\"\(String(value))\" data-change=\"\(a.change?.rawValue ?? "")\""
        return a.change == .worse ? "<span class=\"word tone-caution\" \(attributes)>\(text) ↑</span>" : "<span \(attributes)>\(text)</span>"
    }

    /// A player's fitness tests, newest first: day, protocol, HRex, HRR60 and the change since the previous test.
    static func fitnessList(_ tests: [FitnessResult], on day: CalendarDay) -> HTML {
        let words = WebLanguage.words
        let rows = FitnessTest.assess(tests.filter { $0.day <= day }).reversed().map { a -> HTML in
            let change: String = a.hrexChange.map { ($0 >= 0 ? "+" : "-") + words.formatted(abs($0), digits: 1) } ?? "–"
            let against: String = a.change.map(title) ?? (a.previous == nil ? words.tr("first test") : "–")
            // The unrounded numbers on the row (`data-hrex`, `data-hrr60`, `data-change`), the cells as printed.
            return "<tr data-hrex=\"\(a.result.hrex.map { String($0) } ?? "")\" data-hrr60=\"\(a.result.hrr60.map { String($0) } ?? "")\" "
                + "data-change=\"\(a.change?.rawValue ?? "")\"><td class=\"nowrap\">\(a.result.day.description)</td><td>\(a.result.protocolKey)</td>"
                + "<td class=\"num\">\(WebFormat.one(a.result.hrex))</td>"
                + "<td class=\"num\">\(WebFormat.whole(a.result.hrr60))</td>"
                + "<td class=\"num\">\(change)</td><td>\(against)</td></tr>"
        }.joined()
        guard !rows.isEmpty else { return "<p class=\"muted\">\(words.tr("No fitness test yet."))</p>" }
        return HTML("<div class=\"scroll\"><table id=\"player-fitness\"><thead><tr><th>\(words.tr("Day"))</th><th>\(words.tr("Protocol"))</th><th class=\"num\">HRex %</th>"
            + "<th class=\"num\">HRR60</th><th class=\"num\">\(words.tr("Change"))</th><th>\(words.tr("vs typical error"))</th></tr></thead><tbody>\(rows)</tbody></table></div>")
    }

    static func word(_ text: String, tone: String, field: String) -> HTML {
        "<span class=\"word tone-\(tone)\" data-field=\"\(field)\">\(text)</span>"
    }

    func table(_ user: WebUser, team uuid: UUID, request: Request) async throws -> Response {
        let page = try await table(user, team: uuid, on: try HTTP.day(request))
        try await storage.record(.view("season table", team: uuid), by: .web(user))
        return page
    }

    /// The page of the team's season on `day` (what `sideline-club bench` times).
    package func table(_ user: WebUser, team uuid: UUID, on day: CalendarDay) async throws -> Response {
        let (name, season) = try await season(user, team: uuid, comparisonOn: day)
        let flags = try await WebTeamReport(storage: storage).flags(user, team: uuid, season: season, on: day)
        return Self.tablePage(user, team: uuid, name: name, season: season, flags: flags, on: day).response
    }

    /// The season page over its data: the team's season analysed, its flags on `day`.
    package static func tablePage(_ user: WebUser, team uuid: UUID, name: String, season: ClubSeason, flags: FlagList, on day: CalendarDay) -> WebPage {
        let t = uuid.uuidString.lowercased()
        let rows = season.table(on: day)
        let lines = rows.map { r -> HTML in
            let f = r.figures, p = season.players[Int(r.playerID)]
            return """
            <tr data-player="\(p.uuid.uuidString.lowercased())"><td class="num opt">\(r.number)</td>\
            <td><a href="/teams/\(t)/season/\(p.uuid.uuidString.lowercased())?on=\(day)">\(r.name)</a></td>\
            <td class="num opt" data-field="loadToday">\(WebFormat.whole(f.load))</td><td class="num" data-field="strain">\(WebFormat.whole(f.strain))</td>\
            <td class="num opt" data-field="tolerance">\(WebFormat.whole(f.tolerance))</td>\
            <td>\(Self.word(Self.title(f.status), tone: Self.tone(f.status), field: "loadStatus"))</td>\
            <td class="num opt" data-field="acwrEwma">\(WebFormat.two(f.acwrEWMA))</td>\
            <td>\(r.readiness.map { Self.word(Self.title($0.status), tone: Self.tone($0.status), field: "readiness") } ?? HTML("<span data-field=\"readiness\">–</span>"))</td>\
            <td class="num">\(Self.wellness(r.wellness))</td>\
            <td class="num opt">\(Self.hrex(r.fitness))</td>\
            <td class="opt" data-field="lastSession">\(r.lastSession?.description ?? "–")</td></tr>
            """
        }.joined()
        let previous = day.adding(days: -1), next = day.adding(days: 1)
        let words = WebLanguage.words
        func th(_ label: String, _ className: String) -> HTML { "<th class=\"\(className)\">\(label)</th>" }
        let body: HTML = """
            <h1>\(words.tr("{team} · season", ["team": name]))</h1>
            <p class="sub">\(day.description) · \(words.tr("load is each day's Banister TRIMP; Strain and Tolerance its 7- and 28-day means; status is Strain ÷ Tolerance in Polar's words; ACWR by EWMA is guidance, not a diagnosis."))</p>
            <div class="actions"><a href="/teams/\(t)/season?on=\(previous)">‹ \(previous)</a><a href="/teams/\(t)/season?on=\(next)">\(next) ›</a>
            <a href="/teams/\(t)/season.csv?on=\(day)" download>CSV</a><a href="/teams/\(t)/report?on=\(day)">\(words.tr("Weekly report"))</a><a href="/teams/\(t)">\(words.tr("Roster"))</a></div>
            <div class="scroll"><table id="season"><thead><tr><th class="num opt">#</th>\(th(words.tr("Player"), ""))\(th(words.tr("Today"), "num opt"))\(th(words.tr("Strain"), "num"))
            \(th(words.tr("Tolerance"), "num opt"))\(th(words.tr("Load status"), ""))<th class="num opt">ACWR</th>\(th(words.tr("Readiness"), ""))\(th(words.tr("Wellness"), "num"))<th class="num opt">HRex</th>\(th(words.tr("Last session"), "opt"))</tr></thead>
            <tbody>\(lines)</tbody></table></div>
            <p class="muted">\(words.tr("Readiness: the last readiness check's lnRMSSD against the player's own normal range (at least 5 checks). Wellness: the day's total of the five morning items (5–25) and its z against the player's own 28 days before (at least 7 answers); ↓ a drop beyond 1 SD of the total or an item — a cue to talk, not a diagnosis. HRex: the last fitness test's mean HR over the run's last 30 s (% HRmax), ↑ when it is worse than the test before at the same pace by more than its typical error (1 point). Formulas and sources: docs/ANALYTICS.md."))</p>
            \(WebTeamReport.section(flags, team: uuid, user: user))
            \(Self.comparison(season, player: nil))
            """
        return WebPage(title: words.tr("{team} · season", ["team": name]), user: user, section: .teams, body: body)
    }

    /// The table as the kiosk's columns, one row a player, numbers unrounded, words as the analysis names them.
    func csv(_ user: WebUser, team uuid: UUID, request: Request) async throws -> Response {
        let day = try HTTP.day(request)
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
        try await storage.record(.download("season CSV", team: uuid), by: .web(user))
        return Response(status: .ok, headers: [.contentType: "text/csv; charset=utf-8", .cacheControl: "private, no-store",
                                               .contentDisposition: "attachment; filename=\"\(file)\""],
                        body: ResponseBody(byteBuffer: ByteBuffer(string: out)))
    }

    func player(_ user: WebUser, team uuid: UUID, player: UUID, request: Request) async throws -> Response {
        let day = try HTTP.day(request)
        let (name, season) = try await season(user, team: uuid, zonesOn: [day.adding(days: 1 - Self.historyDays)...day], comparisonOn: day)
        guard let index = season.players.firstIndex(where: { $0.uuid == player }) else {
            throw ClubError.notFound("No player \(player.uuidString.lowercased()) on \(name).")
        }
        try await storage.record(.view("season of a player", team: uuid, player: player), by: .web(user))
        return Self.playerPage(user, team: uuid, name: name, season: season, player: index, on: day).response
    }

    /// A player's season page over its data: the team's season analysed (with the weeks' time in zones), the player's index in it.
    static func playerPage(_ user: WebUser, team uuid: UUID, name: String, season: ClubSeason, player index: Int, on day: CalendarDay) -> WebPage {
        let p = season.players[index], player = p.uuid
        let row = season.table(on: day)[index], f = row.figures
        let charts = SeasonChartsSVG(season: season, player: player, day: day, days: historyDays, thresholds: season.thresholds)
        let team = TeamComparisonSVG(season: season, player: player, day: day, days: historyDays)
        let words = WebLanguage.words
        let sessions = (season.entries[player] ?? []).filter { $0.day <= day }.reversed().prefix(30).map { e -> HTML in
            "<tr><td class=\"nowrap\">\(e.day.description)</td><td class=\"opt\">\(e.teamName)</td><td class=\"opt\">\(WebSessionPages.tags(e.tags.tags))</td>"
                + "<td class=\"num\">\(e.tags.isMeasurement ? "–" : WebFormat.whole(e.figures.cardioLoad))</td>"
                + "<td class=\"num\">\(e.tags.isReadinessCheck ? WebFormat.two(e.figures.lnRMSSD) : "–")</td>"
                + "<td><a href=\"/sessions/\(e.session.uuidString.lowercased())\">\(words.tr("open", context: "a session"))</a></td></tr>"
        }.joined()
        let t = uuid.uuidString.lowercased()
        let body: HTML = """
            <h1>#\(p.number) \(p.name)</h1>
            <p class="sub">\(name) · \(day.description) · \(words.tr("today {load}", ["load": WebFormat.whole(f.load)])) · \(words.tr("Strain")) \(WebFormat.whole(f.strain)) · \(words.tr("Tolerance")) \(WebFormat.whole(f.tolerance)) ·
            \(Self.word(Self.title(f.status), tone: Self.tone(f.status), field: "loadStatus")) · ACWR \(WebFormat.two(f.acwrEWMA))
            \(row.readiness.map { readiness -> HTML in " · \(words.tr("readiness", context: "before its status")) " + Self.word(Self.title(readiness.status), tone: Self.tone(readiness.status), field: "readiness") } ?? "")
            · \(words.tr("wellness", context: "before its total")) \(Self.wellness(row.wellness))</p>
            <div class="actions"><a href="/teams/\(t)/season?on=\(day)">\(words.tr("‹ The team's season"))</a></div>
            <h2>\(words.tr("Daily load, Strain and Tolerance"))</h2>\(charts.dailyLoad())
            <div class="grid2"><div><h2>\(words.tr("Weekly time in zones"))</h2>\(charts.weeklyZones())</div><div><h2>\(words.tr("Heart rate recovery (HRR 60 s)"))</h2>\(charts.recovery())</div></div>
            <h2>\(words.tr("Readiness: lnRMSSD and the normal range"))</h2>\(charts.readiness())
            <h2>\(words.tr("Morning wellness"))</h2>\(Self.wellnessList(season.wellness[player] ?? [], on: day))
            <h2>\(words.tr("Fitness tests: HRex and HRR60"))</h2>\(Self.fitnessList(season.fitnessTests(player), on: day))
            <h2>\(words.tr("Against the team's average"))</h2>\(team.numbers())
            <h3>\(words.tr("Daily load"))</h3>\(team.load())<h3>\(words.tr("Strain and Tolerance"))</h3>\(team.strain())<h3>\(words.tr("Readiness lnRMSSD"))</h3>\(team.readiness())
            \(Self.comparison(season, player: player))
            <h2>\(words.tr("Sessions"))</h2><div class="scroll"><table id="player-sessions"><thead><tr><th>\(words.tr("Day"))</th><th class="opt">\(words.tr("Team"))</th><th class="opt">\(words.tr("Tags"))</th>
            <th class="num">\(words.tr("Load"))</th><th class="num">lnRMSSD</th><th></th></tr></thead><tbody>\(sessions)</tbody></table></div>
            """
        return WebPage(title: p.name, user: user, section: .teams, body: body)
    }
}

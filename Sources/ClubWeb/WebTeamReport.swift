import Analytics
import ClubServerHTTP
import ClubStorage
import Foundation
import Hummingbird
import Localization
import TeamCore

/// A team's flags on the web (the kiosk's rules over the club's data, `ClubFlags`) and the weekly team
/// report: one A4 page a team — each player's week of load, sRPE and wellness, and what needs attention.
package struct WebTeamReport: Sendable {
    let storage: any WebSeasonStorage

    package init(storage: any WebSeasonStorage) { self.storage = storage }
    var seasonPages: WebSeasonPages { WebSeasonPages(storage: storage) }

    /// The team's flags on `day`, from the season already loaded.
    package func flags(_ user: WebUser, team uuid: UUID, season: ClubSeason, on day: CalendarDay) async throws -> FlagList {
        let (straps, roster, dismissed) = try await storage.flagInputs(team: uuid, visibleTo: user, on: day)
        return ClubFlags.list(season: season, roster: roster.roster(of: uuid), straps: straps, on: day, dismissed: dismissed)
    }

    /// `POST /teams/{team}/flags/dismiss` (`key`, `on`): one flag of that day's list dismissed for the day, logged as a
    /// change; back to the season page. A key not in the list is refused (400) with nothing kept.
    func dismiss(_ user: WebUser, team uuid: UUID, form: FormData) async throws -> Response {
        guard let day = CalendarDay(iso: form.text("on")) else { throw ClubError.badRequest("'\(form.text("on").prefix(20))' is not a day like 2026-03-14") }
        let key = form.text("key")
        let (_, season) = try await seasonPages.season(user, team: uuid)
        guard let flag = try await flags(user, team: uuid, season: season, on: day).active.first(where: { $0.key == key }) else {
            throw ClubError.badRequest("No flag '\(key.prefix(80))' in the team's list on \(day); nothing was changed.")
        }
        try await storage.dismissFlag(flag.key, kind: flag.kind, team: uuid, on: day, by: user)
        return WebPage.redirect("/teams/\(uuid.uuidString.lowercased())/season?on=\(day)")
    }

    /// The rules' names and advice (`FlagKind.title`, `.advice`: the kiosk's and the command line's English) as messages
    /// (and `shortTitle`) of the web's catalog, looked up by their English words when a page shows them; `FlagWordsTests` checks that every
    /// kind's words are here. A flag's reason — its numbers in words, made by the rule — stays as the rule wrote it.
    static let flagMessages = [
        N_("Load status overreaching"), N_("ACWR above 1.5"), N_("Readiness below normal range"), N_("Wellness drop"),
        N_("HRex worse than typical error"), N_("Strap battery low"), N_("Strap not seen for a week"), N_("No HRmax set"),
        N_("Check with the player how the last week felt before adding load."),
        N_("Ask the player how they slept and feel; compare with today's session."),
        N_("Have a word with the player about the answers that dropped."),
        N_("Ask how the player feels and slept; retest at the same pace before changing the plan."),
        N_("Charge or replace the strap's battery."), N_("Find the strap, or forget it in Settings if it is gone."),
        N_("Enter a measured HRmax, or accept one the kiosk suggests after a session."),
        // `shortTitle`, the weekly report's column: "overreaching" is the load status's word too.
        N_("overreaching"), N_("ACWR"), N_("readiness"), N_("wellness"), N_("HRex"), N_("battery"), N_("strap unseen"), N_("HRmax"),
    ]

    /// The season page's "Needs attention" section (not printed: the weekly report is the printed one), each flag
    /// with a "Dismiss for today" form.
    static func section(_ list: FlagList, team: UUID, user: WebUser) -> HTML {
        let words = WebLanguage.words
        let items = list.active.map { f -> HTML in
            """
            <li data-key="\(f.key)" data-rule="\(f.kind.rawValue)"><b>\(words.tr(f.kind.title))</b> · \(f.subject.title)\
             — <span data-field="reason">\(f.reason)</span> <span class="muted">\(words.tr(f.advice))</span>\
             <form method="post" action="/teams/\(team.uuidString.lowercased())/flags/dismiss" class="inline">\(WebPage.csrfField(user))\
            <input type="hidden" name="key" value="\(f.key)"><input type="hidden" name="on" value="\(list.day)">\
            <button type="submit" class="dismiss">\(words.tr("Dismiss for today"))</button></form></li>
            """
        }.joined()
        let dismissed = words.trn("{n} dismissed for the day.", "{n} dismissed for the day.", n: list.dismissed.count)
        let rules = words.tr("The kiosk's rules on the club's data: load status overreaching, ACWR above 1.5, readiness below the normal range (a check of the last 7 days), a wellness drop beyond 1 SD, a strap of the team's sessions with its battery below 20 % or not in one for 7 days, no measured HRmax. Cues to look or ask, never a diagnosis (docs/ANALYTICS.md, \"Flags\").")
        return """
            <section id="flags" class="noprint"><h2>\(words.tr("Needs attention ({n})", ["n": "\(list.active.count)"]))</h2>
            \(items.isEmpty ? HTML("<p class=\"muted\">\(words.tr("Nothing today."))</p>") : "<ul class=\"flags\">\(items)</ul>")
            \(list.dismissed.isEmpty ? "" : HTML("<p class=\"muted\" id=\"flags-dismissed\">\(dismissed)</p>"))
            <p class="muted">\(rules)</p></section>
            """
    }

    func page(_ user: WebUser, team uuid: UUID, request: Request) async throws -> Response {
        let page = try await page(user, team: uuid, on: try HTTP.day(request))
        try await storage.record(.view("weekly report", team: uuid), by: .web(user))
        return page
    }

    /// The week ending on `day` (what `sideline-club bench` times).
    package func page(_ user: WebUser, team uuid: UUID, on day: CalendarDay) async throws -> Response {
        let (name, season) = try await seasonPages.season(user, team: uuid)
        let list = try await flags(user, team: uuid, season: season, on: day)
        return Self.reportPage(user, team: uuid, name: name, season: season, flags: list, on: day).response
    }

    /// The weekly report over its data: the team's season analysed, its flags on `day`.
    static func reportPage(_ user: WebUser, team uuid: UUID, name: String, season: ClubSeason, flags list: FlagList, on day: CalendarDay) -> WebPage {
        let first = day.adding(days: -6), words = WebLanguage.words
        let rows = season.table(on: day)
        var byPlayer: [String: [AttentionFlag]] = [:]
        for f in list.active { if case let .player(id, _, _) = f.subject { byPlayer[id, default: []].append(f) } }
        let lines = zip(season.players, rows).map { p, r -> HTML in
            let week = PlayerLoadHistory(sessions: season.loads(p.uuid).filter { $0.day <= day }).week(endingOn: day)
            let wellness = WellnessHistory(season.wellness[p.uuid] ?? []).days(from: first, through: day)
            let totals = wellness.map { Double($0.total.value) }
            let flags = byPlayer[p.uuid.uuidString.lowercased()] ?? []
            return "<tr data-player=\"\(p.uuid.uuidString.lowercased())\"><td class=\"num\">\(r.number)</td><td>\(r.name)</td>"
                + "<td class=\"num\" data-field=\"weekLoad\">\(WebFormat.whole(week.load))</td>"
                + "<td class=\"num\" data-field=\"strain\">\(WebFormat.whole(r.figures.strain))</td>"
                + "<td class=\"num\" data-field=\"tolerance\">\(WebFormat.whole(r.figures.tolerance))</td>"
                + "<td data-field=\"loadStatus\">\(WebSeasonPages.title(r.figures.status))</td>"
                + "<td class=\"num\" data-field=\"acwrEwma\">\(WebFormat.two(r.figures.acwrEWMA))</td>"
                + "<td class=\"num\" data-field=\"srpeWeek\">\(WebFormat.whole(r.srpe.week.load))</td>"
                + "<td class=\"num\" data-field=\"srpeMonotony\">\(WebFormat.one(r.srpe.week.monotony))</td>"
                + "<td class=\"num\" data-field=\"wellnessDays\">\(wellness.count)</td>"
                + "<td class=\"num\" data-field=\"wellnessMean\">\(WebFormat.one(totals.isEmpty ? nil : totals.reduce(0, +) / Double(totals.count)))</td>"
                + "<td class=\"num\" data-field=\"wellnessDrops\">\(wellness.filter(\.flagged).count)</td>"
                + "<td data-field=\"flags\">\(flags.map { flag -> HTML in "<span title=\"\(flag.reason)\">\(words.tr(flag.kind.shortTitle))</span>" }.joined(separator: " · "))</td></tr>"
        }.joined()
        let notes = list.active.filter { $0.kind != .maxHR }.map { f -> HTML in
            "<li data-key=\"\(f.key)\"><b>\(words.tr(f.kind.title))</b> · \(f.subject.title) — <span data-field=\"reason\">\(f.reason)</span></li>"
        }.joined()
        let t = uuid.uuidString.lowercased()
        let heads = [("", words.tr("Player")), ("num", words.tr("Load")), ("num", words.tr("Strain")), ("num", words.tr("Tolerance")),
                     ("", words.tr("Status")), ("num", "ACWR"), ("num", words.tr("sRPE")), ("num", words.tr("Monotony")), ("num", words.tr("Mornings")),
                     ("num", words.tr("Wellness")), ("num", words.tr("Drops")), ("", words.tr("Needs attention"))]
            .map { className, label -> HTML in "<th\(className.isEmpty ? "" : HTML(" class=\"\(className)\""))>\(label)</th>" }.joined()
        let body: HTML = """
            <h1>\(words.tr("{team} · week {first} – {last}", ["team": name, "first": "\(first)", "last": "\(day)"]))</h1>
            <p class="sub">\(words.tr("Weekly team report · load is Banister TRIMP (the week's sum; Strain and Tolerance its 7- and 28-day daily means; ACWR by EWMA, guidance only); sRPE is RPE × effort minutes (the week's sum, Foster's monotony); wellness the mornings answered, their mean total (5–25) and the drops beyond 1 SD."))</p>
            <div class="actions"><a href="/teams/\(t)/report?on=\(day.adding(days: -7))">\(words.tr("‹ week before"))</a><a href="/teams/\(t)/report?on=\(day.adding(days: 7))">\(words.tr("week after ›"))</a><a href="/teams/\(t)/season?on=\(day)">\(words.tr("Season"))</a></div>
            <table id="report" class="report"><thead><tr><th class="num">#</th>\(heads)</tr></thead>
            <tbody>\(lines)</tbody></table>
            <section class="report-notes"><h2>\(words.tr("Needs attention on {day} ({n})", ["day": "\(day)", "n": "\(list.active.count)"]))</h2>
            \(notes.isEmpty ? "" : HTML("<ul class=\"flags\">\(notes)</ul>"))
            <p class="muted">\(words.trn("{n} player without a measured HRmax (zones from an age formula). Cues to look or ask, never a diagnosis; sources: docs/ANALYTICS.md.", "{n} players without a measured HRmax (zones from an age formula). Cues to look or ask, never a diagnosis; sources: docs/ANALYTICS.md.", n: list.active.filter { $0.kind == .maxHR }.count))</p></section>
            """
        return WebPage(title: words.tr("{team} · weekly report", ["team": name]), user: user, section: .teams, body: body)
    }
}

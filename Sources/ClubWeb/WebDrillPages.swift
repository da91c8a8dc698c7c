import Analytics
import ClubStorage
import Foundation
import Hummingbird
import Localization
import TeamCore

/// "SSG 4v4 across the season" on the web: the team's stored sessions that ran a drill of that name (case
/// aside), week by week (Monday to Sunday, the server's local days as the season's), each player's occurrences
/// pooled and the team's mean of its players — Analytics' `DrillSeason` over each session document's figures.
struct WebDrillPages: Sendable {
    let storage: any WebRosterStorage & WebSessionStorage

    func season(_ user: WebUser, team uuid: UUID, request: Request, calendar: Calendar = .current) async throws -> Response {
        guard let asked = request.uri.queryParameters["name"].map(String.init), Drill.nameProblem(asked) == nil else {
            throw ClubError.unprocessable("name a drill: ?name=SSG%204v4 (1 to \(Drill.maxNameLength) characters)")
        }
        let wanted = Drill.trimmed(asked)
        let (teamName, _) = try await storage.team(uuid, visibleTo: user)
        let sessions = try await storage.sessionsWithDrills(team: uuid, club: user.club)
        var occurrences: [DrillSeason.Occurrence] = []
        var names: [Int64: (name: String, number: Int)] = [:], ids: [String: Int64] = [:]
        var spelled: String?  // as the sessions name it
        for (i, (session, startedMs)) in sessions.enumerated() {
            guard let data = try await storage.sessionDocument(session, club: user.club) else { continue }
            let document = try DocumentDrills(data)
            for drill in document.drills where drill.phase.name.caseInsensitiveCompare(wanted) == .orderedSame {
                spelled = spelled ?? drill.phase.name
                var players: [Int64: HeartRateStats] = [:]
                for p in drill.players {
                    let id = ids[p.uuid] ?? Int64(ids.count + 1)
                    ids[p.uuid] = id
                    names[id] = (p.name, p.number)
                    players[id] = p.stats
                }
                occurrences.append(.init(day: CalendarDay(Date(timeIntervalSince1970: Double(startedMs) / 1000), in: calendar),
                                         sessionID: Int64(i + 1), zoneModel: document.zoneModel, players: players))
            }
        }
        try await storage.record(.view("drill season", team: uuid), by: .web(user))
        return Self.seasonPage(user, teamName: teamName, drillName: spelled ?? wanted, season: DrillSeason(occurrences), names: names).response
    }

    /// The drill's season over its data: the team's name, the drill as the sessions spell it, its weeks, and each
    /// player's name and shirt number by the id the season gave them.
    static func seasonPage(_ user: WebUser, teamName: String, drillName: String, season: DrillSeason, names: [Int64: (name: String, number: Int)]) -> WebPage {
        let words = WebLanguage.words
        func cells(_ minutes: Double?, _ mean: Double?, _ peak: Double?, _ high: Double?, _ trimp: Double?) -> HTML {
            [minutes.map { WebFormat.one($0) } ?? "–", WebFormat.whole(mean), WebFormat.whole(peak), high.map { "\(WebFormat.whole($0)) %" } ?? "–",
             WebFormat.whole(trimp)].map { text -> HTML in "<td class=\"num\">\(text)</td>" }.joined()
        }
        let rows = season.weeks.map { w -> HTML in
            let t = w.team
            let team: HTML = "<tr class=\"team\" data-week=\"\(w.monday)\"><td>\(w.monday)</td><td class=\"num\">\(w.sessionIDs.count)</td><td>\(words.tr("Team (mean of {n})", ["n": "\(t.players)"]))</td>"
                + cells(t.minutes, t.meanBPM, t.peakBPM, t.highIntensityPercent, t.trimp) + "</tr>"
            let players = w.players.sorted { (names[$0.key]?.number ?? 0, $0.key) < (names[$1.key]?.number ?? 0, $1.key) }.map { id, f -> HTML in
                "<tr data-week=\"\(w.monday)\"><td></td><td></td><td>#\(names[id]?.number ?? 0) \(names[id]?.name ?? "")</td>"
                    + cells(f.minutes, f.meanBPM, f.peakBPM.map(Double.init), f.highIntensityPercent, f.signalMs > 0 ? f.trimp : nil) + "</tr>"
            }.joined()
            return team + players
        }.joined()
        let body: HTML = """
            <h1>\(words.tr("{team} · {drill} across the season", ["team": teamName, "drill": drillName]))</h1>
            \(season.weeks.isEmpty ? HTML("<p class=\"muted\">\(words.tr("No stored session of this team ran a drill named {drill}.", ["drill": drillName]))</p>") : """
            <div class="scroll"><table id="drill-season"><thead><tr><th>\(words.tr("Week of"))</th><th class="num">\(words.tr("Sessions"))</th><th>\(words.tr("Who"))</th>
            <th class="num">\(words.tr("Min", context: "minutes, a column"))</th><th class="num">\(words.tr("Mean", context: "mean heart rate, a column"))</th>
            <th class="num">\(words.tr("Peak", context: "peak heart rate, a column"))</th><th class="num">&gt;85 %</th><th class="num">TRIMP</th></tr></thead><tbody>\(rows)</tbody></table></div>
            """)
            <p class="muted">\(words.tr("Weeks from Monday. A player's occurrences in a week pooled: minutes with a heart rate, time above 85 % HRmax and TRIMP summed, the mean weighted by time, the highest peak; the team row is the mean of its players (docs/ANALYTICS.md, \"Drills\")."))</p>
            """
        return WebPage(title: words.tr("{team} · {drill} across the season", ["team": teamName, "drill": drillName]), user: user, section: .teams, body: body)
    }
}

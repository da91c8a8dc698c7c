import Analytics
import ClubStorage
import Foundation
import Localization
import TeamCore

/// A player beside their team's average over the player page's days: daily load, Strain and
/// Tolerance, and readiness lnRMSSD, as lines (the player's solid, the team's dashed) and the shown
/// day's numbers. The team's average is `TeamAverage`'s: the players who have data that day.
struct TeamComparisonSVG {
    let player: [LoadDay]
    let team: [TeamAverageDay]
    /// The player's lnRMSSD by day (their last check of the day, in `posture`).
    let checks: [CalendarDay: Double]
    let posture: String?
    let day: CalendarDay
    let days: Int

    init(season: ClubSeason, player uuid: UUID, day: CalendarDay, days: Int) {
        let first = day.adding(days: 1 - days)
        let history = PlayerLoadHistory(sessions: season.loads(uuid).filter { $0.day <= day })
        let past = season.checks(uuid).filter { $0.day <= day }
        posture = past.max { ($0.day, $0.sessionID) < ($1.day, $1.sessionID) }?.posture
        player = history.days(from: first, through: day, thresholds: season.thresholds)
        team = season.teamAverage(from: first, through: day, posture: posture)
        var byDay: [CalendarDay: (id: Int64, value: Double)] = [:]
        for c in past where c.posture == posture && c.day >= first {
            guard let value = c.lnRMSSD, byDay[c.day].map({ $0.id < c.sessionID }) ?? true else { continue }
            byDay[c.day] = (c.sessionID, value)
        }
        checks = byDay.mapValues(\.value)
        self.day = day
        self.days = days
    }

    func x(_ d: CalendarDay) -> Double { Double(d.dayNumber - day.dayNumber) }

    /// The player's figures on the shown day beside the team's, rounded as the pages print them,
    /// each cell carrying its unrounded value (`data-value`) for whoever reads the page by machine.
    func numbers() -> HTML {
        let mine = player.last, theirs = team.last, words = WebLanguage.words
        func cell(_ field: String, _ value: Double?, _ text: (Double?) -> String) -> HTML {
            "<td class=\"num\" data-field=\"\(field)\" data-value=\"\(value.map { "\($0)" } ?? "")\">\(text(value))</td>"
        }
        func row(_ label: String, _ field: String, _ me: Double?, _ them: Double?, _ text: (Double?) -> String = WebFormat.whole) -> HTML {
            "<tr><th scope=\"row\">\(label)</th>\(cell("player-\(field)", me, text))\(cell("team-\(field)", them, text))</tr>"
        }
        let players = theirs?.players ?? 0
        return """
            <div class="scroll"><table id="against-team" class="compact"><thead><tr><th>\(day.description)</th><th class="num">\(words.tr("Player"))</th>
            <th class="num">\(words.tr("Team average"))</th></tr></thead><tbody>
            \(row(words.tr("Daily load"), "load", mine?.load, theirs?.load))\(row(words.tr("Strain (7 days)"), "strain", mine?.strain, theirs?.strain))
            \(row(words.tr("Tolerance (28 days)"), "tolerance", mine?.tolerance, theirs?.tolerance))
            \(row(words.tr("Readiness lnRMSSD") + (posture.map { " (\($0))" } ?? ""), "lnRMSSD", checks[day], theirs?.lnRMSSD, WebFormat.two))
            </tbody></table></div>
            <p class="muted">\(words.tr("The team's average counts the players whose season has begun ({players} that day; a day without a session is a load of 0) and, for readiness, those who took a check that day ({checks}).", ["players": "\(players)", "checks": "\(theirs?.checks ?? 0)"]))</p>
            """
    }

    func dayTicks(_ chart: inout SVGChart) {
        let step = chart.width < 600 ? 14.0 : 7.0
        chart.gridX(stride(from: 0, through: -Double(days - 1), by: -step).map { $0 }) { day.adding(days: Int($0)).description.dropFirst(5).description }
    }

    static let playerColour = "#0b6bcb", teamColour = "#6b7280", strainColour = "#c2261b", toleranceColour = "#1a7f37"

    func load() -> HTML {
        SVGChart.responsive { load(width: $0) }
            + "<div class=\"legend\"><span>\(SVGChart.swatch(Self.playerColour))\(WebLanguage.words.tr("the player's daily load"))</span>"
            + "<span>\(SVGChart.swatch(Self.teamColour))\(WebLanguage.words.tr("the team's average"))</span></div>"
    }

    func load(width: Double) -> HTML {
        let top = max(50, (player.map(\.load) + team.compactMap(\.load)).max() ?? 0) * 1.1, words = WebLanguage.words
        var chart = SVGChart(xRange: -Double(days) + 0.5...0.5, yRange: 0...top, width: width, height: 200)
        chart.gridY(SVGChart.ticks(chart.yRange, count: 4)) { WebFormat.whole($0) }
        dayTicks(&chart)
        chart.line(team.compactMap { t in t.load.map { (x(t.day), $0) } }, colour: Self.teamColour, width: 2, dash: "5 3", title: words.tr("the team's average daily load"))
        chart.line(player.map { (x($0.day), $0.load) }, colour: Self.playerColour, width: 1.5, title: words.tr("the player's daily load"))
        return chart.svg(label: words.tr("The player's daily load beside the team's average"), id: width < 600 ? nil : "chart-team-load")
    }

    func strain() -> HTML {
        let words = WebLanguage.words
        return SVGChart.responsive { strain(width: $0) } + """
            <div class="legend"><span>\(SVGChart.swatch(Self.strainColour))\(words.tr("Strain"))</span><span>\(SVGChart.swatch(Self.toleranceColour))\(words.tr("Tolerance"))</span>\
            <span>\(words.tr("solid: the player · dashed: the team's average"))</span></div>
            """
    }

    func strain(width: Double) -> HTML {
        let values = player.flatMap { [$0.strain, $0.tolerance] } + team.flatMap { [$0.strain, $0.tolerance].compactMap { $0 } }
        let top = max(20, (values.max() ?? 0) * 1.1), words = WebLanguage.words
        var chart = SVGChart(xRange: -Double(days) + 0.5...0.5, yRange: 0...top, width: width, height: 220)
        chart.gridY(SVGChart.ticks(chart.yRange, count: 4)) { WebFormat.whole($0) }
        dayTicks(&chart)
        chart.line(team.compactMap { t in t.tolerance.map { (x(t.day), $0) } }, colour: Self.toleranceColour, width: 1.5, dash: "5 3", title: words.tr("the team's Tolerance"))
        chart.line(team.compactMap { t in t.strain.map { (x(t.day), $0) } }, colour: Self.strainColour, width: 1.5, dash: "5 3", title: words.tr("the team's Strain"))
        chart.line(player.map { (x($0.day), $0.tolerance) }, colour: Self.toleranceColour, width: 2, title: words.tr("the player's Tolerance"))
        chart.line(player.map { (x($0.day), $0.strain) }, colour: Self.strainColour, width: 2, title: words.tr("the player's Strain"))
        return chart.svg(label: words.tr("The player's Strain and Tolerance beside the team's average"), id: width < 600 ? nil : "chart-team-strain")
    }

    func readiness() -> HTML {
        let teamPoints = team.compactMap { t in t.lnRMSSD.map { (x(t.day), $0) } }, words = WebLanguage.words
        guard !checks.isEmpty || !teamPoints.isEmpty else { return "<p class=\"muted\">\(words.tr("No readiness check in these weeks."))</p>" }
        return SVGChart.responsive { readiness(width: $0, teamPoints: teamPoints) }
            + "<div class=\"legend\"><span>\(SVGChart.swatch(Self.playerColour))\(words.tr("the player's lnRMSSD"))</span>"
            + "<span>\(SVGChart.swatch(Self.teamColour))\(words.tr("the team's average"))\(posture.map { " (\($0))" } ?? "")</span></div>"
    }

    func readiness(width: Double, teamPoints: [SVGChart.Point]) -> HTML {
        let mine = checks.sorted { $0.key < $1.key }.map { (x($0.key), $0.value) }
        let values = mine.map(\.1) + teamPoints.map(\.y), words = WebLanguage.words
        var chart = SVGChart(xRange: -Double(days) + 0.5...0.5, yRange: ((values.min() ?? 2.5) - 0.3)...((values.max() ?? 4.5) + 0.3), width: width, height: 200)
        chart.gridY(SVGChart.ticks(chart.yRange, count: 4)) { WebFormat.one($0) }
        dayTicks(&chart)
        chart.line(teamPoints, colour: Self.teamColour, width: 2, dash: "5 3", title: words.tr("the team's average lnRMSSD"))
        chart.line(mine, colour: Self.playerColour, width: 1.5, title: words.tr("the player's lnRMSSD"))
        for p in mine { chart.dot(p, colour: Self.playerColour, radius: 3) }
        return chart.svg(label: words.tr("The player's readiness lnRMSSD beside the team's average"), id: width < 600 ? nil : "chart-team-readiness")
    }
}

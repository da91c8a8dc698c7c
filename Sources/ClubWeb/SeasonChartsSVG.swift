import Analytics
import ClubStorage
import Foundation
import Localization
import TeamCore

/// A player's season charts as the kiosk's player history draws them: daily load with the Strain
/// and Tolerance lines, weekly time in zones, HRR60, and readiness lnRMSSD with its normal band —
/// all from the one season analysis (`PlayerLoadHistory`, `Readiness`).
struct SeasonChartsSVG {
    let season: ClubSeason
    let player: UUID
    let day: CalendarDay
    let days: Int
    let thresholds: LoadStatusThresholds

    var first: CalendarDay { day.adding(days: 1 - days) }
    var history: PlayerLoadHistory { PlayerLoadHistory(sessions: season.loads(player).filter { $0.day <= day }) }

    /// x as days before the shown day (0 = that day).
    func x(_ d: CalendarDay) -> Double { Double(d.dayNumber - day.dayNumber) }

    /// A tick a week (every other week on a narrow chart), labelled month-day.
    func dayTicks(_ chart: inout SVGChart) {
        let step = chart.width < 600 ? 14.0 : 7.0
        chart.gridX(stride(from: 0, through: -Double(days - 1), by: -step).map { $0 }) { day.adding(days: Int($0)).description.dropFirst(5).description }
    }

    func dailyLoad() -> HTML {
        SVGChart.responsive { dailyLoad(width: $0) }
            + "<div class=\"legend\"><span>\(SVGChart.swatch("#9fb9dc"))\(WebLanguage.words.tr("daily load"))</span><span>\(SVGChart.swatch("#c2261b"))\(WebLanguage.words.tr("Strain"))</span>"
            + "<span>\(SVGChart.swatch("#1a7f37"))\(WebLanguage.words.tr("Tolerance"))</span></div>"
    }

    func dailyLoad(width: Double) -> HTML {
        let words = WebLanguage.words
        let loadDays = history.days(from: first, through: day, thresholds: thresholds)
        let top = max(50, (loadDays.map { max($0.load, $0.strain, $0.tolerance) }.max() ?? 0) * 1.1)
        var chart = SVGChart(xRange: -Double(days) + 0.5...0.5, yRange: 0...top, width: width, height: 240)
        chart.gridY(SVGChart.ticks(chart.yRange, count: 4)) { "\(Int($0))" }
        dayTicks(&chart)
        for d in loadDays where d.load > 0 {
            chart.bar(x: x(d.day), from: 0, to: d.load, barWidth: 0.7, colour: "#9fb9dc", title: words.tr("{day}: load {load}", ["day": "\(d.day)", "load": WebFormat.whole(d.load)]))
        }
        chart.line(loadDays.map { (x($0.day), $0.tolerance) }, colour: "#1a7f37", width: 2, dash: "5 3", title: words.tr("Tolerance (28 days)"))
        chart.line(loadDays.map { (x($0.day), $0.strain) }, colour: "#c2261b", width: 2, title: words.tr("Strain (7 days)"))
        return chart.svg(label: words.tr("Daily load over {n} days with Strain and Tolerance", ["n": "\(days)"]), id: width < 600 ? nil : "chart-load")
    }

    static let zoneColours = ["#b0b7c3", "#7fb3e6", "#4caf50", "#f0c419", "#f08c00", "#d7263d"]

    func weeklyZones() -> HTML {
        let words = WebLanguage.words
        let weeks = (0..<(days / 7)).reversed().map { history.week(endingOn: day.adding(days: -7 * $0)) }
        let top = max(30, (weeks.map { Double($0.zones.ms.dropFirst().reduce(0, +)) / 60_000 }.max() ?? 0) * 1.1)
        var chart = SVGChart(xRange: -0.5...Double(weeks.count) - 0.5, yRange: 0...top, width: 420, height: 240)
        chart.gridY(SVGChart.ticks(chart.yRange, count: 4)) { "\(Int($0))′" }
        chart.gridX(weeks.indices.map(Double.init)) { weeks[Int($0)].lastDay.description.dropFirst(5).description }
        for (i, w) in weeks.enumerated() {
            var base = 0.0
            for zone in HeartRateZone.allCases where zone != .rest {
                let minutes = w.zones.minutes(zone)
                guard minutes > 0 else { continue }
                chart.bar(x: Double(i), from: base, to: base + minutes, barWidth: 0.6, colour: Self.zoneColours[zone.rawValue],
                          title: words.tr("week to {day}: zone {zone} {minutes} min", ["day": "\(w.lastDay)", "zone": "\(zone.rawValue)", "minutes": WebFormat.whole(minutes)]))
                base += minutes
            }
        }
        let legend = HeartRateZone.allCases.filter { $0 != .rest }.map { zone -> HTML in "<span>\(SVGChart.swatch(Self.zoneColours[zone.rawValue]))\(words.tr("zone {zone}", ["zone": "\(zone.rawValue)"]))</span>" }
        return chart.svg(label: words.tr("Minutes in zones 1 to 5 per week"), id: "chart-zones") + "<div class=\"legend\">\(legend)</div>"
    }

    func recovery() -> HTML {
        let points = (season.entries[player] ?? []).filter { !$0.tags.isReadinessCheck && $0.day >= first && $0.day <= day }
            .compactMap { e in e.figures.recoveryBPM.map { (x(e.day), $0) } }
        let values = points.map(\.1), words = WebLanguage.words
        var chart = SVGChart(xRange: -Double(days) + 0.5...0.5, yRange: max(0, (values.min() ?? 10) - 5)...((values.max() ?? 40) + 5), width: 420, height: 240)
        chart.gridY(SVGChart.ticks(chart.yRange, count: 4)) { "\(Int($0))" }
        dayTicks(&chart)
        chart.line(points.map { ($0.0, $0.1) }, colour: "#0b6bcb", width: 1.5)
        for p in points { chart.dot((p.0, p.1), colour: "#0b6bcb", title: words.tr("drop of {bpm} bpm in the minute after the effort", ["bpm": WebFormat.whole(p.1)])) }
        let empty: HTML = points.isEmpty ? "<p class=\"muted\">\(words.tr("No session with a recovery minute in these weeks."))</p>" : ""
        return chart.svg(label: words.tr("Heart rate recovery in the minute after each session's effort, bpm"), id: "chart-hrr") + empty
    }

    func readiness() -> HTML {
        SVGChart.responsive { readiness(width: $0) }
    }

    func readiness(width: Double) -> HTML {
        let past = season.checks(player).filter { $0.day <= day }, words = WebLanguage.words
        let posture = past.max { ($0.day, $0.sessionID) < ($1.day, $1.sessionID) }?.posture
        let shown = past.filter { $0.posture == posture && $0.day >= first && $0.lnRMSSD != nil }
        let assessed = shown.map { (check: $0, a: Readiness.assess($0, history: past)) }
        let values = assessed.flatMap { [$0.check.lnRMSSD, $0.a.normalLow, $0.a.normalHigh].compactMap { $0 } }
        var chart = SVGChart(xRange: -Double(days) + 0.5...0.5, yRange: ((values.min() ?? 2.5) - 0.3)...((values.max() ?? 4.5) + 0.3), width: width, height: 220)
        chart.gridY(SVGChart.ticks(chart.yRange, count: 4)) { WebFormat.one($0) }
        dayTicks(&chart)
        let banded = assessed.filter { $0.a.normalLow != nil && $0.a.normalHigh != nil }
        chart.band(upper: banded.map { (x($0.check.day), $0.a.normalHigh!) }, lower: banded.map { (x($0.check.day), $0.a.normalLow!) }, colour: "#1a7f37", opacity: 0.2)
        chart.line(assessed.map { (x($0.check.day), $0.check.lnRMSSD!) }, colour: "#18212f", width: 1.2)
        for (check, a) in assessed {
            let colour = a.status == .below ? "#b45309" : a.status == .within ? "#1a7f37" : "#6b7280"
            chart.dot((x(check.day), check.lnRMSSD!), colour: colour, title: "\(check.day): lnRMSSD \(WebFormat.two(check.lnRMSSD)), \(WebSeasonPages.title(a.status))")
        }
        let note: HTML = assessed.isEmpty ? "<p class=\"muted\">\(words.tr("No readiness check in these weeks."))</p>"
            : "<div class=\"legend\"><span>\(SVGChart.swatch("#1a7f37"))\(words.tr("normal range ({posture})", ["posture": posture ?? ""]))</span>"
                + "<span>\(SVGChart.swatch("#b45309"))\(WebSeasonPages.title(ReadinessStatus.below))</span></div>"
        return chart.svg(label: words.tr("Readiness checks: lnRMSSD with the player's normal range"), id: width < 600 ? nil : "chart-readiness") + note
    }
}

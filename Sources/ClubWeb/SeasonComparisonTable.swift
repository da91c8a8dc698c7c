import Analytics
import Localization
import TeamCore

/// "This season against the last" as a table: the season so far beside the same days of the season
/// before — sessions, load, mean Strain, time in zones, readiness — "no data" where a span has none,
/// never zeros. Each cell carries its unrounded value (`data-value`) for whoever reads the page by machine.
enum SeasonComparisonTable {
    static func html(_ c: SeasonComparison, team: Bool) -> HTML {
        let words = WebLanguage.words, noData = words.tr("no data")
        func span(_ f: SpanFigures) -> String { "\(f.first) – \(f.last)" }
        func cell(_ f: SpanFigures, _ name: String, _ field: String, _ value: String?, _ text: String?) -> HTML {
            let shown = f.hasData ? text ?? noData : noData
            return "<td class=\"num\" data-span=\"\(name)\" data-field=\"\(field)\" data-value=\"\(f.hasData ? value ?? "" : "")\">\(shown)</td>"
        }
        func row(_ label: String, _ field: String, _ value: (SpanFigures) -> String?, _ text: (SpanFigures) -> String?) -> HTML {
            "<tr><th scope=\"row\">\(label)</th>\(cell(c.thisSeason, "this", field, value(c.thisSeason), text(c.thisSeason)))"
                + "\(cell(c.lastSeason, "last", field, value(c.lastSeason), text(c.lastSeason)))</tr>"
        }
        func number(_ x: Double?) -> String? { x.map { "\($0)" } }
        let zoneList = HeartRateZone.allCases.filter { $0 != .rest }
        return """
            <div class="scroll"><table id="season-vs-last" class="compact"><thead><tr><th></th><th class="num">\(words.tr("This season"))<br><span class="muted">\(span(c.thisSeason))</span></th>
            <th class="num">\(words.tr("Last season"))<br><span class="muted">\(span(c.lastSeason))</span></th></tr></thead><tbody>
            \(row(team ? words.tr("Sessions (the team's)") : words.tr("Sessions"), "sessions", { "\($0.sessions)" }, { "\($0.sessions)" }))
            \(row(team ? words.tr("Load per player") : words.tr("Load"), "totalLoad", { number($0.totalLoad) }, { $0.totalLoad.map { WebFormat.whole($0) } }))
            \(row(team ? words.tr("Mean Strain per player") : words.tr("Mean Strain"), "meanStrain", { number($0.meanStrain) }, { $0.meanStrain.map { WebFormat.whole($0) } }))
            \(row(team ? words.tr("Minutes in zones 1 · 2 · 3 · 4 · 5 per player") : words.tr("Minutes in zones 1 · 2 · 3 · 4 · 5"), "zones", { f in f.zones.map { z in zoneList.map { "\(z[$0])" }.joined(separator: " ") } },
                  { f in f.zones.map { z in zoneList.map { WebFormat.whole(z.minutes($0)) }.joined(separator: " · ") } }))
            \(row(words.tr("Readiness lnRMSSD (mean of the checks)"), "readinessMean", { number($0.readinessMean) }, { $0.readinessMean.map { WebFormat.two($0) } }))
            </tbody></table></div>
            """
    }
}

import Analytics
import ArgumentParser
import Exports
import Foundation
import Localization
import SessionReview
import Store
import TeamCore

/// The team's season on one day, from the one season analysis the kiosk's Season screen shows:
/// each player's load today, Strain, Tolerance, load status, ACWR and readiness.
struct SeasonCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "season",
        abstract: "A team's training load, load status and readiness on one day.",
        discussion: """
            Load is each day's summed Banister TRIMP (cardio load); Strain and Tolerance are its means over 7 and 28 days; \
            the load status is Strain ÷ Tolerance in Polar's words ("building baseline" before 28 days of history); ACWR \
            is acute ÷ chronic load by EWMA (guidance, not a diagnosis). Readiness: the player's last readiness check \
            against their own normal range. sRPE: the players' session RPE × effort minutes, a day's sum, the week's \
            sum and Foster's monotony (unrated sessions add nothing and are counted). Wellness: the day's total of the five \
            items and its z against the player's 28 days before (`sideline wellness`). Formulas and sources: docs/ANALYTICS.md.
            """)
    @OptionGroup var database: DatabaseOptions
    @Option(help: "Team name.") var team: String
    @Option(help: "The day, YYYY-MM-DD (default: today, local time).") var on: String?
    @Flag(help: "JSON instead of a table.") var json = false

    func validate() throws {
        if let on, CalendarDay(iso: on) == nil { throw ValidationError(tr("--on: '{day}' is not a date like 2026-03-14", ["day": on])) }
    }

    func run() throws {
        let store = try database.openForReading()
        let team = try store.requireTeam(named: team)
        let day = on.flatMap(CalendarDay.init(iso:)) ?? CalendarDay(Date(), in: .current)
        let rows = try SessionReview.seasonTable(store: store, teamID: team.id, on: day)
        if json {
            let root: [String: Any] = ["team": team.name, "date": day.description, "players": rows.map(SeasonJSON.row)]
            let data = try JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys])
            print(String(decoding: data, as: UTF8.self))
            return
        }
        print(tr("{team} · season on {day} — load: Banister TRIMP a day; Strain 7 days, Tolerance 28 days; ACWR by EWMA (guidance, not a diagnosis)",
                 ["team": team.name, "day": "\(day)"]))
        print([pad("#", 3), pad(tr("player"), 20), pad(tr("today"), 6, right: true), pad(tr("strain", context: "a column"), 7, right: true),
               pad(tr("tolerance", context: "a column"), 10, right: true), " " + pad(tr("status"), 18), pad("ACWR", 5, right: true),
               " " + pad(tr("readiness"), 18), pad("sRPE", 5, right: true), pad(tr("week"), 5, right: true),
               pad(tr("wellness (z)"), 13, right: true), tr("last session")].joined(separator: " "))
        for r in rows {
            let f = r.figures
            print([pad("\(r.number)", 3), pad(String(r.name.prefix(20)), 20), pad(Formatting.decimal(f.load, digits: 0), 6, right: true),
                   pad(Formatting.decimal(f.strain, digits: 0), 7, right: true), pad(Formatting.decimal(f.tolerance, digits: 0), 10, right: true),
                   " " + pad(tr(f.status.label), 18), pad(f.acwrEWMA.map { Formatting.decimal($0, digits: 2) } ?? "–", 5, right: true),
                   " " + pad(r.readiness.map { tr($0.status.label) } ?? "–", 18), pad(Formatting.decimal(r.srpe.today, digits: 0), 5, right: true),
                   pad(Formatting.decimal(r.srpe.week.load, digits: 0), 5, right: true),
                   pad(r.wellness.map(Self.wellness) ?? "–", 13, right: true), r.lastSession?.description ?? "–"].joined(separator: " "))
        }
    }

    /// A day's wellness total with its z and a "↓" for a drop beyond 1 SD, e.g. "17 (−1.4)↓".
    static func wellness(_ w: WellnessDay) -> String {
        "\(w.total.value)" + (w.total.z.map { " (" + ($0 >= 0 ? "+" : "") + Formatting.decimal($0, digits: 1) + ")" } ?? "") + (w.flagged ? "↓" : "")
    }
}

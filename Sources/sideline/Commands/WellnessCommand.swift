import Analytics
import ArgumentParser
import Exports
import Foundation
import Localization
import SessionReview
import Store
import TeamCore

/// `sideline wellness`: a player's morning wellness recorded, or a team's day listed.
struct WellnessCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wellness",
        abstract: "Record a player's morning wellness (five items, 1–5, 5 = best), or list a team's day.",
        discussion: """
            With --number and the five items: keeps that player's answers for the day (--on, default today); a second \
            answer set the same day replaces the first. Without them: lists every player of the team on the day, answered \
            or not, the total (5–25) and each item against the player's own 28 days before (mean, SD, z; fewer than \
            \(WellnessHistory.minimumAnswers) earlier answers: no z). A drop beyond 1 SD is flagged ("drop"). Hooper & \
            Mackinnon 1995; McLean et al. 2010; docs/ANALYTICS.md.
            """)
    @OptionGroup var database: DatabaseOptions
    @Option(help: "Team name.") var team: String
    @Option(help: "The day, YYYY-MM-DD (default: today, local time; never a day to come).") var on: String?
    @Option(parsing: .unconditional, help: "The player's shirt number in the team.") var number: Int?
    @Option(parsing: .unconditional, help: "Fatigue: 1 always tired … 5 very fresh.") var fatigue: Int?
    @Option(parsing: .unconditional, help: "Sleep quality: 1 insomnia … 5 very restful.") var sleep: Int?
    @Option(parsing: .unconditional, help: "Muscle soreness: 1 very sore … 5 feeling great.") var soreness: Int?
    @Option(parsing: .unconditional, help: "Stress: 1 highly stressed … 5 very relaxed.") var stress: Int?
    @Option(parsing: .unconditional, help: "Mood: 1 highly annoyed, irritable, down … 5 very positive.") var mood: Int?
    @Flag(help: "JSON instead of a table (listing).") var json = false

    private var items: [Int?] { [fatigue, sleep, soreness, stress, mood] }

    func validate() throws {
        if let on, CalendarDay(iso: on) == nil { throw ValidationError("--on: '\(on)' is not a date like 2026-03-14") }
        let given = items.filter { $0 != nil }.count
        if number == nil, given > 0 { throw ValidationError(tr("give --number with the five items (or neither, to list)")) }
        if number != nil, given < 5 {
            throw ValidationError(tr("give all five items with --number: --fatigue, --sleep, --soreness, --stress and --mood, each 1–5"))
        }
        if number != nil, json { throw ValidationError(tr("--json lists; it does not go with --number")) }
    }

    func run() throws {
        let day = on.flatMap(CalendarDay.init(iso:)) ?? CalendarDay(Date(), in: .current)
        if let number, let fatigue, let sleep, let soreness, let stress, let mood {
            let store = try database.open()
            let team = try store.requireTeam(named: team)
            let answers = WellnessAnswers(fatigue: fatigue, sleep: sleep, soreness: soreness, stress: stress, mood: mood)
            let kept = try store.recordWellness(teamID: team.id, number: number, day: day, answers: answers)
            let saved = ["team": team.name, "number": "\(number)", "day": "\(day)", "total": "\(answers.total)"]
            print(kept.replaced.map { tr("{team} #{number} · {day}: wellness {total} of 25 — replaces that day's earlier answers (total {before})",
                                         saved.merging(["before": "\($0.total)"]) { $1 }) }
                  ?? tr("{team} #{number} · {day}: wellness {total} of 25", saved))
            return
        }
        let store = try database.openForReading()
        let team = try store.requireTeam(named: team)
        let sheet = try SessionReview.teamWellness(store: store, teamID: team.id, on: day)
        if json {
            let root: [String: Any] = ["team": team.name, "date": day.description, "players": sheet.lines.map { l -> [String: Any] in
                var out = Self.json(l.wellness)
                out["playerID"] = l.playerID
                out["name"] = l.name
                out["number"] = l.number
                out["answeredAt"] = l.answeredAt.map { ISOTime.string(unixMs: $0.unixMs) as Any } ?? NSNull()
                return out
            }]
            let data = try JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys])
            print(String(decoding: data, as: UTF8.self))
            return
        }
        let answered = sheet.lines.filter { $0.wellness != nil }.count
        print(tr("{team} · wellness on {day} · {answered} of {n} answered — 1–5 each, 5 = best; z against the player's 28 days before",
                 ["team": team.name, "day": "\(day)", "answered": "\(answered)", "n": "\(sheet.lines.count)"]))
        print(tr("#   player                fatigue  sleep  soreness  stress  mood  total      z  flag"))
        for l in sheet.lines {
            guard let w = l.wellness else {
                print([pad("\(l.number)", 3), pad(String(l.name.prefix(20)), 20), "  " + tr("not answered")].joined(separator: " "))
                continue
            }
            let cells = zip(WellnessItem.allCases, [7, 6, 9, 7, 5]).map { item, width in pad(cell(w.score(item)), width, right: true) }
            let dropped = (w.total.dropped ? [tr("total")] : []) + w.droppedItems.map { tr($0.word) }
            let flag = w.flagged ? tr("drop: {items}", ["items": dropped.joined(separator: ", ")]) : ""
            print(([pad("\(l.number)", 3), pad(String(l.name.prefix(20)), 20)] + cells
                   + [pad(cell(w.total), 6, right: true), pad(w.total.z.map { ($0 >= 0 ? "+" : "") + Formatting.decimal($0, digits: 2) } ?? "–", 6, right: true),
                      " " + flag]).joined(separator: " "))
        }
    }

    /// A value with a "↓" when it dropped beyond 1 SD.
    private func cell(_ score: WellnessScore) -> String {
        return "\(score.value)\(score.dropped ? "↓" : "")"
    }

    /// A day's wellness as JSON (`SeasonJSON.wellness`, which `sideline season --json` reads its total and z from).
    static func json(_ day: WellnessDay?) -> [String: Any] { SeasonJSON.wellness(day) }
}

import Analytics
import ArgumentParser
import Exports
import Foundation
import Localization
import SessionReview
import Store
import TeamCore

/// `sideline flags`: what needs the coach's attention in a team today, or one flag dismissed for the day.
struct FlagsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flags",
        abstract: "List what needs attention in a team on a day (the kiosk lobby's list), or dismiss one flag for the day.",
        discussion: """
            Rules: load status overreaching; ACWR (EWMA) above 1.5; the latest readiness check (of the last 7 days) below \
            the player's normal range; a wellness drop beyond 1 SD; a strap the team wears with its battery below 20 % or \
            not heard for 7 days; a player without a measured HRmax. Each line gives the numbers behind it — cues to look \
            or ask, never a diagnosis. --dismiss KEY hides the flag KEY (the list's first column) for that day only. \
            docs/ANALYTICS.md ("Flags").
            """)
    @OptionGroup var database: DatabaseOptions
    @Option(help: "Team name.") var team: String
    @Option(help: "The day, YYYY-MM-DD (default: today, local time).") var on: String?
    @Option(help: "Dismiss the flag with this key for the day.") var dismiss: String?
    @Flag(help: "JSON instead of a list (dismissed flags included, marked).") var json = false

    func validate() throws {
        if let on, CalendarDay(iso: on) == nil { throw ValidationError(tr("--on: '{day}' is not a date like 2026-03-14", ["day": on])) }
        if dismiss != nil, json { throw ValidationError(tr("--json lists; it does not go with --dismiss")) }
    }

    func run() throws {
        let day = on.flatMap(CalendarDay.init(iso:)) ?? CalendarDay(Date(), in: .current)
        if let dismiss {
            let store = try database.open()
            let team = try store.requireTeam(named: team)
            let list = try SessionReview.flags(store: store, teamID: team.id, on: day)
            guard let flag = list.flag(key: dismiss) else {
                throw UserError(tr("no flag '{key}' in {team}'s list on {day} (see `sideline flags --team {team}`); nothing was changed",
                                   ["key": String(dismiss.prefix(80)), "team": team.name, "day": "\(day)"]))
            }
            try store.dismissFlag(teamID: team.id, key: flag.key, on: day)
            print(tr("{team} · {day}: dismissed for the day — {flag}: {subject}",
                     ["team": team.name, "day": "\(day)", "flag": tr(flag.kind.title), "subject": flag.subject.title]))
            return
        }
        let store = try database.openForReading()
        let team = try store.requireTeam(named: team)
        let list = try SessionReview.flags(store: store, teamID: team.id, on: day)
        if json {
            let root: [String: Any] = ["team": team.name, "date": day.description, "flags": FlagJSON.list(list)]
            let data = try JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys])
            print(String(decoding: data, as: UTF8.self))
            return
        }
        let hidden = list.dismissed.isEmpty ? "" : " · " + tr("{n} dismissed for the day", ["n": "\(list.dismissed.count)"])
        print(tr("{team} · needs attention on {day}: {n}", ["team": team.name, "day": "\(day)", "n": "\(list.active.count)"]) + hidden)
        for f in list.active {
            print([pad(f.key, 28), pad(tr(f.kind.title), 28), pad(f.subject.title, 30), f.reasonMessage.translated, "— " + tr(f.advice)].joined(separator: "  "))
        }
    }
}

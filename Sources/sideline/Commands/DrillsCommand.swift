import Analytics
import ArgumentParser
import Exports
import Foundation
import Localization
import SessionReview
import Store
import TeamCore

/// `sideline drills`: a team's drill library (listed, added to), a session's drills with each player's
/// figures, or one drill across the season week by week.
struct DrillsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "drills",
        abstract: "A team's drill library, a session's drills with each player's figures, or one drill across the season.",
        discussion: """
            --team T lists the team's drills; with --add NAME [--minutes M] adds one. --session ID gives each drill of the \
            session with every player's minutes (with a heart rate), mean and peak HR, % of time above 85 % HRmax, Banister \
            TRIMP and zones. --team T --drill NAME compares that drill week by week (Monday to Sunday): each player's \
            occurrences that week pooled, and the team's mean of its players. A session's drills are recorded with \
            `sideline record --drill NAME@SECONDS[-SECONDS]` (or on the kiosk). docs/ANALYTICS.md, "Drills".
            """)
    @OptionGroup var database: DatabaseOptions
    @Option(help: "Team name.") var team: String?
    @Option(help: "Add a drill of this name to the team's library.") var add: String?
    @Option(parsing: .unconditional, help: "With --add: the minutes planned for it (1 to 120).") var minutes: Int?
    @Option(parsing: .unconditional, help: "Session id (see `sideline sessions`): its drills with each player's figures.") var session: Int64?
    @Option(help: "With --team: this drill week by week across the season.") var drill: String?
    @Flag(help: "JSON instead of a table.") var json = false

    func validate() throws {
        switch (team, session) {
        case (nil, nil): throw ValidationError(tr("give --team (the library, --add, --drill) or --session"))
        case (.some, .some): throw ValidationError(tr("--team or --session, not both"))
        default: break
        }
        if add != nil, drill != nil { throw ValidationError(tr("--add or --drill, not both")) }
        if minutes != nil, add == nil { throw ValidationError(tr("--minutes goes with --add")) }
        if add != nil, json { throw ValidationError(tr("--json lists; it does not go with --add")) }
    }

    func run() throws {
        if let session { return try sessionDrills(session) }
        guard let team else { return }
        if let add {
            let store = try database.open()
            let record = try store.requireTeam(named: team)
            let drill = try store.addDrill(teamID: record.id, name: add, plannedMinutes: minutes)
            let added = ["team": record.name, "drill": drill.name, "minutes": drill.plannedMinutes.map { "\($0)" } ?? ""]
            print(drill.plannedMinutes == nil ? tr("{team}: drill '{drill}' added", added) : tr("{team}: drill '{drill}' added ({minutes} min planned)", added))
            return
        }
        let store = try database.openForReading()
        let record = try store.requireTeam(named: team)
        if let drill { return try season(store: store, team: record, drill: drill) }
        let drills = try store.drills(teamID: record.id)
        if json {
            return try printJSON(["team": record.name, "drills": drills.map { d -> [String: Any] in
                ["id": d.id, "name": d.name, "plannedMinutes": d.plannedMinutes.map { $0 as Any } ?? NSNull()]
            }])
        }
        print(record.name + " · " + trn("{n} drill", "{n} drills", n: drills.count))
        for d in drills { print("  \(d.name)\(d.plannedMinutes.map { " · \($0) min" } ?? "")") }
    }

    private func sessionDrills(_ id: Int64) throws {
        let report = try SessionReview.drillReport(store: try database.openForReading(), sessionID: id)
        if json {
            return try printJSON(["sessionID": id, "startedAt": ISOTime.string(unixMs: report.session.startedAt.unixMs),
                                  "drills": report.drills.map { line -> [String: Any] in
                                      DrillJSON.phase(line.phase).merging(["team": DrillJSON.team(line.team), "players": line.players.map { p in
                                          DrillJSON.figures(p.figures).merging(["playerID": p.playerID, "name": p.name, "number": p.number]) { a, _ in a }
                                      }]) { a, _ in a }
                                  }])
        }
        print([tr("session {id}", ["id": "\(id)"]), Formatting.dateTime(report.session.startedAt), trn("{n} drill", "{n} drills", n: report.drills.count)]
              .joined(separator: " · "))
        for line in report.drills {
            print("\n\(line.phase.name) · \(Self.clock(line.phase.fromMs))–\(Self.clock(line.phase.toMs))")
            Self.table(line.players.map { ("#\($0.number) \($0.name)", $0.figures) }, team: line.team)
        }
    }

    private func season(store: SidelineStore, team: Team, drill: String) throws {
        let report = try SessionReview.drillSeason(store: store, teamID: team.id, name: drill)
        let players = report.players
        func ordered(_ figures: [Int64: DrillFigures]) -> [(Int64, DrillFigures)] {
            figures.sorted { (players[$0.key]?.number ?? 0, $0.key) < (players[$1.key]?.number ?? 0, $1.key) }
        }
        if json {
            return try printJSON(["team": team.name, "drill": report.drill, "weeks": report.season.weeks.map { w -> [String: Any] in
                ["week": w.monday.description, "sessions": w.sessionIDs, "team": DrillJSON.team(w.team),
                 "players": ordered(w.players).map { id, f in
                     DrillJSON.figures(f).merging(["playerID": id, "name": players[id]?.name ?? "", "number": players[id]?.number ?? 0]) { a, _ in a }
                 }]
            }])
        }
        guard !report.season.weeks.isEmpty else { throw UserError(tr("team '{team}' has no session with a drill named '{drill}' (see `sideline drills --team`)", ["team": team.name, "drill": drill])) }
        print(trn("{team} · {drill} across the season · {n} week", "{team} · {drill} across the season · {n} weeks", n: report.season.weeks.count,
                  ["team": team.name, "drill": report.drill]))
        for w in report.season.weeks {
            print("\n" + trn("week of {monday} · session {ids}", "week of {monday} · sessions {ids}", n: w.sessionIDs.count,
                             ["monday": "\(w.monday)", "ids": w.sessionIDs.map(String.init).joined(separator: ", ")]))
            Self.table(ordered(w.players).map { id, f in ("#\(players[id]?.number ?? 0) \(players[id]?.name ?? "")", f) }, team: w.team)
        }
    }

    /// Players then the team: minutes, mean, peak, % above 85 % HRmax, TRIMP, minutes in zones 1–5.
    private static func table(_ rows: [(String, DrillFigures)], team: TeamDrillFigures) {
        func number(_ x: Double?, _ digits: Int = 1) -> String { x.map { Formatting.decimal($0, digits: digits) } ?? "–" }
        print(tr("player                   min   mean  peak  >85%   TRIMP   z1   z2   z3   z4   z5"))
        func line(_ who: String, _ cells: [String]) {
            print(pad(String(who.prefix(22)), 22) + zip(cells, [6, 6, 6, 6, 8, 5, 5, 5, 5, 5]).map { pad($0, $1, right: true) }.joined())
        }
        for (who, f) in rows {
            line(who, [number(f.minutes), number(f.meanBPM, 0), f.peakBPM.map(String.init) ?? "–", number(f.highIntensityPercent, 0),
                       number(f.trimp)] + HeartRateZone.allCases.dropFirst().map { number(f.zones.minutes($0)) })
        }
        line(tr("team (mean of {n})", ["n": "\(team.players)"]), [number(team.minutes), number(team.meanBPM, 0), number(team.peakBPM, 0),
                                               number(team.highIntensityPercent, 0), number(team.trimp)]
             + team.zoneMinutes.dropFirst().map { number($0) })
    }

    /// "10:00": minutes and seconds into the session.
    static func clock(_ ms: Int64) -> String { String(format: "%d:%02d", ms / 60_000, ms / 1000 % 60) }

    private func printJSON(_ object: [String: Any]) throws {
        let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
        print(String(decoding: data, as: UTF8.self))
    }
}

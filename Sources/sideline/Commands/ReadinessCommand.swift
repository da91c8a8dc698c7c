import Analytics
import ArgumentParser
import Exports
import Foundation
import Localization
import SessionReview
import Store
import TeamCore

/// A team's last readiness checks (`record --readiness`, or the kiosk's lobby), each player's result
/// read against their own earlier checks in the same posture.
struct ReadinessCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "readiness",
        abstract: "List a team's last readiness checks, each player against their own normal range.",
        discussion: """
            lnRMSSD is from the clean RR of each check's last two minutes; the baseline is the mean of the last 7 days' \
            checks, the normal range the mean ± ½ SD of the last 60 days' (same posture); fewer than 5 checks: "building \
            baseline". Record one with `sideline record --readiness 180 --tag lying`.
            """)
    @OptionGroup var database: DatabaseOptions
    @Option(help: "Team name.") var team: String
    @Option(help: "How many checks, newest first.") var last = 5
    @Flag(help: "JSON instead of text.") var json = false

    func validate() throws {
        guard last > 0 else { throw ValidationError(tr("--last must be at least 1")) }
    }

    func run() throws {
        let store = try database.openForReading()
        let team = try store.requireTeam(named: team)
        let checks = try SessionReview.readinessChecks(store: store, teamID: team.id, limit: last)
        if json {
            let root: [String: Any] = ["team": team.name, "checks": checks.map { c -> [String: Any] in
                ["sessionID": c.session.id, "date": c.day.description, "startedAt": ISOTime.string(unixMs: c.session.startedAt.unixMs),
                 "posture": c.posture, "players": c.players.map { p -> [String: Any] in
                     var out = SeasonJSON.readiness(p.assessment)
                     out["playerID"] = p.playerID
                     out["name"] = p.name
                     out["number"] = p.number
                     return out
                 }]
            }]
            let data = try JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys])
            print(String(decoding: data, as: UTF8.self))
            return
        }
        if checks.isEmpty { print(tr("no readiness checks of {team} yet (record one with `sideline record --readiness 180`)", ["team": team.name])) }
        let two = { (x: Double) in Formatting.decimal(x, digits: 2) }
        for c in checks {
            let length = c.session.recordedMs.map { Formatting.duration(Double($0) / 1000) } ?? "–"
            print([tr("check {id}", ["id": "\(c.session.id)"]), Formatting.dateTime(c.session.startedAt), SessionTags.Posture(rawValue: c.posture).map { tr($0.word) } ?? c.posture, length,
                   trn("{n} player", "{n} players", n: c.players.count)].joined(separator: "\t"))
            print(["  " + pad("#", 3), pad(tr("player"), 20), pad("lnRMSSD", 8, right: true), pad("RMSSD", 7, right: true),
                   pad(tr("rest HR"), 8, right: true), pad(tr("corrected"), 10, right: true), " " + pad(tr("status"), 18),
                   pad(tr("baseline"), 8, right: true), " " + tr("normal range")].joined(separator: " "))
            for p in c.players.sorted(by: { $0.number < $1.number }) {
                let a = p.assessment, check = a.check
                let range = zip2(a.normalLow, a.normalHigh).map { two($0) + "–" + two($1) } ?? "–"
                print(["  " + pad("\(p.number)", 3), pad(String(p.name.prefix(20)), 20),
                       pad(check.lnRMSSD.map(two) ?? "–", 8, right: true),
                       pad(check.lnRMSSD.map { Formatting.decimal(exp($0), digits: 0) + " ms" } ?? "–", 7, right: true),
                       pad(check.restingBPM.map { tr("{n} bpm", ["n": Formatting.decimal($0, digits: 0)]) } ?? "–", 8, right: true),
                       pad(check.correctedShare.map { Formatting.decimal($0 * 100, digits: 1) + " %" } ?? "–", 10, right: true),
                       " " + pad(tr(a.status.label), 18), pad(a.baseline.map(two) ?? "–", 8, right: true),
                       " " + range].joined(separator: " "))
            }
        }
    }
}

private func zip2<A, B>(_ a: A?, _ b: B?) -> (A, B)? {
    guard let a, let b else { return nil }
    return (a, b)
}

import Analytics
import ArgumentParser
import Exports
import Foundation
import Localization
import SessionReview
import Store
import TeamCore

/// `sideline fitness`: a team's submaximal fitness tests (`record --fitness-test`, or the kiosk's lobby), each player's
/// HRex and HRR60 against their previous test at the same run and pace.
struct FitnessCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fitness",
        abstract: "List each player's fitness tests: HRex, HRR60 and the change since their previous test.",
        discussion: """
            HRex is the mean heart rate over the run's last 30 s as % HRmax, HRR60 the drop in bpm over the minute standing \
            still after it. A change in HRex beyond the typical error (\(FitnessTest.typicalErrorPoints) % HRmax) against the \
            player's previous test of the same run and pace is marked better or worse (lower HRex at the same pace = fitter). \
            Record one with `sideline record --fitness-test 240 --pace 12kmh-20m`. docs/ANALYTICS.md, "Fitness test".
            """)
    @OptionGroup var database: DatabaseOptions
    @Option(help: "Team name.") var team: String
    @Flag(help: "JSON instead of a table.") var json = false

    func run() throws {
        let store = try database.openForReading()
        let team = try store.requireTeam(named: team)
        let fitness = try SessionReview.teamFitness(store: store, teamID: team.id)
        if json {
            let root: [String: Any] = ["team": team.name, "typicalError": FitnessTest.typicalErrorPoints,
                                       "players": fitness.players.map { p -> [String: Any] in
                                           ["playerID": p.playerID, "name": p.name, "number": p.number, "tests": p.tests.map(SeasonJSON.fitness)]
                                       }]
            let data = try JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys])
            print(String(decoding: data, as: UTF8.self))
            return
        }
        guard fitness.players.contains(where: { !$0.tests.isEmpty }) else {
            print(tr("no fitness tests of {team} yet (record one with `sideline record --fitness-test 240`)", ["team": team.name]))
            return
        }
        print([pad("#", 3), pad(tr("player"), 20), " " + pad(tr("date"), 10), " " + pad(tr("protocol"), 18), pad("HRex", 6, right: true),
               pad("HRR60", 6, right: true), pad(tr("change"), 7, right: true),
               " " + tr("vs typical error {points}", ["points": Formatting.decimal(FitnessTest.typicalErrorPoints, digits: 1)])].joined(separator: " "))
        for p in fitness.players {
            for t in p.tests {
                print(["" + pad("\(p.number)", 3), pad(String(p.name.prefix(20)), 20), " " + t.result.day.description,
                       " " + pad(t.result.protocolKey, 18),
                       pad(t.result.hrex.map { Formatting.decimal($0, digits: 1) + "%" } ?? "–", 6, right: true),
                       pad(t.result.hrr60.map { String(format: "%.0f", $0) } ?? "–", 6, right: true),
                       pad(t.hrexChange.map { ($0 >= 0 ? "+" : "") + Formatting.decimal($0, digits: 1) } ?? "–", 7, right: true),
                       " " + (t.change.map { tr($0.label) } ?? (t.previous == nil ? tr("first test") : "–"))].joined(separator: " "))
            }
        }
    }
}

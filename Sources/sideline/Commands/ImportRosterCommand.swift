import ArgumentParser
import Foundation
import Store
import TeamCore

struct ImportRosterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import-roster",
        abstract: "Import players from a CSV file: number,first,last,birth_year,sex,weight_kg,rest_hr,max_hr,strap.",
        discussion: "All or nothing: any bad line is reported with its number and reason, and nothing is imported. The team is created if needed.")
    @OptionGroup var database: DatabaseOptions
    @Argument(help: "The roster CSV file.") var file: String
    @Option(help: "Team name.") var team: String

    func run() throws {
        guard let data = FileManager.default.contents(atPath: file) else { throw UserError("cannot read \(file)") }
        guard let text = RosterCSV.text(of: [UInt8](data)) else {
            throw UserError("\(file) is not a text file; save the roster as CSV (number,first,last,birth_year,sex,weight_kg,rest_hr,max_hr,strap)")
        }
        let rows: [RosterCSV.Row]
        switch RosterCSV.parse(text) {
        case .success(let parsed): rows = parsed
        case .failure(let rejection):
            throw UserError("roster not imported, nothing changed; fix these lines of \(file):\n" + rejection.errors.map { "  \($0)" }.joined(separator: "\n"))
        }
        let store = try database.open()
        let target: Team
        do {
            target = try store.importRoster(rows, teamNamed: team)
        } catch StoreError.rosterRejected(let lines) {
            throw UserError("roster not imported, nothing changed; fix these lines of \(file):\n" + lines.map { "  \($0)" }.joined(separator: "\n"))
        }
        print("imported \(rows.count) players into \(target.name)")
    }
}

import ArgumentParser
import Foundation
import PlayerPhotos
import Store
import TeamCore

struct ImportRosterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import-roster",
        abstract: "Import players from a CSV file: number,first,last,birth_year,sex,weight_kg,rest_hr,max_hr,strap,photo.",
        discussion: "All or nothing: any bad line (or a photo that cannot be read as a picture) is reported with its number and reason, and nothing is imported. The team is created if needed. A photo is a picture file beside the CSV or a full path.")
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
        let (photos, problems) = RosterPhotoFiles.prepare(rows.compactMap { row in row.photoFile.map { (row.line, $0) } }, besideFile: file)
        guard problems.isEmpty else {
            throw UserError("roster not imported, nothing changed; fix these lines of \(file):\n" + problems.map { "  \($0)" }.joined(separator: "\n"))
        }
        let store = try database.open()
        let target: Team
        do {
            target = try store.importRoster(rows, teamNamed: team, photos: photos)
        } catch StoreError.rosterRejected(let lines) {
            throw UserError("roster not imported, nothing changed; fix these lines of \(file):\n" + lines.map { "  \($0)" }.joined(separator: "\n"))
        }
        print("imported \(rows.count) players into \(target.name)" + (photos.isEmpty ? "" : " with \(photos.count) photo\(photos.count == 1 ? "" : "s")"))
    }
}

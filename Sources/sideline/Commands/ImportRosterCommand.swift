import Appliance
import ArgumentParser
import Foundation
import Localization
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
        // A roster may come from anyone's USB stick: a plain file of a roster's size, read as text only if it is text.
        let bytes: [UInt8]
        do {
            bytes = try StickFile.read(file, atMost: RosterCSV.maxFileBytes)
        } catch {
            throw UserError(tr("roster not imported, nothing changed: {file}: {problem}", ["file": file, "problem": error.message.translated]))
        }
        let text: String
        do {
            text = try RosterText.decode(bytes)
        } catch {
            throw UserError(tr("roster not imported, nothing changed; fix {file}: {problem}", ["file": file, "problem": error.sentence.translated]))
        }
        let rows: [RosterCSV.Row]
        switch RosterCSV.parse(text) {
        case .success(let parsed): rows = parsed
        case .failure(let rejection): throw Self.rejected(file, rejection)
        }
        let (photos, problems) = RosterPhotoFiles.prepare(rows.compactMap { row in row.photoFile.map { (row.line, $0) } }, besideFile: file,
                                                          preparing: .helperOfThisProgram)
        guard problems.isEmpty else {
            throw Self.rejected(file, RosterCSV.Rejection(errors: problems.map {
                RosterCSV.LineError(line: $0.line, reason: Message(N_("photo {file}: {problem}"), ["file": $0.file], nested: ["problem": $0.problem]))
            }))
        }
        let store = try database.open()
        let target: Team
        do {
            target = try store.importRoster(rows, teamNamed: team, photos: photos)
        } catch StoreError.rosterRejected(let lines) {
            throw Self.rejected(file, RosterCSV.Rejection(errors: lines))
        }
        print(photos.isEmpty ? trn("imported {n} player into {team}", "imported {n} players into {team}", n: rows.count, ["team": target.name])
              : trn("imported {n} player into {team} with {photos} photos", "imported {n} players into {team} with {photos} photos", n: rows.count,
                    ["team": target.name, "photos": "\(photos.count)"]))
        for note in RosterCSV.formulaNotes(rows).prefix(20) { print(tr("note: {note}", ["note": note.sentence.translated])) }
    }

    /// The rejected lines in the admin's language, as many as a terminal shows.
    static func rejected(_ file: String, _ rejection: RosterCSV.Rejection) -> UserError {
        UserError(tr("roster not imported, nothing changed; fix these lines of {file}:", ["file": file]) + "\n"
                  + rejection.lines().map { "  \($0.translated)" }.joined(separator: "\n"))
    }
}

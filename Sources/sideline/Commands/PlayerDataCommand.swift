import ArgumentParser
import Exports
import Foundation
import Localization
import StoredExports
import Store

/// `sideline player-data --team T --number N --out DIR`: everything the kiosk keeps of one player, as one
/// ZIP (GDPR Art. 15 and 20: a player's access to their data, in a form other tools read).
struct PlayerDataCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "player-data",
        abstract: "Write one player's own data as a ZIP: profile, every session's readings (CSV, FIT, TCX), season, readiness, ratings.",
        discussion: """
            The ZIP is named sideline-player-data_<name>_<date>.zip; its README.txt says what each file is. Only the player's \
            own readings and numbers are in it. DIR is made if missing; on any failure (a full disk) no file is left behind.
            """)
    @OptionGroup var database: DatabaseOptions
    @Option(help: "Team name.") var team: String
    @Option(help: "The player's shirt number in that team.") var number: Int
    @Option(help: "Folder to write the ZIP into (created if needed).") var out: String

    func run() throws {
        let store = try database.openForReading()
        let team = try store.requireTeam(named: team)
        guard let entry = try store.roster(teamID: team.id).first(where: { $0.shirtNumber == number }) else {
            throw UserError(tr("no player wears #{number} in {team}; nothing was written", ["number": "\(number)", "team": team.name]))
        }
        do {
            print(try StoredPlayerData.write(store: store, playerID: entry.playerID, to: out))
        } catch let failure as ZipWriter.Failure {
            throw UserError(failure.description)
        }
    }
}

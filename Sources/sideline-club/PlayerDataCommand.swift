import ArgumentParser
import ClubStorage
import Foundation
import Localization

/// `sideline-club player-data`: everything the club keeps of one player as one ZIP (GDPR Art. 15 and 20).
struct PlayerDataCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "player-data",
        abstract: "Write one player's own data as a ZIP: profile, every session's readings (CSV, FIT, TCX), season, readiness, ratings.",
        discussion: """
            Name the player by --player UUID, or by --name "First Last" and --team. The ZIP, named \
            sideline-player-data_<name>_<date>.zip, holds only the player's own readings and numbers; its README.txt says what \
            each file is. DIR is made if missing; on any failure (a full disk) no file is left behind.
            """)

    @OptionGroup var database: DatabaseOptions
    @Option(help: "The club's name.") var club: String
    @OptionGroup var choice: PlayerChoice
    @Option(help: "Folder to write the ZIP into (created if needed).") var out: String

    func run() async throws {
        let path = try await database.with { db -> String in
            let club = try await ClubAdmin.club(db, named: self.club)
            let player = try await choice.resolve(club: club, database: db, nothing: tr("nothing was written"))
            do {
                try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            } catch {
                throw ClubError(.badRequest, tr("cannot write into {folder}: {reason}", ["folder": out, "reason": (error as NSError).localizedFailureReason ?? "\(error)"]))
            }
            try await AccessLog.record(.download("player data ZIP", player: player), by: .command("player-data", club: club.id), database: db)
            return try await ClubPlayerData.write(player: player, club: club.id, database: db, to: out)
        }
        say(path)
    }
}

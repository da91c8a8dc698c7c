import ArgumentParser
import ClubStorage
import Foundation
import Localization

/// `sideline-club erase-player`: a player erased from the club (ClubErasure) and, at their next sync, from every kiosk.
struct ErasePlayerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "erase-player",
        abstract: "Erase a player for good: their readings, figures and photo in every session, their roster entries; every kiosk follows at its next sync.",
        discussion: """
            Name the player by --player UUID, or by --name "First Last" and --team. Asks first unless --yes. The sessions \
            they were in are rewritten without them (new hashes) and their team figures computed again. The erasure record \
            (no personal data) is kept for good; pg_dump backups keep their copy until they age out.
            """)

    @OptionGroup var database: DatabaseOptions
    @Option(help: "The club's name.") var club: String
    @OptionGroup var choice: PlayerChoice
    @Flag(help: "Do not ask.") var yes = false

    func run() async throws {
        let line = try await database.with { db -> String in
            let club = try await ClubAdmin.club(db, named: self.club)
            let uuid = try await choice.resolve(club: club, database: db, nothing: tr("nothing was erased"))
            let player = ["player": uuid.uuidString.lowercased(), "club": club.name]
            guard ask(tr("Erase player {player} of club '{club}' everywhere, for good?", player)) else {
                return tr("nothing changed (answer y, or add --yes)")
            }
            let by = "sideline-club erase-player (user \(ProcessInfo.processInfo.userName))"
            let erased = try await ClubErasure.erasePlayer(uuid, by: by, club: club.id, database: db, loggedAs: .command("erase-player", club: club.id))
            return trn("erased player {player} of club '{club}': {n} session rewritten; every kiosk erases them at its next sync; backups keep their copy until they age out",
                       "erased player {player} of club '{club}': {n} sessions rewritten; every kiosk erases them at its next sync; backups keep their copy until they age out",
                       n: erased.sessions, player)
        }
        say(line)
    }

    /// Only "y" or "yes" go on, or the language's own yes as the prompt shows it ("j", "oui"…); no terminal is a no.
    func ask(_ question: String) -> Bool {
        if yes { return true }
        FileHandle.standardOutput.write(Data((question + " " + tr("[y/N]") + " ").utf8))
        guard let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() else { return false }
        let own = tr("y|yes", context: "the answers that confirm a question, lower case, separated by |").split(separator: "|").map(String.init)
        return (["y", "yes"] + own).contains(answer)
    }
}

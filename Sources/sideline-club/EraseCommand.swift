import ArgumentParser
import ClubServer
import Foundation

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
            let uuid = try await choice.resolve(club: club, database: db, nothing: "nothing was erased")
            guard ask("Erase player \(uuid.uuidString.lowercased()) of club '\(club.name)' everywhere, for good?") else {
                return "nothing changed (answer y, or add --yes)"
            }
            let by = "sideline-club erase-player (user \(ProcessInfo.processInfo.userName))"
            let erased = try await ClubErasure.erasePlayer(uuid, by: by, club: club.id, database: db, loggedAs: .command("erase-player", club: club.id))
            return "erased player \(uuid.uuidString.lowercased()) of club '\(club.name)': \(erased.sessions) session\(erased.sessions == 1 ? "" : "s") rewritten; "
                    + "every kiosk erases them at its next sync; backups keep their copy until they age out"
        }
        say(line)
    }

    /// Only "y" or "yes" go on; no terminal is a no.
    func ask(_ question: String) -> Bool {
        if yes { return true }
        FileHandle.standardOutput.write(Data((question + " [y/N] ").utf8))
        guard let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() else { return false }
        return answer == "y" || answer == "yes"
    }
}

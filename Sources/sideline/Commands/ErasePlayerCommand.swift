import ArgumentParser
import Foundation
import Store
import TeamCore

/// `sideline erase-player --team T --number N`: a player erased for good (GDPR Art. 17), after a question.
struct ErasePlayerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "erase-player",
        abstract: "Erase a player for good: profile, photo, memberships and every reading of theirs.",
        discussion: """
            Asks first unless --yes. The sessions they were in stay with the others' readings. Deleted content is \
            overwritten and the file compacted, so nothing of the player stays in it; an erasure record (no personal \
            data) is kept, sent to the club, and applied again after a restore. Backups keep their copy until they \
            age out. Not while a session they are in records.
            """)
    @OptionGroup var database: DatabaseOptions
    @Option(help: "Team name.") var team: String
    @Option(help: "The player's shirt number in that team.") var number: Int
    @Flag(help: "Do not ask.") var yes = false

    func run() throws {
        let store = try database.open()
        let team = try store.requireTeam(named: team)
        guard let entry = try store.roster(teamID: team.id).first(where: { $0.shirtNumber == number }) else {
            throw UserError("no player wears #\(number) in \(team.name); nothing was erased")
        }
        try Recording.refuseIfLive(try store.sessions(ofPlayer: entry.playerID), store: store,
                                   what: "#\(number) is in a session being recorded")
        let sessions = try store.sessions(ofPlayer: entry.playerID).count
        let question = "Erase #\(number) \(entry.player.fullName) of \(team.name) and their heart rates in \(sessions) session"
            + "\(sessions == 1 ? "" : "s") for good?"
        guard TerminalQuestion.ask(question, assumeYes: yes) else { return print(TerminalQuestion.declined) }
        let erased = try store.erasePlayer(entry.playerID, by: "sideline erase-player (user \(ProcessInfo.processInfo.userName))")
        print("erased #\(number) of \(team.name): \(erased.samples) readings in \(erased.sessions) session\(erased.sessions == 1 ? "" : "s"); "
              + "backups keep their copy until they age out")
    }
}

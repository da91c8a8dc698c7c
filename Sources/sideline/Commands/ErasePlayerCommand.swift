import ArgumentParser
import Foundation
import Localization
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
            throw UserError(tr("no player wears #{number} in {team}; nothing was erased", ["number": "\(number)", "team": team.name]))
        }
        try Recording.refuseIfLive(try store.sessions(ofPlayer: entry.playerID), store: store,
                                   what: tr("#{number} is in a session being recorded", ["number": "\(number)"]))
        let sessions = try store.sessions(ofPlayer: entry.playerID).count
        let who = ["number": "\(number)", "player": entry.player.fullName, "team": team.name]
        let question = trn("Erase #{number} {player} of {team} and their heart rates in {n} session for good?",
                           "Erase #{number} {player} of {team} and their heart rates in {n} sessions for good?", n: sessions, who)
        guard TerminalQuestion.ask(question, assumeYes: yes) else { return print(TerminalQuestion.declined) }
        let erased = try store.erasePlayer(entry.playerID, by: "sideline erase-player (user \(ProcessInfo.processInfo.userName))")
        print(trn("erased #{number} of {team}: {readings} readings in {n} session; backups keep their copy until they age out",
                  "erased #{number} of {team}: {readings} readings in {n} sessions; backups keep their copy until they age out",
                  n: erased.sessions, who.merging(["readings": "\(erased.samples)"]) { $1 }))
    }
}

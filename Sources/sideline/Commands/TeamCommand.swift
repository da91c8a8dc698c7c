import ArgumentParser
import Foundation
import Localization
import Store
import TeamCore

/// `sideline team rename|colour|delete`: a club admin's changes to a team over SSH.
struct TeamCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "team", abstract: "Rename, recolour or delete a team.",
        subcommands: [Rename.self, Colour.self, Delete.self])

    struct Rename: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rename", abstract: "Give a team another name.")
        @OptionGroup var database: DatabaseOptions
        @Argument(help: "The team's name now.") var team: String
        @Argument(help: "Its new name.") var newName: String

        func run() throws {
            let store = try database.open()
            let found = try store.requireTeam(named: team)
            try store.renameTeam(found.id, to: newName)
            print(tr("renamed {old} to {new}", ["old": found.name, "new": newName.trimmingCharacters(in: .whitespaces)]))
        }
    }

    struct Colour: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "colour", abstract: "Give a team another colour (#RRGGBB).")
        @OptionGroup var database: DatabaseOptions
        @Argument(help: "Team name.") var team: String
        @Argument(help: "The colour as #RRGGBB, e.g. #43A047.") var colour: String

        func run() throws {
            guard let rgb = RGBColour(hex: colour) else { throw UserError(tr("'{colour}' is not a colour like #43A047", ["colour": colour])) }
            let store = try database.open()
            let found = try store.requireTeam(named: team)
            try store.setTeamColour(found.id, rgb)
            print(tr("{team} is now {colour}", ["team": found.name, "colour": rgb.hex]))
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete a team with its sessions and everything recorded in them; its players stay.",
            discussion: "Asks first unless --yes, saying how many sessions go with it. Not while one of its sessions is being recorded.")
        @OptionGroup var database: DatabaseOptions
        @Argument(help: "Team name.") var team: String
        @Flag(help: "Do not ask.") var yes = false

        func run() throws {
            let store = try database.open()
            let found = try store.requireTeam(named: team)
            let sessions = try store.sessions(teamID: found.id).map(\.session)
            try Recording.refuseIfLive(sessions, store: store, what: tr("a session of {team} is being recorded", ["team": found.name]))
            let impact = try store.teamDeletion(found.id)
            let team = ["team": found.name]
            var question = impact.sessions == 0 ? tr("Delete the team {team} (no sessions)?", team)
                : trn("Delete the team {team} and its {n} session with everything recorded in it?",
                      "Delete the team {team} and its {n} sessions with everything recorded in them?", n: impact.sessions, team)
            if impact.players > 0 {
                question += " " + (impact.playersOnNoOtherTeam > 0
                    ? trn("Its {n} player stays ({alone} on no team then).", "Its {n} players stay ({alone} on no team then).", n: impact.players,
                          ["alone": "\(impact.playersOnNoOtherTeam)"])
                    : trn("Its {n} player stays.", "Its {n} players stay.", n: impact.players))
            }
            guard TerminalQuestion.ask(question, assumeYes: yes) else { return print(TerminalQuestion.declined) }
            try store.deleteTeam(found.id)
            print(trn("deleted the team {team} and {n} session", "deleted the team {team} and {n} sessions", n: impact.sessions, team))
        }
    }
}

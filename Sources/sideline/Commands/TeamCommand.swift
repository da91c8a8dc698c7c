import ArgumentParser
import Foundation
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
            print("renamed \(found.name) to \(newName.trimmingCharacters(in: .whitespaces))")
        }
    }

    struct Colour: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "colour", abstract: "Give a team another colour (#RRGGBB).")
        @OptionGroup var database: DatabaseOptions
        @Argument(help: "Team name.") var team: String
        @Argument(help: "The colour as #RRGGBB, e.g. #43A047.") var colour: String

        func run() throws {
            guard let rgb = RGBColour(hex: colour) else { throw UserError("'\(colour)' is not a colour like #43A047") }
            let store = try database.open()
            let found = try store.requireTeam(named: team)
            try store.setTeamColour(found.id, rgb)
            print("\(found.name) is now \(rgb.hex)")
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
            try Recording.refuseIfLive(sessions, store: store, what: "a session of \(found.name) is being recorded")
            let impact = try store.teamDeletion(found.id)
            var question = impact.sessions == 0 ? "Delete the team \(found.name) (no sessions)?"
                : "Delete the team \(found.name) and its \(impact.sessions) session\(impact.sessions == 1 ? "" : "s") with everything recorded in them?"
            if impact.players > 0 {
                question += " Its \(impact.players) player\(impact.players == 1 ? " stays" : "s stay")"
                    + (impact.playersOnNoOtherTeam > 0 ? " (\(impact.playersOnNoOtherTeam) on no team then)." : ".")
            }
            guard TerminalQuestion.ask(question, assumeYes: yes) else { return print(TerminalQuestion.declined) }
            try store.deleteTeam(found.id)
            print("deleted the team \(found.name) and \(impact.sessions) session\(impact.sessions == 1 ? "" : "s")")
        }
    }
}

import ArgumentParser
import Foundation
import Localization
import Store
import TeamCore

/// `sideline straps`: every strap the club knows, as the kiosk's strap list shows them.
struct StrapsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "straps",
        abstract: "List the straps the club knows: address, name, last seen, battery, who wears it in which team, where it says it is worn and who made it.")
    @OptionGroup var database: DatabaseOptions

    func run() throws {
        let straps = try database.openForReading().strapOverviews()
        if straps.isEmpty { print(tr("no straps yet (pair one on the kiosk, or name it in a roster's strap column)")) }
        for s in straps {
            let seen = s.strap.lastSeen.map { tr("last seen {when}", ["when": Formatting.dateTime($0)]) } ?? tr("never heard")
            let battery = tr("battery {percent}", ["percent": s.strap.lastBattery.map { "\($0) %" } ?? "–"])
            let worn = s.wearers.isEmpty ? tr("worn by nobody")
                : tr("worn by {players}", ["players": s.wearers.map { "#\($0.shirtNumber) \($0.playerName) (\($0.teamName))" }.joined(separator: ", ")])
            print([s.strap.address, s.strap.name, seen, battery, worn, s.strap.sensorText ?? tr("sensor –")].joined(separator: "\t"))
        }
    }
}

/// `sideline forget-strap ADDRESS`: the strap leaves every team and list; past sessions keep it.
struct ForgetStrapCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forget-strap",
        abstract: "Forget a strap: it leaves every team and list (a passer-by the pairing scan stored).",
        discussion: "Past sessions keep its heart rates and address. Pairing it again on the kiosk, or a roster naming it, brings it back. Asks first unless --yes.")
    @OptionGroup var database: DatabaseOptions
    @Argument(help: "The strap's address, AA:BB:CC:DD:EE:FF (see `sideline straps`).") var address: String
    @Flag(help: "Do not ask.") var yes = false

    func run() throws {
        let wanted = address.trimmingCharacters(in: .whitespaces).uppercased()
        guard Strap.isValidAddress(wanted) else { throw UserError(tr("'{address}' is not a strap address like AA:BB:CC:DD:EE:FF", ["address": address])) }
        let store = try database.open()
        guard let known = try store.strapOverviews().first(where: { $0.strap.address == wanted }) else {
            throw StoreError.unknownStrap(wanted)
        }
        var question = tr("Forget {strap} ({address})?", ["strap": known.strap.name, "address": wanted])
        if !known.wearers.isEmpty {
            question += " " + tr("{players} will have no strap.", ["players": known.wearers.map { "#\($0.shirtNumber) \($0.playerName) (\($0.teamName))" }.joined(separator: ", ")])
        }
        guard TerminalQuestion.ask(question, assumeYes: yes) else { return print(TerminalQuestion.declined) }
        let forgotten = try store.forgetStrap(address: wanted)
        var line = tr("forgot {strap} ({address})", ["strap": forgotten.strap.name, "address": forgotten.strap.address])
        if !forgotten.unassigned.isEmpty {
            line += "; " + tr("no strap now: {players}", ["players": forgotten.unassigned.map { "#\($0.shirtNumber) \($0.playerName) (\($0.teamName))" }.joined(separator: ", ")])
        }
        print(line)
    }
}

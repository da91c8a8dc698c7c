import ArgumentParser
import Foundation
import Localization
import Store
import TeamCore

/// `sideline consent`: consent on file for a player recorded or cleared, or a team's listed (decision 075).
struct ConsentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "consent",
        abstract: "Record or clear a player's consent on file (date, given by), or list who has it and who lacks it.",
        discussion: """
            --on DATE --by NAME records it: the day it was given and who gave it (a guardian's name, or "\(Consent.byThePlayer)" \
            for an adult). --clear takes it away. Without either: the team's players, with consent or without. When the club \
            requires consent (`sideline settings --require-consent on`), a session with a player without it stays on this kiosk, \
            whole, until they have it; recording is never held. Shared with the club like every roster field.
            """)
    @OptionGroup var database: DatabaseOptions
    @Option(help: "Team name.") var team: String
    @Option(help: "The player's shirt number in that team.") var number: Int?
    @Option(help: "The day consent was given, YYYY-MM-DD (not in the future).") var on: String?
    @Option(help: "Who gave it: a guardian's name, or \"\(Consent.byThePlayer)\" for an adult (at most \(Consent.maxGiverLength) characters).")
    var by: String?
    @Flag(help: "Take the player's consent off file.") var clear = false
    @Flag(help: "JSON instead of a table (listing).") var json = false

    func validate() throws {
        if (on == nil) != (by == nil) { throw ValidationError(tr("give --on and --by together")) }
        if on != nil && clear { throw ValidationError(tr("--clear does not go with --on and --by")) }
        if (on != nil || clear) && number == nil { throw ValidationError(tr("--number says whose consent")) }
        if (on != nil || clear) && json { throw ValidationError(tr("--json lists; it does not go with --on, --by or --clear")) }
        if number != nil && on == nil && !clear { throw ValidationError(tr("--number goes with --on and --by, or --clear")) }
    }

    func run() throws {
        let changing = on != nil || clear
        let store = try changing ? database.open() : database.openForReading()
        let team = try store.requireTeam(named: team)
        let roster = try store.roster(teamID: team.id)
        guard let number else { return try list(roster, team: team, requireConsent: store.kioskSettings().requireConsent) }
        guard let entry = roster.first(where: { $0.shirtNumber == number }) else {
            throw UserError(tr("no player wears #{number} in {team}; nothing was changed", ["number": "\(number)", "team": team.name]))
        }
        var consent: Consent?
        if let on, let by {
            guard let day = CalendarDay(iso: on) else { throw UserError(tr("--on {day}: a date like 2026-09-01; nothing was changed", ["day": String(on.prefix(40))])) }
            consent = Consent(day: day, givenBy: by.trimmingCharacters(in: .whitespaces))
        }
        do {
            try store.setConsent(consent, playerID: entry.playerID, today: CalendarDay(Date(), in: .current))
        } catch StoreError.invalid(let problem) {
            throw UserError(tr("{problem}; nothing was changed", ["problem": problem.translated]))
        }
        let who = ["number": "\(number)", "player": entry.player.fullName, "team": team.name]
        print(consent.map { tr("#{number} {player} of {team}: consent {consent}", who.merging(["consent": Self.sentence($0)]) { $1 }) }
              ?? tr("#{number} {player} of {team}: consent cleared (none on file)", who))
    }

    func list(_ roster: [RosterEntry], team: Team, requireConsent: Bool) throws {
        let lacking = roster.filter { $0.player.consent == nil }.count
        if json {
            let players: [[String: Any]] = roster.map { e in
                ["number": e.shirtNumber, "name": e.player.fullName, "uuid": e.player.uuid?.uuidString.lowercased() ?? NSNull(),
                 "consent": e.player.consent.map { ["day": $0.day.description, "givenBy": $0.givenBy] } ?? NSNull()]
            }
            let data = try JSONSerialization.data(withJSONObject: ["team": team.name, "requireConsent": requireConsent, "players": players],
                                                  options: [.prettyPrinted, .sortedKeys])
            return print(String(decoding: data, as: UTF8.self))
        }
        let counts = ["team": team.name, "with": "\(roster.count - lacking)", "n": "\(roster.count)"]
        print(requireConsent ? tr("{team}: {with} of {n} with consent on file; the club requires it before sessions sync", counts)
                             : tr("{team}: {with} of {n} with consent on file; the club does not require it", counts))
        for e in roster {
            print("#\(e.shirtNumber)\t\(e.player.fullName)\t" + (e.player.consent.map(Self.sentence) ?? tr("none on file")))
        }
    }

    /// `Consent.sentence` ("on file: 2026-09-01, by …") in the command's language.
    static func sentence(_ consent: Consent) -> String {
        tr("on file: {day}, by {by}", ["day": "\(consent.day)", "by": consent.givenBy])
    }
}

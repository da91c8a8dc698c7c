import ArgumentParser
import Foundation
import Localization
import SessionReview
import Store
import TeamCore

/// `sideline rpe`: a player's session RPE set or corrected, or a session's ratings listed.
struct RPECommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rpe",
        abstract: "Set or correct a player's session RPE (CR-10, 0–10), or list a session's ratings.",
        discussion: """
            With --number and --value: keeps that player's rating of the session (replacing one given before). Players rate \
            within 2 hours of the session's end; later, --coach sets or corrects a rating (marked as the coach's). Without \
            them: lists every player of the session, rated or not. sRPE load = RPE × the session's effort minutes (the \
            recovery minute left out; Foster et al. 2001). docs/ANALYTICS.md.
            """)
    @OptionGroup var database: DatabaseOptions
    @Option(help: "Session id (see `sideline sessions`).") var session: Int64
    @Option(parsing: .unconditional, help: "The player's shirt number in that session.") var number: Int?
    @Option(parsing: .unconditional, help: "The rating, 0 (rest) to 10 (maximal).") var value: Int?
    @Flag(help: "The coach sets or corrects it (allowed after the players' 2-hour window).") var coach = false
    @Flag(help: "JSON instead of a table (listing).") var json = false

    func validate() throws {
        if (number == nil) != (value == nil) { throw ValidationError(tr("give --number and --value together (or neither, to list)")) }
        if number != nil, json { throw ValidationError(tr("--json lists; it does not go with --number and --value")) }
        if number == nil, coach { throw ValidationError(tr("--coach goes with --number and --value")) }
    }

    func run() throws {
        if let number, let value {
            let store = try database.open()
            let rating = try store.rateSession(session, number: number, rpe: value, byCoach: coach)
            let rated = ["session": "\(session)", "number": "\(number)", "rpe": "\(rating.rpe)", "anchor": SessionRPE.anchor(rating.rpe).map { tr($0) } ?? ""]
            print(rated["anchor"]!.isEmpty
                  ? (coach ? tr("session {session}: #{number} rated {rpe} by the coach", rated) : tr("session {session}: #{number} rated {rpe}", rated))
                  : (coach ? tr("session {session}: #{number} rated {rpe} ({anchor}) by the coach", rated) : tr("session {session}: #{number} rated {rpe} ({anchor})", rated)))
            return
        }
        let sheet = try SessionReview.ratingSheet(store: try database.openForReading(), sessionID: session)
        if json {
            let data = try JSONSerialization.data(withJSONObject: Self.json(sheet), options: [.prettyPrinted, .sortedKeys])
            print(String(decoding: data, as: UTF8.self))
            return
        }
        let minutes = sheet.effortMinutes.map { Formatting.decimal($0, digits: 1) + " min" } ?? "–"
        let rated = sheet.lines.filter { $0.rating != nil }.count
        print([tr("session {id}", ["id": "\(session)"]), Formatting.dateTime(sheet.session.startedAt), tr("effort {duration}", ["duration": minutes]),
               tr("{rated} of {n} rated", ["rated": "\(rated)", "n": "\(sheet.lines.count)"])].joined(separator: " · "))
        print(tr("#   player                RPE  anchor            sRPE load  rated at"))
        for l in sheet.lines {
            let r = l.rating
            print([pad("\(l.number)", 3), pad(String(l.name.prefix(20)), 20), pad(r.map { "\($0.rpe)" } ?? "–", 4, right: true),
                   " " + pad(r.flatMap { SessionRPE.anchor($0.rpe) }.map { tr($0) } ?? "", 16),
                   pad(l.srpeLoad.map { Formatting.decimal($0, digits: 0) } ?? "–", 10, right: true),
                   " " + (r.map { Formatting.dateTime($0.ratedAt) + ($0.byCoach ? " " + tr("(coach)") : "") } ?? "–")].joined(separator: " "))
        }
    }

    /// The sheet as JSON: numbers unrounded, null for none.
    static func json(_ sheet: SessionRatingSheet) -> [String: Any] {
        func value(_ x: Any?) -> Any { x ?? NSNull() }
        return ["sessionID": sheet.session.id, "startedAt": ISOTime.string(unixMs: sheet.session.startedAt.unixMs),
                "effortMinutes": value(sheet.effortMinutes),
                "windowClosesAt": value(sheet.windowClosesAt.map { ISOTime.string(unixMs: $0.unixMs) }),
                "players": sheet.lines.map { l -> [String: Any] in
                    ["playerID": l.playerID, "name": l.name, "number": l.number, "rpe": value(l.rating?.rpe),
                     "anchor": value(l.rating.flatMap { SessionRPE.anchor($0.rpe) }),
                     "ratedAt": value(l.rating.map { ISOTime.string(unixMs: $0.ratedAt.unixMs) }),
                     "byCoach": value(l.rating?.byCoach), "srpeLoad": value(l.srpeLoad)]
                }]
    }
}

import ArgumentParser
import ClubStorage
import Foundation
import Localization

/// `sideline-club access-log`: the club's access log (`AccessLog`), oldest first, one tab-separated line an entry.
struct AccessLogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "access-log",
        abstract: "Print who viewed, downloaded or changed the club's data: time, kind, who, address, what, player, team, session.",
        discussion: "One tab-separated line an entry, oldest first. --since takes a day (YYYY-MM-DD, from its start in the server's time zone) or a time (2026-03-14T18:00:00Z).")

    @OptionGroup var database: DatabaseOptions
    @Option(help: "The club's name.") var club: String
    @Option(help: "Only entries from this day (YYYY-MM-DD) or time (ISO 8601) on.") var since: String?

    func validate() throws {
        if let since, AccessLog.instant(since) == nil { throw ValidationError(tr("--since: '{value}' is neither a day like 2026-03-14 nor a time like 2026-03-14T18:00:00Z", ["value": since])) }
    }

    func run() async throws {
        let from = since.flatMap(AccessLog.instant)
        try await database.with { db in
            let club = try await ClubAdmin.club(db, named: self.club)
            try await AccessLog.print(club: club.id, since: from, database: db) { say($0) }
        }
    }
}

import ArgumentParser
import ClubStorage
import Foundation
import Localization

/// `sideline-club settings`: the club's retention rule, shown or set (every kiosk pulls it at its next sync).
struct SettingsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Show the club's retention rule, or set it with --retention-months N (0: keep sessions for good).")

    @OptionGroup var database: DatabaseOptions
    @Option(help: "The club's name.") var club: String
    @Option(name: .customLong("retention-months"), help: "Keep sessions for N months (1-600), then delete them; 0 keeps them for good.")
    var retentionMonths: Int?

    func run() async throws {
        let (rule, changed) = try await database.with { db in
            let club = try await ClubAdmin.club(db, named: self.club)
            var changed = false
            if let retentionMonths {
                changed = try await ClubSettings.setRetention(months: retentionMonths, club: club.id, database: db,
                                                              loggedAs: .command("settings", club: club.id))
            }
            return (try await ClubSettings.retentionRule(club: club.id, database: db), changed)
        }
        let shown = ["club": club, "rule": rule]
        say(retentionMonths == nil ? tr("club '{club}': {rule}", shown)
            : changed ? tr("club '{club}': {rule} (changed: the kiosks get it at their next sync)", shown) : tr("club '{club}': {rule} (unchanged)", shown))
    }
}

/// `sideline-club apply-retention`: the daily job for one club now (or as of another day: a test, a check).
struct ApplyRetentionCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apply-retention",
        abstract: "Apply the club's retention now: delete sessions older than its months and erase players who have left (serve does it daily).")

    @OptionGroup var database: DatabaseOptions
    @Option(help: "The club's name.") var club: String
    @Option(help: "Apply it as of this day (YYYY-MM-DD) or time (ISO 8601) rather than now; the access log's expiry always uses the database's clock.")
    var today: String?

    func validate() throws {
        if let today, AccessLog.instant(today) == nil { throw ValidationError(tr("--today: '{value}' is neither a day like 2026-03-14 nor a time like 2026-03-14T18:00:00Z", ["value": today])) }
    }

    func run() async throws {
        let now = today.flatMap(AccessLog.instant) ?? Date()
        let report = try await database.with { db in
            try await ClubRetention.apply(club: try await ClubAdmin.club(db, named: self.club).id, now: now, database: db)
        }
        guard report.months > 0 else { return say(tr("club '{club}' keeps sessions for good: nothing deleted", ["club": club])) }
        for session in report.sessionsDeleted { say(tr("deleted session {session}", ["session": session.uuidString.lowercased()])) }
        say(trn("club '{club}', sessions kept {n} month: {sessions} sessions deleted, {players} players erased, {lines} access-log lines expired",
                "club '{club}', sessions kept {n} months: {sessions} sessions deleted, {players} players erased, {lines} access-log lines expired",
                n: report.months, ["club": club, "sessions": "\(report.sessionsDeleted.count)", "players": "\(report.playersErased)",
                                   "lines": "\(report.logLinesExpired)"]))
    }
}

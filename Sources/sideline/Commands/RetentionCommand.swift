import ArgumentParser
import ClubSync
import Foundation
import Localization
import Store
import TeamCore

/// `sideline retention`: the kiosk's daily job (its systemd timer), or a check as of another day.
struct RetentionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "retention",
        abstract: "Apply the club's \"keep sessions for N months\" now: delete older sessions and, outside a club, erase players who left.",
        discussion: """
            The rule is `sideline settings --retention-months N` (0: keep for good), shared with the club. Sessions that started \
            more than N months ago are deleted (the club is told at the next sync). Players with no team and no session left are \
            erased as `sideline erase-player` does — by the club instead when the kiosk is in one (it knows every kiosk's sessions).
            """)
    @OptionGroup var database: DatabaseOptions
    @Option(help: "Apply it as of this day (YYYY-MM-DD, local) rather than now.") var today: String?

    func validate() throws {
        if let today, CalendarDay(iso: today) == nil { throw ValidationError(tr("--today: '{day}' is not a day like 2026-03-14", ["day": today])) }
    }

    func run() throws {
        let store = try database.open()
        let rule = store.kioskSettings().retention
        guard !rule.keepsEverything else { return print(tr("sessions are kept for good: nothing deleted")) }
        var now = Date()
        if let day = today.flatMap(CalendarDay.init(iso:)) {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = .current
            let (y, m, d) = day.components
            now = calendar.date(from: DateComponents(year: y, month: m, day: d)) ?? now
        }
        let inClub: Bool
        do { inClub = try ClubLink.load(forDatabase: store.path) != nil } catch { throw UserError("\(error)") }
        let outcome = try store.applyRetention(rule, now: now, erasingPlayersWhoLeft: !inClub,
                                               by: "sideline retention (\(rule.months) months)")
        let counts = ["sessions": "\(outcome.sessionsDeleted)", "players": "\(outcome.playersErased)"]
        print(inClub ? trn("sessions kept {n} month: {sessions} sessions deleted, players who left are erased by the club",
                           "sessions kept {n} months: {sessions} sessions deleted, players who left are erased by the club", n: rule.months, counts)
                     : trn("sessions kept {n} month: {sessions} sessions deleted, {players} players erased",
                           "sessions kept {n} months: {sessions} sessions deleted, {players} players erased", n: rule.months, counts))
    }
}

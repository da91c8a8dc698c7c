import Foundation
import GRDB
import TeamCore

extension SidelineStore {
    /// The flag keys dismissed for `day` in the team's list.
    public func dismissedFlags(teamID: Int64, on day: CalendarDay) throws -> Set<String> {
        try read { db in
            Set(try String.fetchAll(db, sql: "SELECT flag_key FROM flag_dismissal WHERE team_id = ? AND day = ?",
                                    arguments: [teamID, day.description]))
        }
    }

    /// Dismisses a flag of the team's list for `day` (a second dismissal keeps the first's time).
    /// The caller checks that the key names a flag of that day's list.
    public func dismissFlag(teamID: Int64, key: String, on day: CalendarDay, at now: Date = Date()) throws {
        try write { db in
            try db.execute(sql: "INSERT OR IGNORE INTO flag_dismissal(team_id, day, flag_key, dismissed_ms) VALUES (?, ?, ?, ?)",
                           arguments: [teamID, day.description, key, now.unixMs])
        }
    }
}

import Foundation
import GRDB
import Localization
import TeamCore

extension SidelineStore {
    /// A team's drill library, in the order the drills were added.
    public func drills(teamID: Int64) throws -> [Drill] {
        try read { db in try Self.drills(teamID: teamID, db) }
    }

    static func drills(teamID: Int64, _ db: Database) throws -> [Drill] {
        try Row.fetchAll(db, sql: "SELECT id, team_id, name, planned_minutes FROM drill WHERE team_id = ? ORDER BY id", arguments: [teamID])
            .map { Drill(id: $0[0], teamID: $0[1], name: $0[2], plannedMinutes: $0[3]) }
    }

    /// Adds a drill to a team's library; a name the team has already (whatever its case) or a bad one is
    /// refused with one line and nothing changed.
    @discardableResult
    public func addDrill(teamID: Int64, name: String, plannedMinutes: Int? = nil) throws -> Drill {
        if let problem = Drill.nameProblem(name) { throw StoreError.invalid(Message("a drill name \(problem); nothing was changed")) }
        if let minutes = plannedMinutes, !Drill.plannedMinutesRange.contains(minutes) {
            throw StoreError.invalid(Message("planned minutes must be between \(Drill.plannedMinutesRange.lowerBound) and \(Drill.plannedMinutesRange.upperBound) (not \(minutes)); nothing was changed"))
        }
        let trimmed = Drill.trimmed(name)
        return try write { db in
            guard try Int64.fetchOne(db, sql: "SELECT 1 FROM team WHERE id = ?", arguments: [teamID]) != nil else {
                throw StoreError.invalid(Message("no team with id \(teamID)"))
            }
            if let other = try String.fetchOne(db, sql: "SELECT name FROM drill WHERE team_id = ? AND name = ? COLLATE NOCASE",
                                               arguments: [teamID, trimmed]) {
                throw StoreError.duplicate(Message("the team has a drill named '\(other)' already; nothing was changed"))
            }
            try db.execute(sql: "INSERT INTO drill(team_id, name, planned_minutes) VALUES (?, ?, ?)", arguments: [teamID, trimmed, plannedMinutes])
            return Drill(id: db.lastInsertedRowID, teamID: teamID, name: trimmed, plannedMinutes: plannedMinutes)
        }
    }

    /// The drills a session ran, in time order, under the names they had then.
    public func sessionDrills(_ sessionID: Int64) throws -> [DrillStart] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT name, start_ms, end_ms FROM session_drill WHERE session_id = ? ORDER BY start_ms",
                             arguments: [sessionID])
                .map { DrillStart(name: $0[0], startMs: $0[1], endMs: $0[2]) }
        }
    }

    /// Records the drills a finished session ran (what `sideline record --drill` gives), in one transaction:
    /// checked against the session's effort (`DrillStart.problem`) and against each other, named as the team's
    /// library spells them; a name the library lacks is added to it. A session that has drills keeps them:
    /// refused, nothing changed. Returns the drills as kept and the names added to the library.
    @discardableResult
    public func recordDrills(_ sessionID: Int64, _ drills: [DrillStart]) throws -> (kept: [DrillStart], added: [String]) {
        try write { db in
            guard let session = try Session.fetchOne(db, key: sessionID) else { throw StoreError.unknownSession(sessionID) }
            guard session.state == .ended || session.state == .interrupted else {
                throw StoreError.invalid(Message("session \(sessionID) is still recording; drills are recorded once it has ended"))
            }
            if try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM session_drill WHERE session_id = ?", arguments: [sessionID]) ?? 0 > 0 {
                throw StoreError.invalid(Message("session \(sessionID) has its drills already; nothing was changed"))
            }
            let effortMs = session.recordedMs.map { session.effortEndMs(recordedMs: $0) }
            if let problem = DrillStart.problem(drills, effortMs: effortMs) { throw StoreError.invalid(Message("\(problem); nothing was changed")) }
            var library = try Self.drills(teamID: session.teamID, db)
            var kept: [DrillStart] = [], added: [String] = []
            for drill in drills.sorted(by: { $0.startMs < $1.startMs }) {
                let trimmed = Drill.trimmed(drill.name)
                var name = library.first { $0.name.caseInsensitiveCompare(trimmed) == .orderedSame }?.name
                if name == nil {
                    try db.execute(sql: "INSERT INTO drill(team_id, name) VALUES (?, ?)", arguments: [session.teamID, trimmed])
                    library.append(Drill(id: db.lastInsertedRowID, teamID: session.teamID, name: trimmed))
                    added.append(trimmed)
                    name = trimmed
                }
                let start = DrillStart(name: name ?? trimmed, startMs: drill.startMs, endMs: drill.endMs)
                try db.execute(sql: "INSERT INTO session_drill(session_id, start_ms, end_ms, name) VALUES (?, ?, ?, ?)",
                               arguments: [sessionID, start.startMs, start.endMs, start.name])
                kept.append(start)
            }
            return (kept, added)
        }
    }

    /// A drill started in a session being recorded (the kiosk's live screen): after the drills before it, within the
    /// session; the one before it ends here unless it ended already. Refused in one line, nothing changed.
    public func startDrill(_ sessionID: Int64, _ drill: DrillStart) throws {
        if let problem = Drill.nameProblem(drill.name) { throw StoreError.invalid(Message("a drill name \(problem)")) }
        try write { db in
            guard let session = try Session.fetchOne(db, key: sessionID) else { throw StoreError.unknownSession(sessionID) }
            guard session.state == .running || session.state == .paused, session.effortEndMs == nil else {
                throw StoreError.invalid(Message(N_("session {id} is over: a drill starts while it runs"), ["id": "\(sessionID)"]))
            }
            let last = try Int64.fetchOne(db, sql: "SELECT MAX(start_ms) FROM session_drill WHERE session_id = ?", arguments: [sessionID])
            guard drill.startMs >= 0, drill.startMs > (last ?? -1) else {
                throw StoreError.invalid(Message(N_("drill '{drill}' would start before the drill under way"), ["drill": drill.name]))
            }
            try db.execute(sql: "INSERT INTO session_drill(session_id, start_ms, end_ms, name) VALUES (?, ?, NULL, ?)",
                           arguments: [sessionID, drill.startMs, Drill.trimmed(drill.name)])
        }
    }

    /// The team's finished sessions that ran a drill of this name (whatever its case), oldest first.
    public func sessionIDs(teamID: Int64, withDrill name: String) throws -> [Int64] {
        try read { db in
            try Int64.fetchAll(db, sql: """
                SELECT DISTINCT s.id FROM session s JOIN session_drill d ON d.session_id = s.id
                WHERE s.team_id = ? AND d.name = ? COLLATE NOCASE AND s.state IN ('ended', 'interrupted')
                ORDER BY s.started_ms, s.id
                """, arguments: [teamID, Drill.trimmed(name)])
        }
    }
}

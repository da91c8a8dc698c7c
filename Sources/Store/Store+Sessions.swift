import Foundation
import GRDB
import TeamCore

/// A session as the sessions list shows it.
public struct SessionOverview: Sendable, Equatable, FetchableRecord {
    public var session: Session
    public var teamName: String
    public var playerCount: Int
    public var sampleCount: Int

    /// A `session` row with the team's name and the counts `sessions(teamID:tag:)` selects beside it.
    public init(row: Row) throws {
        session = try Session(row: row)
        teamName = row["team_name"]
        playerCount = row["players"]
        sampleCount = row["samples"]
    }

    /// The effort's length, without the recovery minute recorded after it; nil while an
    /// open-ended session runs.
    public var effortMs: Int64? { session.recordedMs.map { session.effortEndMs(recordedMs: $0) } }
}

/// A participant as a session starts: who, with which strap (the session's override or the team default).
public struct Participant: Sendable, Equatable {
    public var playerID: Int64
    public var strapID: Int64?
    public init(playerID: Int64, strapID: Int64?) {
        self.playerID = playerID
        self.strapID = strapID
    }
}

extension SidelineStore {
    /// Starts a session: the session row plus every participant's strap and physiology that day.
    /// Its tags become the team's last choice, which the lobby offers next time — except a readiness
    /// check's: the next training is not a readiness check.
    public func startSession(teamID: Int64, participants: [Participant], plannedDurationMs: Int64?,
                             zoneModel: ZoneModel = .percentOfMax, formula: MaxHeartRateFormula = .tanaka,
                             tags: [String] = [], at start: Date = Date()) throws -> Session {
        let year = Calendar(identifier: .gregorian).component(.year, from: start)
        return try write { db in
            let storedTags = SessionTagsColumn.encode(tags)
            try db.execute(sql: """
                INSERT INTO session(team_id, planned_ms, started_ms, state, zone_model, tags)
                VALUES (?, ?, ?, 'running', ?, ?)
                """, arguments: [teamID, plannedDurationMs, start.unixMs, zoneModel.rawValue, storedTags])
            let id = db.lastInsertedRowID
            if !SessionTags(stored: tags).isMeasurement {
                try db.execute(sql: "UPDATE team SET last_tags = ? WHERE id = ?", arguments: [storedTags, teamID])
            }
            for p in participants {
                guard let row = try Row.fetchOne(db, sql: """
                    SELECT player.*, membership.shirt_number FROM player
                    LEFT JOIN membership ON membership.player_id = player.id AND membership.team_id = ?
                    WHERE player.id = ?
                    """, arguments: [teamID, p.playerID]) else { throw StoreError.unknownPlayer(p.playerID) }
                try SessionPlayer(sessionID: id, playerID: p.playerID, strapID: p.strapID, shirtNumber: row["shirt_number"] ?? 0,
                                  physiology: Physiology(player: try Player(row: row), year: year, formula: formula)).insert(db)
            }
            return Session(id: id, teamID: teamID, plannedDurationMs: plannedDurationMs, startedAt: Date(unixMs: start.unixMs),
                           state: .running, tags: tags, zoneModel: zoneModel,
                           uuid: UUIDColumn.decode(try String.fetchOne(db, sql: "SELECT uuid FROM session WHERE id = ?", arguments: [id])))
        }
    }

    /// The participants of a session, with strap and physiology snapshot.
    public func sessionPlayers(_ sessionID: Int64) throws -> [SessionPlayer] {
        try read { db in
            try SessionPlayer.filter(Column("session_id") == sessionID).order(Column("shirt_number")).fetchAll(db)
        }
    }

    public func setSessionState(_ sessionID: Int64, _ state: Session.State) throws {
        try write { db in
            try db.execute(sql: "UPDATE session SET state = ? WHERE id = ?", arguments: [state.rawValue, sessionID])
        }
    }

    /// Records when the session's effort ended (ms since its start); the recording may go on
    /// (the recovery minute). Written at once, so a session cut short later keeps it.
    public func setEffortEnd(_ sessionID: Int64, tMs: Int64) throws {
        try write { db in
            try db.execute(sql: "UPDATE session SET effort_end_ms = ? WHERE id = ?", arguments: [tMs, sessionID])
            guard db.changesCount == 1 else { throw StoreError.unknownSession(sessionID) }
        }
    }

    /// Ends a session and keeps it, with what its record takes from rows that change later (`SessionSnapshot`).
    public func endSession(_ sessionID: Int64, at end: Date = Date()) throws {
        try write { db in
            try db.execute(sql: "UPDATE session SET state = 'ended', ended_ms = ? WHERE id = ?", arguments: [end.unixMs, sessionID])
            try Self.takeSessionSnapshots(db)
        }
    }

    /// Deletes a session and everything recorded in it — samples, RR intervals, strap events,
    /// laps, participants, its challenge and cached analyses — in one transaction: all of it or, on failure,
    /// none. A session that does not exist is `StoreError.unknownSession`.
    public func deleteSession(_ sessionID: Int64) throws {
        try write { db in
            try Self.deleteSessions(sql: "id = ?", [sessionID], db)
            guard db.changesCount == 1 else { throw StoreError.unknownSession(sessionID) }
        }
    }

    /// Deletes the sessions `WHERE <condition>` picks with every row that belongs to them; the
    /// session rows go last, so `changesCount` afterwards counts sessions. The hot tables have no
    /// foreign keys (ingest speed) and are cleaned up here, by hand.
    public static func deleteSessions(sql condition: String, _ arguments: StatementArguments, _ db: Database) throws {
        for table in ["sample_minute", "rr_minute", "strap_event", "lap", "session_drill", "nn_cache", "session_summary", "session_season", "session_load", "session_rating", "session_challenge_player",
                      "session_challenge", "session_strap", "session_snapshot", "session_player"] {
            try db.execute(sql: "DELETE FROM \(table) WHERE session_id IN (SELECT id FROM session WHERE \(condition))",
                           arguments: arguments)
        }
        try db.execute(sql: "DELETE FROM session WHERE \(condition)", arguments: arguments)
    }

    public func addLap(_ lap: Lap) throws {
        try write { try lap.insert($0) }
    }

    public func laps(_ sessionID: Int64) throws -> [Lap] {
        try read { db in
            try Lap.filter(Column("session_id") == sessionID).order(Column("t_ms")).fetchAll(db)
        }
    }

    public func markReviewed(_ sessionID: Int64) throws {
        try write { try $0.execute(sql: "UPDATE session SET reviewed = 1 WHERE id = ?", arguments: [sessionID]) }
    }

    /// Sessions left running or paused by a process that died become interrupted;
    /// they end at their last committed second.
    @discardableResult
    public func markInterruptedSessions() throws -> Int {
        try write { db in
            try db.execute(sql: """
                UPDATE session SET state = 'interrupted', ended_ms = started_ms + committed_t_ms
                WHERE state IN ('running', 'paused')
                """)
            let interrupted = db.changesCount
            try Self.takeSessionSnapshots(db)
            return interrupted
        }
    }

    public func session(_ id: Int64) throws -> Session {
        guard let session = try read({ try Session.fetchOne($0, key: id) }) else { throw StoreError.unknownSession(id) }
        return session
    }

    /// A team's sessions that started before `date`, newest first: the rows alone, without the
    /// sessions list's counts (a look for the last comparable one reads a few).
    public func sessions(teamID: Int64, startedBefore date: Date) throws -> [Session] {
        try read { db in
            try Session.filter(Column("team_id") == teamID && Column("started_ms") < date.unixMs)
                .order(Column("started_ms").desc, Column("id").desc).fetchAll(db)
        }
    }

    /// Sessions newest first, optionally of one team and with one tag (as stored, e.g. "match").
    public func sessions(teamID: Int64? = nil, tag: String? = nil) throws -> [SessionOverview] {
        try read { db in
            try SessionOverview.fetchAll(db, sql: """
                SELECT session.*, team.name AS team_name,
                    (SELECT COUNT(*) FROM session_player sp WHERE sp.session_id = session.id) AS players,
                    (SELECT coalesce(sum(length(readings)), 0) / \(SampleMinuteCodec.readingBytes) FROM sample_minute WHERE sample_minute.session_id = session.id) AS samples
                FROM session JOIN team ON team.id = session.team_id
                WHERE (?1 IS NULL OR session.team_id = ?1)
                    AND (?2 IS NULL OR instr(',' || session.tags || ',', ',' || ?2 || ',') > 0)
                ORDER BY session.started_ms DESC, session.id DESC
                """, arguments: [teamID, tag])
        }
    }
}

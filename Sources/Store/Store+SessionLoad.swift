import Foundation
import GRDB
import GRDBSQLite
import TeamCore

/// What the season keeps of one player's session (`session_load`), computed once from the
/// session's analysis: its cardio load and time in zones, its HRR60, and for a readiness check
/// the check's lnRMSSD, resting heart rate and share of beats corrected, for a fitness test its HRex. Plain numbers, so the
/// store stays free of the analysis.
public struct SessionLoadRecord: Sendable, Equatable {
    public var sessionID: Int64
    public var playerID: Int64
    /// Banister TRIMP over the effort; 0 without a heart rate.
    public var cardioLoad: Double
    /// Milliseconds in rest, zone 1 … zone 5 under the session's zone model.
    public var zoneMs: [Int64]
    public var recoveryBPM: Double?
    public var lnRMSSD: Double?
    public var restingBPM: Double?
    /// 0…1.
    public var correctedShare: Double?
    /// A fitness test's HRex, % HRmax (v29).
    public var hrex: Double?

    public init(sessionID: Int64, playerID: Int64, cardioLoad: Double, zoneMs: [Int64], recoveryBPM: Double? = nil,
                lnRMSSD: Double? = nil, restingBPM: Double? = nil, correctedShare: Double? = nil, hrex: Double? = nil) {
        self.sessionID = sessionID
        self.playerID = playerID
        self.cardioLoad = cardioLoad
        self.zoneMs = zoneMs
        self.recoveryBPM = recoveryBPM
        self.lnRMSSD = lnRMSSD
        self.restingBPM = restingBPM
        self.correctedShare = correctedShare
        self.hrex = hrex
    }
}

/// A player's part in a finished session, as a season reads it: which session, and what is kept
/// of it (nil: not computed yet, or computed before more rows were committed).
public struct SeasonSessionEntry: Sendable, Equatable {
    public var sessionID: Int64
    public var playerID: Int64
    public var teamID: Int64
    public var teamName: String
    public var startedAt: Date
    public var tags: [String]
    public var kept: SessionLoadRecord?
    /// The minutes an sRPE rating multiplies (`Session.effortMinutes`).
    public var effortMinutes: Double
    /// The player's session RPE; nil: not rated.
    public var rpe: Int?
    /// What the session planned (a fitness test's run).
    public var plannedMs: Int64? = nil
}

extension SidelineStore {
    /// Every finished session (ended or interrupted, any team) of these players, oldest first, each
    /// with what `session_load` keeps of it for `algorithm` — or nil where that is missing or stale —
    /// read from its packed copy, `session_season`.
    public func seasonEntries(playerIDs: [Int64], algorithm: String) throws -> [SeasonSessionEntry] {
        guard !playerIDs.isEmpty else { return [] }
        let placeholders = Array(repeating: "?", count: playerIDs.count).joined(separator: ",")
        var arguments: StatementArguments = [algorithm]
        arguments += StatementArguments(playerIDs)
        return try read { db in
            // A club has a few teams: their names once, not joined into every one of ~12 000 rows.
            var teamNames: [Int64: String] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT id, name FROM team") { teamNames[row[0]] = row[1] }
            // A session is named by its team as recorded (decision 074): only those of a team renamed since differ.
            var recordedTeamNames: [Int64: String] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT ss.session_id, ss.team_name FROM session_snapshot ss JOIN session s ON s.id = ss.session_id
                JOIN team t ON t.id = s.team_id WHERE ss.team_name <> t.name
                """) { recordedTeamNames[row[0]] = row[1] }
            // The finished sessions in start order through `session_by_start` (v23), each one's own
            // columns read once here, not with every one of its players below.
            let sessionStatement = try db.cachedStatement(sql: """
                SELECT s.id, s.team_id, s.started_ms, s.tags, s.planned_ms, s.ended_ms, s.effort_end_ms, s.committed_t_ms, ss.players
                FROM session s INDEXED BY session_by_start
                LEFT JOIN session_season ss ON ss.session_id = s.id AND ss.algorithm = ?
                WHERE s.state IN ('ended', 'interrupted') ORDER BY s.started_ms, s.id
                """)
            try sessionStatement.setArguments([algorithm])
            var sessions: [SeasonSession] = []
            try sessionStatement.eachRow(db) { s in
                let id = sqlite3_column_int64(s, 0), teamID = sqlite3_column_int64(s, 1), startedMs = sqlite3_column_int64(s, 2)
                let plannedMs = Self.int(s, 4), endedMs = Self.int(s, 5)
                let effortMinutes = endedMs.map {
                    Session.effortMinutes(startedMs: startedMs, endedMs: $0, plannedMs: plannedMs, effortEndMs: Self.int(s, 6))
                } ?? 0
                // The blob is copied out now: SQLite's pointer lasts only until the next step.
                let packed = sqlite3_column_blob(s, 8).map {
                    Array(UnsafeRawBufferPointer(start: $0, count: Int(sqlite3_column_bytes(s, 8))))
                } ?? []
                sessions.append(SeasonSession(id: id, teamID: teamID, teamName: recordedTeamNames[id] ?? teamNames[teamID] ?? "",
                                              startedAt: Date(unixMs: startedMs),
                                              tags: SessionTagsColumn.decode(sqlite3_column_text(s, 3).map { String(cString: $0) } ?? ""),
                                              effortMinutes: effortMinutes, plannedMs: plannedMs,
                                              figures: SessionSeasonPacking(packed: packed, committedTMs: sqlite3_column_int64(s, 7))))
            }
            // The same sessions in the same order, each one's players: its rows of `session_player`
            // walked from one seek, the roster's players kept by a test of each (`+`: not a seek a
            // player), their ratings found by key; their figures are in their session's packed row.
            let statement = try db.cachedStatement(sql: """
                SELECT sp.session_id, sp.player_id, r.rpe
                FROM session s INDEXED BY session_by_start
                CROSS JOIN session_player sp ON sp.session_id = s.id
                LEFT JOIN session_rating r ON r.session_id = sp.session_id AND r.player_id = sp.player_id
                WHERE +sp.player_id IN (\(placeholders)) AND s.state IN ('ended', 'interrupted')
                ORDER BY s.started_ms, s.id
                """)
            try statement.setArguments(StatementArguments(playerIDs))
            var out: [SeasonSessionEntry] = []
            var next = 0 // the place in `sessions` of the row's session: both walk the same order
            try statement.eachRow(db) { s in
                let sessionID = sqlite3_column_int64(s, 0), playerID = sqlite3_column_int64(s, 1)
                while next < sessions.count, sessions[next].id != sessionID { next += 1 }
                guard next < sessions.count else {
                    throw DatabaseError(resultCode: .SQLITE_INTERNAL, message: "season: session \(sessionID) out of start order")
                }
                let session = sessions[next]
                out.append(SeasonSessionEntry(sessionID: sessionID, playerID: playerID, teamID: session.teamID, teamName: session.teamName,
                                              startedAt: session.startedAt, tags: session.tags,
                                              kept: sessions[next].figures.record(sessionID: sessionID, playerID: playerID),
                                              effortMinutes: session.effortMinutes, rpe: Self.int(s, 2).map { Int($0) },
                                              plannedMs: session.plannedMs))
            }
            return out
        }
    }

    /// A finished session as the season reads it, once for all its players.
    private struct SeasonSession {
        var id: Int64
        var teamID: Int64
        var teamName: String
        var startedAt: Date
        var tags: [String]
        var effortMinutes: Double
        var plannedMs: Int64?
        /// Its players' kept figures (`session_season`), read as its rows come.
        var figures: SessionSeasonPacking
    }

    private static func int(_ s: OpaquePointer, _ i: Int32) -> Int64? {
        sqlite3_column_type(s, i) == SQLITE_NULL ? nil : sqlite3_column_int64(s, i)
    }

    private static func real(_ s: OpaquePointer, _ i: Int32) -> Double? {
        sqlite3_column_type(s, i) == SQLITE_NULL ? nil : sqlite3_column_double(s, i)
    }

    /// Keeps what the season reads of a session's players, in one transaction, marked with the
    /// session's `committed_t_ms` (rows committed later make it stale); nothing when the session is gone.
    /// Its packed copy for the season (`session_season`) is written again in the same transaction.
    public func keepSessionLoads(_ sessionID: Int64, algorithm: String, _ records: [SessionLoadRecord]) throws {
        try write { db in
            for r in records where r.sessionID == sessionID {
                try db.execute(sql: """
                    INSERT OR REPLACE INTO session_load(session_id, player_id, algorithm, committed_t_ms, cardio_load,
                        z0_ms, z1_ms, z2_ms, z3_ms, z4_ms, z5_ms, recovery_bpm, ln_rmssd, resting_bpm, corrected_share, hrex)
                    SELECT id, ?, ?, committed_t_ms, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? FROM session WHERE id = ?
                    """, arguments: [r.playerID, algorithm, r.cardioLoad] + StatementArguments(Self.sixZones(r.zoneMs))
                        + [r.recoveryBPM, r.lnRMSSD, r.restingBPM, r.correctedShare, r.hrex, sessionID])
            }
            try Self.packSessionSeason(sessionID, db)
        }
    }

    /// Rest and zones 1–5, whatever length was handed in.
    private static func sixZones(_ ms: [Int64]) -> [Int64] {
        (0..<6).map { $0 < ms.count ? ms[$0] : 0 }
    }
}

import GRDB

extension SidelineStore {
    /// Cached team averages (bpm; nil: nobody had a heart rate) of sessions, for one algorithm
    /// version; entries computed before more rows were committed are left out, so a missing key
    /// means "compute it".
    public func cachedAverageBPM(algorithm: String, teamID: Int64? = nil) throws -> [Int64: Double?] {
        try read { db in
            var out: [Int64: Double?] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT s.session_id, s.average_bpm FROM session_summary s JOIN session ON session.id = s.session_id
                WHERE s.algorithm = ? AND s.committed_t_ms = session.committed_t_ms AND (?2 IS NULL OR session.team_id = ?2)
                """, arguments: [algorithm, teamID]) {
                out[row["session_id"]] = .some(row["average_bpm"])
            }
            return out
        }
    }

    /// Keeps a session's team average for the sessions list; nothing when the session is gone.
    public func cacheAverageBPM(_ sessionID: Int64, algorithm: String, _ averageBPM: Double?) throws {
        try write { db in
            try db.execute(sql: """
                INSERT OR REPLACE INTO session_summary(session_id, algorithm, committed_t_ms, average_bpm)
                SELECT id, ?, committed_t_ms, ? FROM session WHERE id = ?
                """, arguments: [algorithm, averageBPM, sessionID])
        }
    }
}

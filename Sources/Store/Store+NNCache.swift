import Foundation
import GRDB

extension SidelineStore {
    /// Cached artefact-corrected NN series of a session by player, for one algorithm
    /// version; entries computed before more rows were committed are left out.
    public func cachedNNSeries(_ sessionID: Int64, algorithm: String) throws -> [Int64: Data] {
        try read { db in
            var out: [Int64: Data] = [:]
            let rows = try Row.fetchCursor(db, sql: """
                SELECT nn_cache.player_id, nn_cache.series FROM nn_cache JOIN session ON session.id = nn_cache.session_id
                WHERE nn_cache.session_id = ? AND nn_cache.algorithm = ? AND nn_cache.committed_t_ms = session.committed_t_ms
                """, arguments: [sessionID, algorithm])
            while let row = try rows.next() { out[row[0]] = row[1] }
            return out
        }
    }

    /// Keeps NN series of a session (player → bytes) for later reviews, in one transaction.
    public func cacheNNSeries(_ sessionID: Int64, algorithm: String, _ series: [Int64: Data]) throws {
        try write { db in
            for (player, data) in series {
                try db.execute(sql: """
                    INSERT OR REPLACE INTO nn_cache(session_id, player_id, algorithm, committed_t_ms, series)
                    SELECT ?, ?, ?, committed_t_ms, ? FROM session WHERE id = ?
                    """, arguments: [sessionID, player, algorithm, data, sessionID])
            }
        }
    }
}

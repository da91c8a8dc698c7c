import Foundation
import GRDB

extension SidelineStore {
    /// Cached artefact-corrected NN series of a session by player, for one algorithm
    /// version; entries computed before more rows were committed are left out.
    public func cachedNNSeries(_ sessionID: Int64, algorithm: String) throws -> [Int64: Data] {
        try cachedNNSeries(sessionID, algorithm: algorithm) { Optional($0) }
    }

    /// The same entries, each made into what `decode` makes of its bytes as it is read (nil leaves the
    /// player out): a session's bytes are never all held at once beside what they decode to (a 3-hour
    /// team session's are ≈ 24 MB; issue 34's memory).
    public func cachedNNSeries<Value>(_ sessionID: Int64, algorithm: String, _ decode: (Data) throws -> Value?) throws -> [Int64: Value] {
        try read { db in
            var out: [Int64: Value] = [:]
            let rows = try Row.fetchCursor(db, sql: """
                SELECT nn_cache.player_id, nn_cache.series FROM nn_cache JOIN session ON session.id = nn_cache.session_id
                WHERE nn_cache.session_id = ? AND nn_cache.algorithm = ? AND nn_cache.committed_t_ms = session.committed_t_ms
                """, arguments: [sessionID, algorithm])
            while let row = try rows.next() {
                if let value = try decode(row[1]) { out[row[0]] = value }
            }
            return out
        }
    }

    /// Keeps NN series of a session (player → bytes) for later reviews, in one transaction.
    public func cacheNNSeries(_ sessionID: Int64, algorithm: String, _ series: [Int64: Data]) throws {
        try cacheNNSeries(sessionID, algorithm: algorithm, entries: series.sorted { $0.key < $1.key }.lazy.map { ($0.key, $0.value) })
    }

    /// The same from a sequence of (player, bytes), in one transaction, each entry made as it is written
    /// and let go after: a lazy sequence that encodes never holds a session's bytes all at once.
    public func cacheNNSeries(_ sessionID: Int64, algorithm: String, entries: some Sequence<(Int64, Data)>) throws {
        try write { db in
            for (player, data) in entries {
                try db.execute(sql: """
                    INSERT OR REPLACE INTO nn_cache(session_id, player_id, algorithm, committed_t_ms, series)
                    SELECT ?, ?, ?, committed_t_ms, ? FROM session WHERE id = ?
                    """, arguments: [sessionID, player, algorithm, data, sessionID])
            }
        }
    }
}

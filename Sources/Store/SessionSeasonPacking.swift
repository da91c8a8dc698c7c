import Foundation
import GRDB

/// One session's `session_load` rows of one algorithm as `session_season` keeps them (v30,
/// decision 088): a blob of one 112-byte record a player, in player id order, each 14 little-endian
/// 8-byte fields — player id, committed_t_ms, cardio load, rest and zones 1–5 in ms, HRR60,
/// lnRMSSD, resting HR, share corrected, HRex. The five optional figures are IEEE doubles with
/// NaN for NULL: SQLite stores a NaN as NULL, so no kept figure is ever a NaN and the two never mix.
struct SessionSeasonPacking {
    static let fields = 14
    static let recordBytes = fields * 8

    /// The packed records (empty: none kept for the season's algorithm).
    var packed: [UInt8]
    /// The session's `committed_t_ms` now: a record kept at another is stale.
    var committedTMs: Int64
    /// Where the next look-up starts: a session's players are asked for in id order.
    private var cursor = 0

    init(packed: [UInt8], committedTMs: Int64) {
        self.packed = packed
        self.committedTMs = committedTMs
    }

    /// The player's kept figures, or nil where none are kept or they are stale.
    mutating func record(sessionID: Int64, playerID: Int64) -> SessionLoadRecord? {
        let count = packed.count / Self.recordBytes
        return packed.withUnsafeBytes { bytes -> SessionLoadRecord? in
            // One look at the bytes for the whole record: not a closure a field.
            func field(_ record: Int, _ index: Int) -> UInt64 {
                UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: record * Self.recordBytes + index * 8, as: UInt64.self))
            }
            if cursor < count, Int64(bitPattern: field(cursor, 0)) > playerID { cursor = 0 } // asked out of order: from the start
            while cursor < count, Int64(bitPattern: field(cursor, 0)) < playerID { cursor += 1 }
            guard cursor < count, Int64(bitPattern: field(cursor, 0)) == playerID,
                  Int64(bitPattern: field(cursor, 1)) == committedTMs else { return nil }
            let at = cursor
            func optional(_ index: Int) -> Double? {
                let value = Double(bitPattern: field(at, index))
                return value.isNaN ? nil : value
            }
            return SessionLoadRecord(sessionID: sessionID, playerID: playerID, cardioLoad: Double(bitPattern: field(at, 2)),
                                     zoneMs: [Int64(bitPattern: field(at, 3)), Int64(bitPattern: field(at, 4)), Int64(bitPattern: field(at, 5)),
                                              Int64(bitPattern: field(at, 6)), Int64(bitPattern: field(at, 7)), Int64(bitPattern: field(at, 8))],
                                     recoveryBPM: optional(9), lnRMSSD: optional(10), restingBPM: optional(11),
                                     correctedShare: optional(12), hrex: optional(13))
        }
    }

    /// Appends one `session_load` row (its columns in the blob's order) to `packed`.
    static func append(_ fields: [UInt64], to packed: inout [UInt8]) {
        for value in fields { withUnsafeBytes(of: value.littleEndian) { packed.append(contentsOf: $0) } }
    }
}

extension SidelineStore {
    /// Writes a session's `session_season` rows again from its `session_load` rows, one a kept
    /// algorithm; none when nothing is kept. Inside the caller's transaction.
    static func packSessionSeason(_ sessionID: Int64, _ db: Database) throws {
        try db.execute(sql: "DELETE FROM session_season WHERE session_id = ?", arguments: [sessionID])
        var packed: [String: [UInt8]] = [:]
        let rows = try Row.fetchCursor(db, sql: """
            SELECT algorithm, player_id, committed_t_ms, cardio_load, z0_ms, z1_ms, z2_ms, z3_ms, z4_ms, z5_ms,
                   recovery_bpm, ln_rmssd, resting_bpm, corrected_share, hrex
            FROM session_load WHERE session_id = ? ORDER BY algorithm, player_id
            """, arguments: [sessionID])
        while let row = try rows.next() {
            func optional(_ index: Int) -> UInt64 { ((row[index] as Double?) ?? .nan).bitPattern }
            var fields = [UInt64(bitPattern: row[1] as Int64), UInt64(bitPattern: row[2] as Int64), (row[3] as Double).bitPattern]
            fields += (4...9).map { UInt64(bitPattern: row[$0] as Int64) }
            fields += (10...14).map(optional)
            SessionSeasonPacking.append(fields, to: &packed[row[0] as String, default: []])
        }
        for (algorithm, players) in packed {
            try db.execute(sql: "INSERT INTO session_season(session_id, algorithm, players) VALUES (?, ?, ?)",
                           arguments: [sessionID, algorithm, Data(players)])
        }
    }
}

import GRDBSQLite
import TeamCore

/// The `beats` of an `rr_minute` row (v32, decision 098): one player's beats that ended within one
/// minute of a session, 4 bytes a beat, little-endian — u16 milliseconds into the minute, u16 RR in
/// 1/1024 s. The recorder appends a second's beats to its minute's row, so a row may hold them out of
/// order (a beat placed back behind one written the second before); they are read back in time order,
/// ties by RR — the order `rr`'s covering index gave them, so every export and bundle stays as it was.
enum RRMinuteCodec {
    static let minuteMs: Int64 = 60_000
    static let beatBytes = 4

    /// The minute a beat ending at `tMs` is kept in (rounded down: a time before the start, which the
    /// recording never keeps since v16, would still land in range).
    static func minute(of tMs: Int64) -> Int64 {
        tMs >= 0 ? tMs / minuteMs : (tMs + 1) / minuteMs - 1
    }

    /// Appends `beat` to the bytes of its minute's row.
    static func append(_ beat: RRInterval, to beats: inout [UInt8]) {
        let offset = UInt16(beat.tMs - minute(of: beat.tMs) * minuteMs)
        beats.append(UInt8(truncatingIfNeeded: offset))
        beats.append(UInt8(truncatingIfNeeded: offset >> 8))
        beats.append(UInt8(truncatingIfNeeded: beat.rr1024))
        beats.append(UInt8(truncatingIfNeeded: beat.rr1024 >> 8))
    }

    /// A recorder's batch of beats (players interleaved, as they arrived) as the rows they join: `row`
    /// is handed each player and minute with its beats' bytes, in time order.
    static func packed(_ beats: [RRInterval], _ row: (_ playerID: Int64, _ minute: Int64, _ bytes: [UInt8]) throws -> Void) rethrows {
        let ordered = beats.sorted { ($0.playerID, $0.tMs, $0.rr1024) < ($1.playerID, $1.tMs, $1.rr1024) }
        var bytes: [UInt8] = []
        var at = 0
        while at < ordered.count {
            let player = ordered[at].playerID, minute = minute(of: ordered[at].tMs)
            bytes.removeAll(keepingCapacity: true)
            while at < ordered.count, ordered[at].playerID == player, Self.minute(of: ordered[at].tMs) == minute {
                append(ordered[at], to: &bytes)
                at += 1
            }
            try row(player, minute, bytes)
        }
    }

    /// Appends the beats of the row a statement selecting `player_id, minute, beats` stands on to
    /// `beats`, in time order; a malformed row appends nothing and is refused in one line.
    static func decodeRow(_ row: OpaquePointer, sessionID: Int64, into beats: inout [RRInterval]) throws {
        let player = sqlite3_column_int64(row, 0), minute = sqlite3_column_int64(row, 1)
        let count = Int(sqlite3_column_bytes(row, 2))
        guard count > 0, let bytes = sqlite3_column_blob(row, 2) else { return }
        try decode(UnsafeRawBufferPointer(start: bytes, count: count), sessionID: sessionID, playerID: player, minute: minute, into: &beats)
    }

    static func decode(_ bytes: UnsafeRawBufferPointer, sessionID: Int64, playerID: Int64, minute: Int64,
                       into beats: inout [RRInterval]) throws {
        let damaged = StoreError.damagedBeats(session: sessionID, player: playerID, minute: minute)
        guard bytes.count % beatBytes == 0 else { throw damaged }
        let start = beats.count, base = minute * minuteMs
        var sorted = true, last = (Int64.min, UInt16.min)
        for at in stride(from: 0, to: bytes.count, by: beatBytes) {
            let offset = UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt16.self))
            let rr = UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: at + 2, as: UInt16.self))
            guard Int64(offset) < minuteMs else {
                beats.removeSubrange(start...)
                throw damaged
            }
            let beat = (base + Int64(offset), rr)
            if beat < last { sorted = false }
            last = beat
            beats.append(RRInterval(playerID: playerID, tMs: beat.0, rr1024: rr))
        }
        if !sorted { beats[start...].sort { ($0.tMs, $0.rr1024) < ($1.tMs, $1.rr1024) } }
    }
}

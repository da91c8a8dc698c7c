import GRDBSQLite
import TeamCore

/// The `readings` and `wide` blobs of a `sample_minute` row (v33, decision 108): one player's heart-rate
/// readings taken within one minute of a session.
///
/// `readings` is 10 bytes a reading, little-endian: u16 milliseconds into the minute, u16 bpm, u16
/// strap id, u16 energy (kJ), u8 contact, u8 flags — bit 0: the reading carried an energy value (a
/// strap sends one every few readings, `energy_kj` NULL otherwise), bit 1: the reading is *wide*.
/// A reading whose bpm, strap, energy or contact does not fit those fields (a strap id past 65 535, a
/// value another program wrote) is wide: its four u16/u8 fields are 0 and its exact values are the next
/// 32 bytes of `wide` (i64 each: bpm, strap id, energy, contact), wide readings in the order of
/// `readings`. So every reading is kept exactly, the strap of each reading (a strap swapped mid-minute
/// changes it) included, and `readings` stays fixed-size: SQL counts a row's readings as
/// `length(readings) / 10`.
///
/// The recorder appends a second's readings to their minute's row, so a row may hold them out of order
/// (a reading stamped behind one written the second before); they are read back in the order the v32
/// covering index `sample_by_player(session_id, player_id, t_ms, bpm, contact, strap_id, energy_kj)`
/// gave — time, then bpm, contact, strap, energy (none first) — so every export and bundle stays as it was.
enum SampleMinuteCodec {
    static let minuteMs: Int64 = 60_000
    static let readingBytes = 10
    static let wideBytes = 32
    static let hasEnergy: UInt8 = 1
    static let isWide: UInt8 = 2

    /// One reading as stored, the contact as the integer the column held.
    struct Reading: Equatable {
        var tMs: Int64
        var bpm: Int64
        var contact: Int64
        var strapID: Int64
        var energyKJ: Int64?

        init(tMs: Int64, bpm: Int64, contact: Int64, strapID: Int64, energyKJ: Int64?) {
            self.tMs = tMs
            self.bpm = bpm
            self.contact = contact
            self.strapID = strapID
            self.energyKJ = energyKJ
        }

        init(_ sample: Sample) {
            self.init(tMs: sample.tMs, bpm: Int64(sample.bpm), contact: Int64(sample.contact.rawValue), strapID: sample.strapID,
                      energyKJ: sample.energyKJ.map(Int64.init))
        }

        /// v32's index order after the player: time, bpm, contact, strap, energy (NULL before any value).
        static func precedes(_ a: Reading, _ b: Reading) -> Bool {
            if a.tMs != b.tMs { return a.tMs < b.tMs }
            if a.bpm != b.bpm { return a.bpm < b.bpm }
            if a.contact != b.contact { return a.contact < b.contact }
            if a.strapID != b.strapID { return a.strapID < b.strapID }
            switch (a.energyKJ, b.energyKJ) {
            case let (x?, y?): return x < y
            case (nil, _?): return true
            default: return false
            }
        }

        func sample(playerID: Int64) -> Sample {
            Sample(playerID: playerID, strapID: strapID, tMs: tMs, bpm: Int(bpm),
                   contact: SensorContact(rawValue: UInt8(clamping: contact)) ?? .notSupported, energyKJ: energyKJ.map { Int($0) })
        }
    }

    /// The minute a reading taken at `tMs` is kept in (rounded down, as `RRMinuteCodec`'s).
    static func minute(of tMs: Int64) -> Int64 {
        tMs >= 0 ? tMs / minuteMs : (tMs + 1) / minuteMs - 1
    }

    /// Appends `reading` to the bytes of its minute's row.
    static func append(_ reading: Reading, readings: inout [UInt8], wide: inout [UInt8]) {
        let u16 = 0...Int64(UInt16.max)
        let fits = u16.contains(reading.bpm) && u16.contains(reading.strapID) && (reading.energyKJ.map(u16.contains) ?? true)
            && (0...Int64(UInt8.max)).contains(reading.contact)
        let offset = UInt64(reading.tMs - minute(of: reading.tMs) * minuteMs)
        let flags = UInt64((reading.energyKJ == nil ? 0 : hasEnergy) | (fits ? 0 : isWide))
        // Bytes 0–7 and 8–9 as two little-endian words: offset, bpm, strap, energy; contact, flags.
        let low = fits ? offset | UInt64(reading.bpm) << 16 | UInt64(reading.strapID) << 32 | UInt64(reading.energyKJ ?? 0) << 48 : offset
        let high = UInt16(fits ? UInt64(reading.contact) | flags << 8 : flags << 8)
        // Both words in one append: the pair's 10 bytes (its size, not its stride of 16) lie in that order, and
        // each append costs ≈ 100 instructions beside its copy (docs/BENCHMARKS.md, the store ingest's split).
        withUnsafeBytes(of: (low.littleEndian, high.littleEndian)) { readings.append(contentsOf: $0) }
        guard !fits else { return }
        for value in [reading.bpm, reading.strapID, reading.energyKJ ?? 0, reading.contact] {
            withUnsafeBytes(of: value.littleEndian) { wide.append(contentsOf: $0) }
        }
    }

    /// A recorder's batch of samples (players interleaved, as they arrived) as the rows they join: `row`
    /// is handed each player and minute with its readings' bytes, in the order they are read back.
    static func packed(_ samples: [Sample], _ row: (_ playerID: Int64, _ minute: Int64, _ readings: [UInt8], _ wide: [UInt8]) throws -> Void) rethrows {
        // The samples' places sorted, not the samples (56 bytes each): player and time decide nearly every
        // comparison; the rest of the order only ties at one millisecond.
        let ordered = samples.withUnsafeBufferPointer { s in
            Array(s.indices).sorted { a, b in
                if s[a].playerID != s[b].playerID { return s[a].playerID < s[b].playerID }
                if s[a].tMs != s[b].tMs { return s[a].tMs < s[b].tMs }
                return Reading.precedes(Reading(s[a]), Reading(s[b]))
            }
        }
        var readings: [UInt8] = [], wide: [UInt8] = []
        var at = 0
        while at < ordered.count {
            let player = samples[ordered[at]].playerID, minute = minute(of: samples[ordered[at]].tMs)
            readings.removeAll(keepingCapacity: true)
            wide.removeAll(keepingCapacity: true)
            while at < ordered.count, samples[ordered[at]].playerID == player, Self.minute(of: samples[ordered[at]].tMs) == minute {
                append(Reading(samples[ordered[at]]), readings: &readings, wide: &wide)
                at += 1
            }
            try row(player, minute, readings, wide)
        }
    }

    /// Hands `body` the readings of the row a statement selecting `player_id, minute, readings, wide` (from
    /// column `first` on) stands on, in v32's index order; a malformed row hands over nothing and is
    /// refused in one line naming its session, player and minute.
    @inline(__always)
    static func decodeRow(_ row: OpaquePointer, first: Int32 = 0, sessionID: Int64, _ body: (Reading) throws -> Void) throws {
        let player = sqlite3_column_int64(row, first), minute = sqlite3_column_int64(row, first + 1)
        // The blobs' pointers first, then their sizes: SQLite's documented order, no conversion in between.
        let readings = sqlite3_column_blob(row, first + 2), readingsCount = Int(sqlite3_column_bytes(row, first + 2))
        let wide = sqlite3_column_blob(row, first + 3), wideCount = Int(sqlite3_column_bytes(row, first + 3))
        try decode(UnsafeRawBufferPointer(start: readingsCount > 0 ? readings : nil, count: readingsCount),
                   wide: UnsafeRawBufferPointer(start: wideCount > 0 ? wide : nil, count: wideCount),
                   sessionID: sessionID, playerID: player, minute: minute, body)
    }

    /// Checks the whole row before handing over any reading: a damaged row is refused whole, never half-read.
    @inline(__always)
    static func decode(_ bytes: UnsafeRawBufferPointer, wide: UnsafeRawBufferPointer, sessionID: Int64, playerID: Int64, minute: Int64,
                       _ body: (Reading) throws -> Void) throws {
        let damaged = StoreError.damagedReadings(session: sessionID, player: playerID, minute: minute)
        guard bytes.count % readingBytes == 0 else { throw damaged }
        let count = bytes.count / readingBytes, base = minute * minuteMs
        // The check: offsets within the minute, no unknown flag, `wide` exactly the wide readings', in order or not.
        var wideReadings = 0, sorted = true, lastOffset = -1
        for k in 0..<count {
            let at = k * readingBytes
            let offset = Int(UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt16.self)))
            let flags = bytes[at + 9]
            guard offset < Int(minuteMs), flags & ~(hasEnergy | isWide) == 0 else { throw damaged }
            if flags & isWide != 0 { wideReadings += 1 }
            // Equal times are ordered by the other fields: rare enough to leave to the sort.
            if offset <= lastOffset { sorted = false }
            lastOffset = offset
        }
        guard wide.count == wideReadings * wideBytes else { throw damaged }
        var nextWide = 0
        func reading(_ k: Int) -> Reading {
            let at = k * readingBytes
            let flags = bytes[at + 9]
            let tMs = base + Int64(UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt16.self)))
            guard flags & isWide == 0 else {
                func wide64(_ i: Int) -> Int64 { Int64(littleEndian: wide.loadUnaligned(fromByteOffset: nextWide + 8 * i, as: Int64.self)) }
                defer { nextWide += wideBytes }
                return Reading(tMs: tMs, bpm: wide64(0), contact: wide64(3), strapID: wide64(1), energyKJ: flags & hasEnergy != 0 ? wide64(2) : nil)
            }
            let word = bytes.loadUnaligned(fromByteOffset: at + 2, as: UInt64.self).littleEndian
            return Reading(tMs: tMs, bpm: Int64(word & 0xFFFF), contact: Int64((word >> 48) & 0xFF), strapID: Int64((word >> 16) & 0xFFFF),
                           energyKJ: flags & hasEnergy != 0 ? Int64((word >> 32) & 0xFFFF) : nil)
        }
        if sorted {
            for k in 0..<count { try body(reading(k)) }
        } else {
            var all = (0..<count).map(reading)
            all.sort(by: Reading.precedes)
            for r in all { try body(r) }
        }
    }
}

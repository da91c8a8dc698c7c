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

    /// The reading's 10 bytes as two little-endian words — bytes 0–7: offset, bpm, strap, energy; 8–9: contact,
    /// flags — and whether its values fit them (if not, it is wide: its exact values go to `wide`).
    @inline(__always)
    static func words(_ reading: Reading) -> (low: UInt64, high: UInt16, fits: Bool) {
        let u16 = 0...Int64(UInt16.max)
        let fits = u16.contains(reading.bpm) && u16.contains(reading.strapID) && (reading.energyKJ.map(u16.contains) ?? true)
            && (0...Int64(UInt8.max)).contains(reading.contact)
        let offset = UInt64(reading.tMs - minute(of: reading.tMs) * minuteMs)
        let flags = UInt64((reading.energyKJ == nil ? 0 : hasEnergy) | (fits ? 0 : isWide))
        let low = fits ? offset | UInt64(reading.bpm) << 16 | UInt64(reading.strapID) << 32 | UInt64(reading.energyKJ ?? 0) << 48 : offset
        let high = UInt16(fits ? UInt64(reading.contact) | flags << 8 : flags << 8)
        return (low, high, fits)
    }

    /// Appends a wide reading's exact values (i64 each: bpm, strap id, energy, contact) to `wide`.
    static func appendWide(_ reading: Reading, to wide: inout [UInt8]) {
        for value in [reading.bpm, reading.strapID, reading.energyKJ ?? 0, reading.contact] {
            withUnsafeBytes(of: value.littleEndian) { wide.append(contentsOf: $0) }
        }
    }

    /// Appends `reading` to the bytes of its minute's row.
    static func append(_ reading: Reading, readings: inout [UInt8], wide: inout [UInt8]) {
        let (low, high, fits) = words(reading)
        withUnsafeBytes(of: low.littleEndian) { readings.append(contentsOf: $0) }
        withUnsafeBytes(of: high.littleEndian) { readings.append(contentsOf: $0) }
        if !fits { appendWide(reading, to: &wide) }
    }

    /// A recorder's batch of samples (players interleaved, as they arrived) as the rows they join: `row`
    /// is handed each player and minute with its readings' bytes, in the order they are read back.
    static func packed(_ samples: [Sample], _ row: (_ playerID: Int64, _ minute: Int64, _ readings: [UInt8], _ wide: [UInt8]) throws -> Void) rethrows {
        let ordered = orderedPlaces(samples)
        var wide: [UInt8] = []
        var at = 0
        while at < ordered.count {
            let player = samples[ordered[at]].playerID, minute = minute(of: samples[ordered[at]].tMs)
            var end = at + 1
            while end < ordered.count, samples[ordered[end]].playerID == player, Self.minute(of: samples[ordered[end]].tMs) == minute { end += 1 }
            wide.removeAll(keepingCapacity: true)
            // The row's bytes written in place at their final size (appending byte runs cost more than the rest).
            let readings = [UInt8](unsafeUninitializedCapacity: (end - at) * readingBytes) { bytes, count in
                let base = UnsafeMutableRawPointer(bytes.baseAddress!)
                for k in at..<end {
                    let reading = Reading(samples[ordered[k]])
                    let (low, high, fits) = words(reading)
                    base.storeBytes(of: low.littleEndian, toByteOffset: (k - at) * readingBytes, as: UInt64.self)
                    base.storeBytes(of: high.littleEndian, toByteOffset: (k - at) * readingBytes + 8, as: UInt16.self)
                    if !fits { appendWide(reading, to: &wide) }
                }
                count = (end - at) * readingBytes
            }
            try row(player, minute, readings, wide)
            at = end
        }
    }

    /// The samples' places in the order their rows are read back: by player, then time, then the rest of v32's
    /// index order — what a stable sort by (player, `Reading.precedes`) gives. A batch holds a few dozen players
    /// and arrives in time order, so the places are grouped by player with a counting pass (stable: each
    /// player's places keep the batch's order) and a player's run is sorted only when it is not in order already.
    static func orderedPlaces(_ samples: [Sample]) -> [Int] {
        guard !samples.isEmpty else { return [] }
        // Each sample's player as a slot; the batch's players in first-seen order.
        var players: [Int64] = [], slots = [Int](repeating: 0, count: samples.count), last = 0
        for (i, sample) in samples.enumerated() {
            if players.isEmpty || players[last] != sample.playerID {
                if let known = players.firstIndex(of: sample.playerID) { last = known } else { players.append(sample.playerID); last = players.count - 1 }
            }
            slots[i] = last
        }
        // Slots ranked by player id; each rank's first place.
        let byID = players.indices.sorted { players[$0] < players[$1] }
        var rank = [Int](repeating: 0, count: players.count)
        for (r, slot) in byID.enumerated() { rank[slot] = r }
        var starts = [Int](repeating: 0, count: players.count + 1)
        for slot in slots { starts[rank[slot] + 1] += 1 }
        for r in 0..<players.count { starts[r + 1] += starts[r] }
        var ordered = [Int](repeating: 0, count: samples.count), next = starts
        for (i, slot) in slots.enumerated() {
            ordered[next[rank[slot]]] = i
            next[rank[slot]] += 1
        }
        // Each player's run: in order already (the usual case), or sorted as the whole batch's stable sort would.
        for r in 0..<players.count where starts[r + 1] - starts[r] > 1 {
            let run = starts[r]..<starts[r + 1]
            let inOrder = run.dropFirst().allSatisfy { k in
                let a = samples[ordered[k - 1]], b = samples[ordered[k]]
                return a.tMs < b.tMs || (a.tMs == b.tMs && !Reading.precedes(Reading(b), Reading(a)))
            }
            if !inOrder {
                ordered[run].sort { a, b in
                    if samples[a].tMs != samples[b].tMs { return samples[a].tMs < samples[b].tMs }
                    return Reading.precedes(Reading(samples[a]), Reading(samples[b]))
                }
            }
        }
        return ordered
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

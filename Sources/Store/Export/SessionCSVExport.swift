import Foundation
import TeamCore

/// CSV exports of a session's raw data: one row per sample, one row per RR interval.
/// For spreadsheets: UTF-8 with a byte-order mark, names guarded against formulas, and
/// each row's clock time (ISO 8601 with the device's UTC offset) beside its session offset.
public enum SessionCSVExport {
    /// Writes `<stem>_samples.csv` and `<stem>_rr.csv` into `directory`; returns their paths.
    public static func write(store: SidelineStore, sessionID: Int64, to directory: String) throws -> [String] {
        let session = try store.session(sessionID)
        let teamName = try store.teamName(id: session.teamID)
        let stem = ExportNaming.sessionStem(team: teamName, startedAt: session.startedAt, sessionID: sessionID)
        let players = try store.sessionPlayers(sessionID)
        let numbers = Dictionary(uniqueKeysWithValues: players.map { ($0.playerID, $0.shirtNumber) })
        var names: [Int64: String] = [:]
        for p in players { names[p.playerID] = try store.player(id: p.playerID)?.fullName ?? "player \(p.playerID)" }
        let straps = try store.strapAddresses()

        // Rows are read and written through SQLite's C API and a byte buffer: a
        // 2-hour team session has ~200 k samples and ~650 k RR intervals.
        var samples = CSVBytes(capacity: 1 << 20)
        samples.append(CSVRecords.byteOrderMark + "session,player,shirt_number,strap,t_ms,time,bpm,contact,energy_kj,tags\n")
        var rr = CSVBytes(capacity: 1 << 20)
        rr.append(CSVRecords.byteOrderMark + "session,player,shirt_number,t_ms,time,rr_1024,rr_ms,tags\n")
        // The session's context tags on every row, so rows of several sessions pasted together stay apart.
        let tagCell = Array(("," + CSVRecords.textCell(session.tags.joined(separator: " "))).utf8)
        let clock = SessionClockTime(startedAt: session.startedAt, endedAt: session.endedAt)
        var sampleTimes = ISOTime.Writer(), beatTimes = ISOTime.Writer()
        var prefixes: [Int64: [UInt8]] = [:]
        func prefix(_ player: Int64) -> [UInt8] {
            if let known = prefixes[player] { return known }
            let made = Array("\(sessionID),\(CSVRecords.textCell(names[player] ?? "")),\(numbers[player] ?? 0),".utf8)
            prefixes[player] = made
            return made
        }
        let strapText = straps.mapValues { Array($0.utf8) }
        let contactText = [SensorContact.notSupported, .notDetected, .detected].map { Array(contactName($0).utf8) }
        try store.stepRows(sql: "SELECT player_id, strap_id, t_ms, bpm, contact, energy_kj FROM sample WHERE session_id = ? ORDER BY player_id, t_ms",
                           sessionID) { row in
            samples.append(prefix(row.int64(0)))
            samples.append(strapText[row.int64(1)] ?? [])
            samples.comma(); samples.append(row.int64(2))
            samples.comma(); clock.append(offsetMs: row.int64(2), to: &samples, with: &sampleTimes)
            samples.comma(); samples.append(row.int64(3))
            samples.comma(); samples.append(contactText[Int(SensorContact(rawValue: UInt8(clamping: row.int64(4)))?.rawValue ?? 0)])
            samples.comma(); if !row.isNull(5) { samples.append(row.int64(5)) }
            samples.append(tagCell)
            samples.newline()
        }
        try store.stepRows(sql: "SELECT player_id, t_ms, rr_1024 FROM rr WHERE session_id = ? ORDER BY player_id, t_ms", sessionID) { row in
            rr.append(prefix(row.int64(0)))
            rr.append(row.int64(1))
            rr.comma(); clock.append(offsetMs: row.int64(1), to: &rr, with: &beatTimes)
            let r1024 = UInt16(clamping: row.int64(2))
            rr.comma(); rr.append(Int64(r1024))
            rr.comma(); rr.appendMilliseconds(rr1024: r1024)
            rr.append(tagCell)
            rr.newline()
        }
        let samplesPath = (directory as NSString).appendingPathComponent("\(stem)_samples.csv")
        let rrPath = (directory as NSString).appendingPathComponent("\(stem)_rr.csv")
        try ExportFile.write(Data(samples.bytes), to: samplesPath)
        try ExportFile.write(Data(rr.bytes), to: rrPath)
        return [samplesPath, rrPath]
    }

    static func contactName(_ contact: SensorContact) -> String {
        switch contact {
        case .notSupported: return "unsupported"
        case .notDetected: return "no"
        case .detected: return "yes"
        }
    }
}

/// The clock time of an offset into a session, in the device's time zone with its offset.
struct SessionClockTime {
    let startMs: Int64
    /// The zone's offset, when it is the same at the start and the end (no daylight-saving switch between).
    let fixedOffset: Int?

    init(startedAt: Date, endedAt: Date?) {
        startMs = startedAt.unixMs
        let zone = TimeZone.current, atStart = zone.secondsFromGMT(for: startedAt)
        fixedOffset = atStart == zone.secondsFromGMT(for: endedAt ?? startedAt.addingTimeInterval(86_400)) ? atStart : nil
    }

    func append(offsetMs: Int64, to out: inout CSVBytes, with writer: inout ISOTime.Writer) {
        let unixMs = startMs + offsetMs
        let offset = fixedOffset ?? TimeZone.current.secondsFromGMT(for: Date(unixMs: unixMs))
        out.appendTime(unixMs: unixMs, offsetSeconds: offset, with: &writer)
    }
}

/// Writes export files atomically, with errors a person can act on.
public enum ExportFile {
    public static func write(_ text: String, to path: String) throws {
        try write(Data(text.utf8), to: path)
    }

    public static func write(_ data: Data, to path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        if let code = createFolder(directory.isEmpty ? "." : directory) {
            throw StoreError.cannotWriteExport(path: path, reason: "cannot create the folder \(directory): \(describe(code))")
        }
        if let code = writeAtomically(data, to: path) {
            throw StoreError.cannotWriteExport(path: path, reason: describe(code))
        }
    }

    /// The folder and its missing parents; nil when it is there, else the errno that stopped it.
    private static func createFolder(_ path: String) -> Int32? {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) { return isFolder.boolValue ? nil : ENOTDIR }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path, let code = createFolder(parent) { return code }
        return mkdir(path, 0o755) == 0 || errno == EEXIST ? nil : errno
    }

    /// Writes a temporary file beside `path` and renames it over: a reader never sees half a file.
    /// nil when done, else the errno that stopped it (the temporary file is removed).
    private static func writeAtomically(_ data: Data, to path: String) -> Int32? {
        let temporary = path + ".partial"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return errno }
        var failure: Int32?
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Foundation.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 { if errno == EINTR { continue }; failure = errno; return }
                offset += n
            }
        }
        if failure == nil, fsync(fd) != 0 { failure = errno }
        if close(fd) != 0, failure == nil { failure = errno }
        if failure == nil, rename(temporary, path) != 0 { failure = errno }
        if failure != nil { unlink(temporary) }
        return failure
    }

    private static func describe(_ code: Int32) -> String {
        code == ENOSPC ? "the disk is full" : String(cString: strerror(code))
    }
}

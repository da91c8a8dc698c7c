import Foundation
import Store
import TeamCore

/// The CSV files of a session's raw data: one row per sample (`<stem>_samples.csv`), one row per
/// RR interval (`<stem>_rr.csv`). For spreadsheets: UTF-8 with a byte-order mark, names guarded
/// against formulas, and each row's clock time (ISO 8601 with the device's UTC offset) beside its
/// session offset. Read straight from the store, not from the analysis: every row as recorded.
enum RawCSV {
    static func files(store: SidelineStore, session: Session, stem: String) throws -> [ExportedFile] {
        let sessionID = session.id
        let players = try store.sessionPlayers(sessionID)
        let numbers = Dictionary(uniqueKeysWithValues: players.map { ($0.playerID, $0.shirtNumber) })
        var names: [Int64: String] = [:]
        for p in players { names[p.playerID] = try store.player(id: p.playerID)?.fullName ?? "player \(p.playerID)" }
        let straps = try store.strapAddresses()

        // Rows are read through SQLite's C API and written into a byte buffer: a
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
        try store.forEachSample(sessionID) { s in
            samples.append(prefix(s.playerID))
            samples.append(strapText[s.strapID] ?? [])
            samples.comma(); samples.append(s.tMs)
            samples.comma(); clock.append(offsetMs: s.tMs, to: &samples, with: &sampleTimes)
            samples.comma(); samples.append(Int64(s.bpm))
            samples.comma(); samples.append(contactText[Int(s.contact.rawValue)])
            samples.comma(); if let energy = s.energyKJ { samples.append(Int64(energy)) }
            samples.append(tagCell)
            samples.newline()
        }
        try store.forEachRRInterval(sessionID) { r in
            rr.append(prefix(r.playerID))
            rr.append(r.tMs)
            rr.comma(); clock.append(offsetMs: r.tMs, to: &rr, with: &beatTimes)
            rr.comma(); rr.append(Int64(r.rr1024))
            rr.comma(); rr.appendMilliseconds(rr1024: r.rr1024)
            rr.append(tagCell)
            rr.newline()
        }
        return [ExportedFile(name: "\(stem)_samples.csv", bytes: samples.bytes), ExportedFile(name: "\(stem)_rr.csv", bytes: rr.bytes)]
    }

    static func contactName(_ contact: SensorContact) -> String {
        switch contact {
        case .notSupported: return "unsupported"
        case .notDetected: return "no"
        case .detected: return "yes"
        }
    }
}

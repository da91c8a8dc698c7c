import Foundation
import TeamCore

/// The CSV files of a session's raw data: one row per sample (`<stem>_samples.csv`), one row per
/// RR interval (`<stem>_rr.csv`). For spreadsheets: UTF-8 with a byte-order mark, names guarded
/// against formulas, and each row's clock time (ISO 8601 with the device's UTC offset) beside its
/// session offset. Fed row by row from wherever the rows are (the kiosk's store, a club's bundle),
/// not from the analysis: every row as recorded.
public struct RawCSVWriter {
    /// What the rows' first columns say: the session's number, and each player's name and shirt number.
    public struct Who {
        public var sessionLabel: String
        public var names: [Int64: String]
        public var numbers: [Int64: Int]
        /// Strap addresses by strap id.
        public var straps: [Int64: String]

        public init(sessionLabel: String, names: [Int64: String], numbers: [Int64: Int], straps: [Int64: String]) {
            self.sessionLabel = sessionLabel
            self.names = names
            self.numbers = numbers
            self.straps = straps
        }
    }

    private let who: Who
    private var samples = CSVBytes(capacity: 1 << 20)
    private var rr = CSVBytes(capacity: 1 << 20)
    private let tagCell: [UInt8]
    private let clock: SessionClockTime
    private var sampleTimes = ISOTime.Writer(), beatTimes = ISOTime.Writer()
    private var prefixes: [Int64: [UInt8]] = [:]
    private let strapText: [Int64: [UInt8]]
    private let contactText = [SensorContact.notSupported, .notDetected, .detected].map { Array(RawCSVWriter.contactName($0).utf8) }

    public init(session: Session, who: Who) {
        self.who = who
        samples.append(CSVRecords.byteOrderMark + "session,player,shirt_number,strap,t_ms,time,bpm,contact,energy_kj,tags\n")
        rr.append(CSVRecords.byteOrderMark + "session,player,shirt_number,t_ms,time,rr_1024,rr_ms,tags\n")
        // The session's context tags on every row, so rows of several sessions pasted together stay apart.
        tagCell = Array(("," + CSVRecords.textCell(session.tags.joined(separator: " "))).utf8)
        clock = SessionClockTime(startedAt: session.startedAt, endedAt: session.endedAt)
        strapText = who.straps.mapValues { Array($0.utf8) }
    }

    private mutating func prefix(_ player: Int64) -> [UInt8] {
        if let known = prefixes[player] { return known }
        let made = Array("\(who.sessionLabel),\(CSVRecords.textCell(who.names[player] ?? "")),\(who.numbers[player] ?? 0),".utf8)
        prefixes[player] = made
        return made
    }

    public mutating func append(_ s: Sample) {
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

    public mutating func append(_ r: RRInterval) {
        rr.append(prefix(r.playerID))
        rr.append(r.tMs)
        rr.comma(); clock.append(offsetMs: r.tMs, to: &rr, with: &beatTimes)
        rr.comma(); rr.append(Int64(r.rr1024))
        rr.comma(); rr.appendMilliseconds(rr1024: r.rr1024)
        rr.append(tagCell)
        rr.newline()
    }

    /// The two files, named after `stem`.
    public func files(stem: String) -> [ExportedFile] {
        [ExportedFile(name: "\(stem)_samples.csv", bytes: samples.bytes), ExportedFile(name: "\(stem)_rr.csv", bytes: rr.bytes)]
    }

    static func contactName(_ contact: SensorContact) -> String {
        switch contact {
        case .notSupported: return "unsupported"
        case .notDetected: return "no"
        case .detected: return "yes"
        }
    }
}

import Foundation
import Localization

/// A roster file: `number,first,last,birth_year,sex,weight_kg,rest_hr,max_hr,strap,photo`,
/// one player a line, an optional header line, max_hr, strap and photo may be empty.
/// `photo` names a picture file: beside the CSV (on a USB stick, say) or by a full path.
public enum RosterCSV {
    public static let columns = ["number", "first", "last", "birth_year", "sex", "weight_kg", "rest_hr", "max_hr", "strap", "photo"]

    /// A roster file's size: 500 players of 100 characters are 50 kB. Anything larger is not a
    /// roster and is refused before it is read (a stick may hold anything under any name).
    public static let maxFileBytes = 1 << 20
    /// Players in one file: a team, or a club's whole list.
    public static let maxPlayers = 500
    /// Characters in one line: ten short fields and a photo's path.
    public static let maxLineLength = 1000

    public struct Row: Sendable, Equatable {
        public var line: Int
        public var shirtNumber: Int
        public var player: Player
        /// Strap address, upper case, if given.
        public var strapAddress: String?
        /// The strap's advertised name, when known (a CSV does not say).
        public var strapName: String?
        /// The photo file as the CSV names it (relative to the CSV's folder, or absolute).
        public var photoFile: String?

        public init(line: Int, shirtNumber: Int, player: Player, strapAddress: String? = nil, strapName: String? = nil,
                    photoFile: String? = nil) {
            self.line = line
            self.shirtNumber = shirtNumber
            self.player = player
            self.strapAddress = strapAddress
            self.strapName = strapName
            self.photoFile = photoFile
        }
    }

    /// A line's problem: the command line prints it in the admin's language (`sentence.translated`), a log, JSON
    /// and the tests read its English (`description`).
    public struct LineError: Error, Sendable, Equatable, CustomStringConvertible {
        public var line: Int
        public var reason: Message
        public var sentence: Message { Message(N_("line {line}: {reason}"), ["line": "\(line)"], nested: ["reason": reason]) }
        public var description: String { sentence.english }

        public init(line: Int, reason: Message) {
            self.line = line
            self.reason = reason
        }
    }

    /// Every problem of a rejected file.
    public struct Rejection: Error, Sendable, Equatable {
        public var errors: [LineError]

        public init(errors: [LineError]) { self.errors = errors }

        /// The problems as lines to print: the first `limit`, then how many more.
        public func lines(limit: Int = 20) -> [Message] {
            errors.prefix(limit).map(\.sentence)
                + (errors.count > limit ? [Message(Nn_("… and {n} more", "… and {n} more"), n: errors.count - limit)] : [])
        }

        /// `lines` in English, for a log.
        public func report(limit: Int = 20) -> [String] { lines(limit: limit).map(\.english) }
    }

    /// Every row, or every problem found (all of them, so the admin fixes the file once).
    /// Commas, semicolons or tabs separate the fields, whichever the first line uses.
    public static func parse(_ text: String) -> Result<[Row], Rejection> {
        let separator = CSVRecords.separator(of: text)
        var records = CSVRecords.parse(text, separator: separator)
        if let first = records.first, first.fields.first?.trimmingCharacters(in: .whitespaces).lowercased() == "number" {
            records.removeFirst()
        }
        guard records.count <= maxPlayers else {
            return .failure(Rejection(errors: [LineError(line: records[maxPlayers].line, reason:
                Message(N_("the file has {count} players; a roster has at most {max}"), ["count": "\(records.count)", "max": "\(maxPlayers)"]))]))
        }
        var rows: [Row] = []
        var errors: [LineError] = []
        var numbers: [Int: Int] = [:]
        var straps: [String: Int] = [:]
        if records.isEmpty { errors.append(LineError(line: 1, reason: Message(N_("the file has no players")))) }
        for record in records {
            if let problem = joinedFileProblem(record) {
                errors.append(LineError(line: record.line, reason: problem))
                continue
            }
            switch parse(record, separator: separator) {
            case .success(let row):
                if let earlier = numbers[row.shirtNumber] {
                    errors.append(LineError(line: row.line, reason: Message(N_("shirt number {number} already used on line {line}"),
                                                                                ["number": "\(row.shirtNumber)", "line": "\(earlier)"])))
                } else if let strap = row.strapAddress, let earlier = straps[strap] {
                    errors.append(LineError(line: row.line, reason: Message(N_("strap {strap} already given to the player on line {line}"),
                                                                                ["strap": strap, "line": "\(earlier)"])))
                } else {
                    numbers[row.shirtNumber] = row.line
                    if let strap = row.strapAddress { straps[strap] = row.line }
                    rows.append(row)
                }
            case .failure(let rejected): errors += rejected.errors
            }
        }
        return errors.isEmpty ? .success(rows) : .failure(Rejection(errors: errors))
    }

    /// Names a spreadsheet would run as a formula (=, +, -, @ first): imported as they are — every
    /// export writes such a cell as text, with a leading apostrophe (`CSVRecords.textCell`) — and
    /// said, so whoever imports a stranger's roster knows.
    public static func formulaNotes(_ rows: [Row]) -> [LineError] {
        rows.flatMap { row in
            [(N_("first name"), row.player.firstName), (N_("last name"), row.player.lastName)].compactMap { label, name in
                guard let first = name.unicodeScalars.first, "=+-@".unicodeScalars.contains(first) else { return nil }
                return LineError(line: row.line, reason: Message(
                    N_("{field} {name} starts with '{sign}', which a spreadsheet would run as a formula; exports write it as text"),
                    ["name": shown(name), "sign": "\(first)"], words: ["field": label]))
            }
        }
    }

    /// What makes a record no roster line at all: far too long, or the start of a second file
    /// pasted after the first (its byte-order mark or header line in the middle).
    private static func joinedFileProblem(_ record: CSVRecords.Record) -> Message? {
        let length = record.fields.reduce(record.fields.count - 1) { $0 + $1.count }
        if length > maxLineLength {
            return Message(N_("is {length} characters long; a roster line has at most {max}"), ["length": "\(length)", "max": "\(maxLineLength)"])
        }
        if record.fields.contains(where: { $0.unicodeScalars.contains("\u{FEFF}") }) {
            return Message(N_("a byte-order mark in the middle of the file (two files joined into one?)"))
        }
        if record.fields.first?.trimmingCharacters(in: .whitespaces).lowercased() == "number" {
            return Message(N_("a second header line (two files joined into one?)"))
        }
        return nil
    }

    /// A value as a message quotes it: short, so a line of nonsense does not make a page of errors.
    static func shown(_ value: String) -> String {
        "'" + (value.count > 24 ? value.prefix(24) + "…" : value) + "'"
    }

    /// The row of one record, or every problem of it.
    private static func parse(_ record: CSVRecords.Record, separator: Unicode.Scalar) -> Result<Row, Rejection> {
        let f = record.fields.map { $0.trimmingCharacters(in: .whitespaces) }
        var problems: [Message] = []
        func reject() -> Result<Row, Rejection> {
            .failure(Rejection(errors: problems.map { LineError(line: record.line, reason: $0) }))
        }
        guard f.count >= 7, f.count <= columns.count else {
            let name = separator == ";" ? N_("semicolons") : (separator == "\t" ? N_("tabs") : N_("commas"))
            problems.append(Message(N_("expected 7 to {max} fields separated by {separator} ({columns}), found {count}"),
                                    ["max": "\(columns.count)", "columns": columns.joined(separator: ","), "count": "\(f.count)"],
                                    words: ["separator": name]))
            return reject()
        }
        let number = Int(f[0]).flatMap { (0...999).contains($0) ? $0 : nil }
        if number == nil { problems.append(Message(N_("shirt number {value} is not a number from 0 to 999"), ["value": shown(f[0])])) }
        let birthYear = Int(f[3])
        if birthYear == nil { problems.append(Message(N_("birth year {value} is not a year"), ["value": shown(f[3])])) }
        let sex = Sex(parsing: f[4])
        if sex == nil { problems.append(Message(N_("sex {value} is not M or F"), ["value": shown(f[4])])) }
        let weight = Double(f[5].replacingOccurrences(of: ",", with: "."))
        if weight == nil { problems.append(Message(N_("weight {value} is not a number of kg"), ["value": shown(f[5])])) }
        let rest = Int(f[6])
        if rest == nil { problems.append(Message(N_("resting HR {value} is not a number"), ["value": shown(f[6])])) }
        var maxHR: Int?
        if f.count > 7, !f[7].isEmpty {
            maxHR = Int(f[7])
            if maxHR == nil { problems.append(Message(N_("max HR {value} is not a number"), ["value": shown(f[7])])) }
        }
        var strap: String?
        if f.count > 8, !f[8].isEmpty {
            if Strap.isValidAddress(f[8]) { strap = f[8].uppercased() } else {
                problems.append(Message(N_("strap {value} is not a Bluetooth address like A0:9E:1A:12:34:56"), ["value": shown(f[8])]))
            }
        }
        let photo = f.count > 9 && !f[9].isEmpty ? f[9] : nil
        // Every value that parsed is checked too, with placeholders for those that did not.
        let player = Player(firstName: f[1], lastName: f[2], birthYear: birthYear ?? 2000, sex: sex ?? .female, weightKg: weight ?? 70,
                            restingHR: rest ?? 60, measuredMaxHR: maxHR)
        problems += player.validationProblems
        guard problems.isEmpty, let number else { return reject() }
        return .success(Row(line: record.line, shirtNumber: number, player: player, strapAddress: strap, photoFile: photo))
    }
}

import Foundation

/// A roster file: `number,first,last,birth_year,sex,weight_kg,rest_hr,max_hr,strap,photo`,
/// one player a line, an optional header line, max_hr, strap and photo may be empty.
/// `photo` names a picture file: beside the CSV (on a USB stick, say) or by a full path.
public enum RosterCSV {
    public static let columns = ["number", "first", "last", "birth_year", "sex", "weight_kg", "rest_hr", "max_hr", "strap", "photo"]

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

    public struct LineError: Error, Sendable, Equatable, CustomStringConvertible {
        public var line: Int
        public var reason: String
        public var description: String { "line \(line): \(reason)" }
    }

    /// Every problem of a rejected file.
    public struct Rejection: Error, Sendable, Equatable {
        public var errors: [LineError]
    }

    /// A file's text: UTF-8, else Windows-1252/Latin-1 (what older spreadsheets save); nil for
    /// bytes that are no text at all (NUL bytes or other control characters: an image, a zip,
    /// a spreadsheet's own format).
    public static func text(of bytes: [UInt8]) -> String? {
        let text = String(validating: bytes, as: UTF8.self) ?? String(bytes: bytes, encoding: .windowsCP1252)
            ?? String(bytes.map { Character(Unicode.Scalar($0)) })
        let controls = text.unicodeScalars.filter { $0.value < 0x20 && !["\t", "\n", "\r"].contains($0) }
        return controls.isEmpty ? text : nil
    }

    /// Every row, or every problem found (all of them, so the admin fixes the file once).
    /// Commas, semicolons or tabs separate the fields, whichever the first line uses.
    public static func parse(_ text: String) -> Result<[Row], Rejection> {
        let separator = CSVRecords.separator(of: text)
        var records = CSVRecords.parse(text, separator: separator)
        if let first = records.first, first.fields.first?.trimmingCharacters(in: .whitespaces).lowercased() == "number" {
            records.removeFirst()
        }
        var rows: [Row] = []
        var errors: [LineError] = []
        var numbers: [Int: Int] = [:]
        var straps: [String: Int] = [:]
        if records.isEmpty { errors.append(LineError(line: 1, reason: "the file has no players")) }
        for record in records {
            switch parse(record, separator: separator) {
            case .success(let row):
                if let earlier = numbers[row.shirtNumber] {
                    errors.append(LineError(line: row.line, reason: "shirt number \(row.shirtNumber) already used on line \(earlier)"))
                } else if let strap = row.strapAddress, let earlier = straps[strap] {
                    errors.append(LineError(line: row.line, reason: "strap \(strap) already given to the player on line \(earlier)"))
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

    /// The row of one record, or every problem of it.
    private static func parse(_ record: CSVRecords.Record, separator: Unicode.Scalar) -> Result<Row, Rejection> {
        let f = record.fields.map { $0.trimmingCharacters(in: .whitespaces) }
        var problems: [String] = []
        func reject() -> Result<Row, Rejection> {
            .failure(Rejection(errors: problems.map { LineError(line: record.line, reason: $0) }))
        }
        guard f.count >= 7, f.count <= columns.count else {
            let name = separator == ";" ? "semicolons" : (separator == "\t" ? "tabs" : "commas")
            problems.append("expected 7 to \(columns.count) fields separated by \(name) (\(columns.joined(separator: ","))), found \(f.count)")
            return reject()
        }
        let number = Int(f[0]).flatMap { (0...999).contains($0) ? $0 : nil }
        if number == nil { problems.append("shirt number '\(f[0])' is not a number from 0 to 999") }
        let birthYear = Int(f[3])
        if birthYear == nil { problems.append("birth year '\(f[3])' is not a year") }
        let sex = Sex(parsing: f[4])
        if sex == nil { problems.append("sex '\(f[4])' is not M or F") }
        let weight = Double(f[5].replacingOccurrences(of: ",", with: "."))
        if weight == nil { problems.append("weight '\(f[5])' is not a number of kg") }
        let rest = Int(f[6])
        if rest == nil { problems.append("resting HR '\(f[6])' is not a number") }
        var maxHR: Int?
        if f.count > 7, !f[7].isEmpty {
            maxHR = Int(f[7])
            if maxHR == nil { problems.append("max HR '\(f[7])' is not a number") }
        }
        var strap: String?
        if f.count > 8, !f[8].isEmpty {
            if Strap.isValidAddress(f[8]) { strap = f[8].uppercased() } else {
                problems.append("strap '\(f[8])' is not a Bluetooth address like A0:9E:1A:12:34:56")
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

import Foundation

/// A roster file: `number,first,last,birth_year,sex,weight_kg,rest_hr,max_hr,strap`,
/// one player a line, an optional header line, max_hr and strap may be empty.
public enum RosterCSV {
    public static let columns = ["number", "first", "last", "birth_year", "sex", "weight_kg", "rest_hr", "max_hr", "strap"]

    public struct Row: Sendable, Equatable {
        public var line: Int
        public var shirtNumber: Int
        public var player: Player
        /// Strap address, upper case, if given.
        public var strapAddress: String?
        /// The strap's advertised name, when known (a CSV does not say).
        public var strapName: String?

        public init(line: Int, shirtNumber: Int, player: Player, strapAddress: String? = nil, strapName: String? = nil) {
            self.line = line
            self.shirtNumber = shirtNumber
            self.player = player
            self.strapAddress = strapAddress
            self.strapName = strapName
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

    /// Every row, or every problem found (all of them, so the admin fixes the file once).
    public static func parse(_ text: String) -> Result<[Row], Rejection> {
        var records = CSVRecords.parse(text)
        if let first = records.first, first.fields.first?.trimmingCharacters(in: .whitespaces).lowercased() == "number" {
            records.removeFirst()
        }
        var rows: [Row] = []
        var errors: [LineError] = []
        var numbers: [Int: Int] = [:]
        var straps: [String: Int] = [:]
        if records.isEmpty { errors.append(LineError(line: 1, reason: "the file has no players")) }
        for record in records {
            switch parse(record) {
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
            case .failure(let error): errors.append(error)
            }
        }
        return errors.isEmpty ? .success(rows) : .failure(Rejection(errors: errors))
    }

    private static func parse(_ record: CSVRecords.Record) -> Result<Row, LineError> {
        let f = record.fields.map { $0.trimmingCharacters(in: .whitespaces) }
        func fail(_ reason: String) -> Result<Row, LineError> { .failure(LineError(line: record.line, reason: reason)) }
        guard f.count >= 7, f.count <= 9 else {
            return fail("expected 7 to 9 fields (\(columns.joined(separator: ","))), found \(f.count)")
        }
        guard let number = Int(f[0]), (0...999).contains(number) else { return fail("shirt number '\(f[0])' is not a number from 0 to 999") }
        guard !f[1].isEmpty else { return fail("first name is empty") }
        guard let birthYear = Int(f[3]) else { return fail("birth year '\(f[3])' is not a year") }
        guard let sex = Sex(parsing: f[4]) else { return fail("sex '\(f[4])' is not M or F") }
        guard let weight = Double(f[5].replacingOccurrences(of: ",", with: ".")) else { return fail("weight '\(f[5])' is not a number of kg") }
        guard let rest = Int(f[6]) else { return fail("resting HR '\(f[6])' is not a number") }
        var maxHR: Int?
        if f.count > 7, !f[7].isEmpty {
            guard let value = Int(f[7]) else { return fail("max HR '\(f[7])' is not a number") }
            maxHR = value
        }
        var strap: String?
        if f.count > 8, !f[8].isEmpty {
            guard Strap.isValidAddress(f[8]) else { return fail("strap '\(f[8])' is not a Bluetooth address like A0:9E:1A:12:34:56") }
            strap = f[8].uppercased()
        }
        let player = Player(firstName: f[1], lastName: f[2], birthYear: birthYear, sex: sex, weightKg: weight,
                            restingHR: rest, measuredMaxHR: maxHR)
        if let problem = player.validationProblems.first { return fail(problem) }
        return .success(Row(line: record.line, shirtNumber: number, player: player, strapAddress: strap))
    }
}

/// Splits CSV text (RFC 4180: commas, double-quoted fields, "" for a quote) into
/// records, each with the 1-based line number it starts on. Accepts \n and \r\n,
/// a leading byte-order mark (spreadsheets write one), and another separator
/// (spreadsheets in much of Europe write semicolons).
public enum CSVRecords {
    public struct Record: Sendable, Equatable {
        public var line: Int
        public var fields: [String]
    }

    public static func parse(_ text: String, separator: Unicode.Scalar = ",") -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field = ""
        var inQuotes = false
        var line = 1
        var recordLine = 1
        var chars = Array(text.unicodeScalars)
        if chars.first == "\u{FEFF}" { chars.removeFirst() }
        var i = 0
        func endRecord() {
            fields.append(field)
            field = ""
            if !(fields.count == 1 && fields[0].trimmingCharacters(in: .whitespaces).isEmpty) {
                records.append(Record(line: recordLine, fields: fields))
            }
            fields = []
        }
        while i < chars.count {
            let c = chars[i]
            if inQuotes {
                if c == "\"" {
                    if i + 1 < chars.count, chars[i + 1] == "\"" { field.unicodeScalars.append("\""); i += 1 } else { inQuotes = false }
                } else {
                    if c == "\n" { line += 1 }
                    field.unicodeScalars.append(c)
                }
            } else {
                switch c {
                case "\"": inQuotes = true
                case separator: fields.append(field); field = ""
                case "\r": break
                case "\n":
                    endRecord()
                    line += 1
                    recordLine = line
                default: field.unicodeScalars.append(c)
                }
            }
            i += 1
        }
        if !field.isEmpty || !fields.isEmpty { endRecord() }
        return records
    }

    /// A text cell for a file that spreadsheets open: text starting with =, +, -, @, tab or
    /// carriage return would be run as a formula (OWASP "CSV injection"), so it gets a leading
    /// apostrophe, which spreadsheets show as text; then quoted when needed.
    public static func textCell(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) else { return escape(text) }
        return escape("'" + text)
    }

    /// The UTF-8 byte-order mark: spreadsheet programs that would guess Windows-1252 read UTF-8 then.
    public static let byteOrderMark = "\u{FEFF}"

    /// The separator of a file's first line: a semicolon or a tab when there are more of
    /// them than commas outside quotes, else a comma.
    public static func separator(of text: String) -> Unicode.Scalar {
        var counts: [Unicode.Scalar: Int] = [",": 0, ";": 0, "\t": 0]
        var inQuotes = false
        for c in text.unicodeScalars {
            if c == "\n", !inQuotes { break }
            if c == "\"" { inQuotes.toggle() } else if !inQuotes, counts[c] != nil { counts[c]! += 1 }
        }
        let best = [";", "\t"].max { counts[$0]! < counts[$1]! }!
        return counts[best]! > counts[","]! ? best : ","
    }

    /// Quotes a field for writing when it needs it.
    public static func escape(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

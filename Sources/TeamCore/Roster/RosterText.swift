import Foundation
import Localization

/// A roster file's bytes as text: UTF-8, or Windows-1252 as older spreadsheets save — one or the
/// other, never both (a file pasted together from two sources, whose names would import garbled),
/// and no control characters (an image, a zip, a spreadsheet's own format). A refusal names the
/// line to look at.
public enum RosterText {
    public static func decode(_ bytes: [UInt8]) throws(RosterCSV.LineError) -> String {
        let text: String
        if let utf8 = String(validating: bytes, as: UTF8.self) {
            text = utf8
        } else if let invalid = firstInvalidUTF8(bytes), let valid = firstMultiByteUTF8(bytes) {
            let (bad, good) = (line(of: invalid, in: bytes), line(of: valid, in: bytes))
            throw RosterCSV.LineError(line: bad, reason: bad == good
                ? Message(N_("mixes UTF-8 and Windows-1252 characters; save the file again as CSV UTF-8"))
                : Message(N_("is not UTF-8 like line {line} (Windows-1252?); save the file again as CSV UTF-8"), ["line": "\(good)"]))
        } else {
            // Windows-1252; its five unassigned bytes as Latin-1 (what Windows itself does).
            text = String(bytes: bytes, encoding: .windowsCP1252) ?? String(bytes.map { Character(Unicode.Scalar($0)) })
        }
        var lineNumber = 1
        for scalar in text.unicodeScalars {
            if scalar == "\n" { lineNumber += 1 }
            if (scalar.value < 0x20 && !["\t", "\n", "\r"].contains(scalar)) || scalar.value == 0x7F {
                throw RosterCSV.LineError(line: lineNumber, reason: Message(
                    N_("holds a control character (byte {byte}): this is not a text file; save the roster as CSV ({columns})"),
                    ["byte": String(format: "0x%02X", scalar.value), "columns": RosterCSV.columns.joined(separator: ",")]))
            }
        }
        return text
    }

    /// Where the bytes stop being UTF-8.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var i = 0
        while i < bytes.count {
            guard let length = utf8Sequence(bytes, at: i) else { return i }
            i += length
        }
        return nil
    }

    /// The first character of two or more bytes that is valid UTF-8 (what a UTF-8 editor wrote).
    static func firstMultiByteUTF8(_ bytes: [UInt8]) -> Int? {
        var i = 0
        while i < bytes.count {
            if bytes[i] >= 0x80, let length = utf8Sequence(bytes, at: i), length > 1 { return i }
            i += 1
        }
        return nil
    }

    /// The length of the valid UTF-8 sequence at `i`, or nil.
    static func utf8Sequence(_ bytes: [UInt8], at i: Int) -> Int? {
        let lead = bytes[i]
        let length: Int
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return nil
        }
        guard i + length <= bytes.count else { return nil }
        return String(validating: bytes[i..<i + length], as: UTF8.self) == nil ? nil : length
    }

    static func line(of offset: Int, in bytes: [UInt8]) -> Int {
        1 + bytes[..<offset].lazy.filter { $0 == UInt8(ascii: "\n") }.count
    }
}

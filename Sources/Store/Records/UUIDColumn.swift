import Foundation

/// UUIDs in the store's `uuid` columns: text in lower case, as the club's roster keys are (one
/// record, one key), readable with any SQLite tool.
public enum UUIDColumn {
    public static func encode(_ uuid: UUID) -> String { uuid.uuidString.lowercased() }
    /// What `UUID(uuidString:)` reads. A UUID as written — 36 characters, hex digits of either case with
    /// dashes after the 8th, 12th, 16th and 20th — is read by hand: Foundation's parses with `sscanf`
    /// (≈ 9 k instructions a UUID), and the kiosk reads every strap's as it starts. Anything else goes to
    /// Foundation, whose `sscanf` also takes a sign inside a group ("+23e4567-…"): the same answer for every text.
    public static func decode(_ text: String?) -> UUID? {
        guard var text else { return nil }
        let written = text.withUTF8 { bytes -> UUID? in
            guard bytes.count == 36 else { return nil }
            var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            let parsed = withUnsafeMutableBytes(of: &uuid) { out -> Bool in
                var i = 0, o = 0
                while i < 36 {
                    if i == 8 || i == 13 || i == 18 || i == 23 {
                        guard bytes[i] == UInt8(ascii: "-") else { return false }
                        i += 1
                        continue
                    }
                    guard let high = hexDigit(bytes[i]), let low = hexDigit(bytes[i + 1]) else { return false }
                    out[o] = high << 4 | low
                    (i, o) = (i + 2, o + 1)
                }
                return true
            }
            return parsed ? UUID(uuid: uuid) : nil
        }
        return written ?? UUID(uuidString: text)
    }

    private static func hexDigit(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

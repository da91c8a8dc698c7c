import Crypto
import Foundation

/// Kiosk tokens, API tokens and enrolment codes: 256 random bits written in lower-case
/// base32 (grouped by four for reading aloud), kept on the server only as their SHA-256.
/// A token found in a database dump opens nothing.
public enum SecretToken {
    /// A new secret with its kind as a prefix ("kiosk_", "api_", "enrol_") so a leaked one says what it is.
    public static func generate(prefix: String) -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return prefix + grouped(base32(bytes))
    }

    /// The stored form: SHA-256 of the secret with spaces, hyphens and case taken out, so a code
    /// typed as "ABCD EFGH" matches the printed "abcd-efgh".
    public static func hash(_ secret: String) -> Data {
        Data(SHA256.hash(data: Array(normalised(secret).utf8)))
    }

    static func normalised(_ secret: String) -> String {
        String(secret.lowercased().unicodeScalars.filter { !" -\t\n\r".unicodeScalars.contains($0) })
    }

    static func base32(_ bytes: [UInt8]) -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz234567")
        var out = "", buffer = 0, bits = 0
        for byte in bytes {
            buffer = (buffer << 8) | Int(byte)
            bits += 8
            while bits >= 5 {
                out.append(alphabet[(buffer >> (bits - 5)) & 31])
                bits -= 5
            }
        }
        if bits > 0 { out.append(alphabet[(buffer << (5 - bits)) & 31]) }
        return out
    }

    static func grouped(_ text: String) -> String {
        stride(from: 0, to: text.count, by: 4).map { i in
            String(text.dropFirst(i).prefix(4))
        }.joined(separator: "-")
    }
}

import Crypto
import Foundation

/// The one byte form of a wire value that is hashed: JSON with its keys sorted and no
/// whitespace. The same value always gives the same bytes, so the same session recorded
/// once gives one content hash however often it is sent.
public enum CanonicalJSON {
    public static func encode<T: Encodable>(_ value: T) throws -> Data {
        try encoder.encode(value)
    }

    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try JSONDecoder().decode(type, from: data)
    }

    /// True when `data` is exactly the canonical encoding of what it decodes to: a client
    /// that formats JSON its own way would otherwise give one session two hashes.
    public static func isCanonical<T: Codable>(_ data: Data, as type: T.Type) -> Bool {
        guard let value = try? decode(type, from: data), let again = try? encode(value) else { return false }
        return again == data
    }

    /// Lower-case hex SHA-256: the content hash of canonical bytes.
    public static func sha256Hex(_ data: some DataProtocol) -> String {
        SHA256.hash(data: data).map { byte in
            let digits = Array("0123456789abcdef")
            return "\(digits[Int(byte >> 4)])\(digits[Int(byte & 0xF)])"
        }.joined()
    }

    /// True for 64 lower-case hex digits.
    public static func isSHA256Hex(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}

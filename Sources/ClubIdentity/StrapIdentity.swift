import Crypto
import Foundation

/// A strap's UUID follows from its address (a name-based UUID, RFC 9562 version 5): two kiosks
/// that meet the same strap give it the same identity without asking each other, so the club
/// never holds one strap twice.
public enum StrapIdentity {
    /// The namespace of Sideline's strap addresses (a fixed random UUID).
    public static let namespace = UUID(uuidString: "6f1b1c2e-55a4-4c1e-9d0b-3c1e5a7d2f90")!

    public static func uuid(forAddress address: String) -> UUID {
        var bytes = withUnsafeBytes(of: namespace.uuid) { Array($0) }
        bytes += Array(address.uppercased().utf8)
        var hash = Array(Insecure.SHA1.hash(data: bytes).prefix(16))
        hash[6] = (hash[6] & 0x0F) | 0x50  // version 5
        hash[8] = (hash[8] & 0x3F) | 0x80  // the RFC's variant
        return UUID(uuid: (hash[0], hash[1], hash[2], hash[3], hash[4], hash[5], hash[6], hash[7],
                           hash[8], hash[9], hash[10], hash[11], hash[12], hash[13], hash[14], hash[15]))
    }
}

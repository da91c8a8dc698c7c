/// A Bluetooth device address with its type (public or random), as HCI carries it:
/// six bytes, least significant first.
public struct BDAddress: Hashable, Sendable, CustomStringConvertible {
    /// The 48-bit address, most significant byte = the first in "F0:00:…".
    public var value: UInt64
    /// HCI address type: 0 public, 1 random (2/3 resolved identities).
    public var type: UInt8

    public init(value: UInt64, type: UInt8) { self.value = value & 0xFFFF_FFFF_FFFF; self.type = type }

    /// Parses "F0:00:00:00:00:01" (the type is not part of the text).
    public init?(_ text: String, type: UInt8 = 0) {
        let parts = text.split(separator: ":")
        guard parts.count == 6 else { return nil }
        var v: UInt64 = 0
        for p in parts {
            guard p.count == 2, let b = UInt8(p, radix: 16) else { return nil }
            v = v << 8 | UInt64(b)
        }
        self.init(value: v, type: type)
    }

    /// Reads six little-endian bytes starting at `index` (caller checked the bounds).
    public init(littleEndian bytes: ArraySlice<UInt8>, at index: Int, type: UInt8) {
        var v: UInt64 = 0
        for i in (0..<6).reversed() { v = v << 8 | UInt64(bytes[index + i]) }
        self.init(value: v, type: type)
    }

    public var littleEndianBytes: [UInt8] { (0..<6).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) } }

    /// Same device regardless of the type byte (rosters store the text only).
    public func sameDevice(as other: BDAddress) -> Bool { value == other.value }

    public var description: String {
        (0..<6).reversed().map { i -> String in
            let b = UInt8(truncatingIfNeeded: value >> (8 * UInt64(i)))
            return (b < 16 ? "0" : "") + String(b, radix: 16, uppercase: true)
        }.joined(separator: ":")
    }
}

/// Reads little-endian fields from a byte slice with bounds checks that throw
/// instead of trapping. A value type over the caller's storage: no allocation.
public struct ByteReader {
    public let bytes: ArraySlice<UInt8>
    public private(set) var position: Int
    /// Names the structure being read, for error messages.
    public let what: String

    public init(_ bytes: ArraySlice<UInt8>, what: String) {
        self.bytes = bytes
        self.position = bytes.startIndex
        self.what = what
    }

    public var remaining: Int { bytes.endIndex - position }
    public var isAtEnd: Bool { position >= bytes.endIndex }

    public mutating func uint8() throws(ProtocolError) -> UInt8 {
        guard remaining >= 1 else { throw .truncated(what: what, needed: position - bytes.startIndex + 1, got: bytes.count) }
        defer { position += 1 }
        return bytes[position]
    }

    public mutating func uint16() throws(ProtocolError) -> UInt16 {
        guard remaining >= 2 else { throw .truncated(what: what, needed: position - bytes.startIndex + 2, got: bytes.count) }
        defer { position += 2 }
        return UInt16(bytes[position]) | UInt16(bytes[position + 1]) << 8
    }

    public mutating func skip(_ count: Int) throws(ProtocolError) {
        guard count >= 0, remaining >= count else { throw .truncated(what: what, needed: position - bytes.startIndex + count, got: bytes.count) }
        position += count
    }

    /// The next `count` bytes as a slice of the same storage.
    public mutating func slice(_ count: Int) throws(ProtocolError) -> ArraySlice<UInt8> {
        let start = position
        try skip(count)
        return bytes[start..<start + count]
    }

    public mutating func rest() -> ArraySlice<UInt8> {
        defer { position = bytes.endIndex }
        return bytes[position...]
    }
}

/// Appends little-endian fields (encoders; allocation is fine there).
extension Array where Element == UInt8 {
    public mutating func appendLE(_ value: UInt16) {
        append(UInt8(truncatingIfNeeded: value))
        append(UInt8(truncatingIfNeeded: value >> 8))
    }
}

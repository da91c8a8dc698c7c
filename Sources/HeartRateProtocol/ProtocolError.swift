/// Why a byte sequence is not a valid value of a characteristic or structure.
/// Decoders return these instead of trapping: bytes come from radios and strangers.
public enum ProtocolError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Fewer bytes than the format (or its flags) require.
    case truncated(what: String, needed: Int, got: Int)
    /// Bytes left over that the flags do not account for (e.g. an odd RR byte).
    case trailingBytes(what: String, count: Int)
    /// A field holds a value the specification reserves.
    case reservedValue(what: String, value: Int)
    /// A length field disagrees with the bytes around it.
    case badLength(what: String, length: Int)

    public var description: String {
        switch self {
        case .truncated(let what, let needed, let got): "\(what): needs \(needed) bytes, got \(got)"
        case .trailingBytes(let what, let count): "\(what): \(count) unexpected trailing byte(s)"
        case .reservedValue(let what, let value): "\(what): reserved value \(value)"
        case .badLength(let what, let length): "\(what): inconsistent length \(length)"
        }
    }
}

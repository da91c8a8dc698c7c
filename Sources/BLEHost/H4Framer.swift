/// H4 framing (Core Spec Vol 4 Part A): one indicator byte, then an HCI packet.
/// 0x01 command · 0x02 ACL data · 0x04 event. Collects bytes from a stream and
/// hands out whole packets as slices of its own buffer (no allocation once warm).
public struct H4Framer {
    public enum PacketType: UInt8 { case command = 0x01, acl = 0x02, sco = 0x03, event = 0x04, iso = 0x05 }

    public enum FramingError: Error, Equatable, CustomStringConvertible {
        case unknownIndicator(UInt8)

        public var description: String {
            switch self {
            case .unknownIndicator(let byte):
                let hex = String(byte, radix: 16, uppercase: true)
                return "it sent 0x\(byte < 16 ? "0" : "")\(hex), which starts no HCI packet"
            }
        }
    }

    private var buffer: [UInt8] = []
    private var start = 0

    public init() { buffer.reserveCapacity(1 << 16) }

    public mutating func append(_ bytes: ArraySlice<UInt8>) {
        // Compact before appending, so the buffer never grows past one burst.
        if start > 0 {
            buffer.removeSubrange(0..<start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// Calls `body` with each complete packet (type, bytes after the indicator).
    /// A stream that breaks framing cannot be resynchronised: the error ends it.
    public mutating func drain(_ body: (PacketType, ArraySlice<UInt8>) -> Void) throws(FramingError) {
        while buffer.count - start >= 1 {
            let indicator = buffer[start]
            let headerLength: Int
            switch indicator {
            case PacketType.event.rawValue: headerLength = 2
            case PacketType.acl.rawValue, PacketType.iso.rawValue: headerLength = 4
            case PacketType.sco.rawValue: headerLength = 3
            case PacketType.command.rawValue: headerLength = 3
            default: throw .unknownIndicator(indicator)
            }
            let available = buffer.count - start - 1
            guard available >= headerLength else { return }
            let h = start + 1
            let payloadLength: Int = switch indicator {
            case PacketType.event.rawValue: Int(buffer[h + 1])
            case PacketType.acl.rawValue: Int(buffer[h + 2]) | Int(buffer[h + 3]) << 8
            case PacketType.iso.rawValue: (Int(buffer[h + 2]) | Int(buffer[h + 3]) << 8) & 0x3FFF
            default: Int(buffer[h + 2])
            }
            guard available >= headerLength + payloadLength else { return }
            let end = h + headerLength + payloadLength
            body(PacketType(rawValue: indicator)!, buffer[h..<end])
            start = end
        }
    }
}

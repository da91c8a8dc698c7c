import BLEHost

/// A `--source` that reaches a controller: parsed from text, opened on demand.
public enum TransportAddress: Sendable, Equatable, CustomStringConvertible {
    case tcp(host: String, port: UInt16)
    case userChannel(device: UInt16)

    /// Parses `hci-tcp:HOST:PORT` or `hci-user:hciN`; nil for other schemes.
    public init?(_ text: String) {
        if text.hasPrefix("hci-tcp:") {
            let rest = text.dropFirst("hci-tcp:".count)
            guard let colon = rest.lastIndex(of: ":"), let port = UInt16(rest[rest.index(after: colon)...]), port > 0 else { return nil }
            let host = String(rest[..<colon])
            guard !host.isEmpty else { return nil }
            self = .tcp(host: host, port: port)
        } else if text.hasPrefix("hci-user:hci"), let n = UInt16(text.dropFirst("hci-user:hci".count)) {
            self = .userChannel(device: n)
        } else {
            return nil
        }
    }

    public var description: String {
        switch self {
        case .tcp(let host, let port): "hci-tcp:\(host):\(port)"
        case .userChannel(let device): "hci-user:hci\(device)"
        }
    }

    public func open() throws(TransportError) -> any ByteTransport {
        switch self {
        case .tcp(let host, let port): try TCPTransport(host: host, port: port)
        case .userChannel(let device): try HCIUserChannelTransport(deviceIndex: device)
        }
    }
}

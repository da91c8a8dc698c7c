/// A bidirectional H4 byte stream to one controller (TCP, HCI user channel, UART…).
/// The host engine never blocks on it: the worker polls `pollDescriptor` and reads what is there.
public protocol ByteTransport: AnyObject {
    /// A descriptor that becomes readable when bytes arrive (for poll(2)).
    var pollDescriptor: Int32 { get }
    /// Reads what is available into `buffer` (without growing it); 0 means nothing now.
    /// Throws when the stream has ended or failed.
    func read(into buffer: inout [UInt8]) throws -> Int
    /// Writes all of `bytes` (H4-framed), or throws.
    func write(_ bytes: [UInt8]) throws
    func close()
}

/// Why a transport stopped; one line a person can act on.
public struct TransportError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

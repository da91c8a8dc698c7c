/// A bidirectional H4 byte stream to one controller (TCP, HCI user channel, UART…).
/// The host engine never blocks on it: the worker polls `pollDescriptor` and reads what is there.
public protocol ByteTransport: AnyObject {
    /// A descriptor that becomes readable when bytes arrive (for poll(2)); -1 when there is none to wait on.
    var pollDescriptor: Int32 { get }
    /// Reads what is available into `buffer` (without growing it); 0 means nothing now.
    /// Throws when the stream has ended or failed.
    func read(into buffer: inout [UInt8]) throws -> Int
    /// Writes all of `bytes` (H4-framed), or throws.
    func write(_ bytes: [UInt8]) throws
    func close()
}

/// Why a transport could not open or stopped: `problem` in plain words, and the transport's
/// label (`hci-tcp:HOST:PORT`) apart, so a log that names the controller itself does not
/// name it twice. `description` is the one line for a user: label, then problem.
public struct TransportError: Error, CustomStringConvertible, Sendable {
    public var label: String?
    public var problem: String

    public init(_ problem: String, label: String? = nil) {
        self.problem = problem
        self.label = label
    }

    public var description: String { label.map { "\($0): \(problem)" } ?? problem }
}

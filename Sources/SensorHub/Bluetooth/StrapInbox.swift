import Synchronization
import TeamCore

/// Straps appended to the strap table while a Bluetooth worker runs: the caller validates and
/// queues them, the worker takes them in order at the top of its loop, so its rows stay the
/// table's.
final class StrapInbox: Sendable {
    private let queued = Mutex<[(address: UInt64, text: String)]>([])

    /// Parses every address first, so a bad one queues none of them.
    func add(_ straps: [StrapSlot]) throws {
        let parsed = try straps.map { strap in (try strap.bluetoothAddress(), strap.address) }
        queued.withLock { $0.append(contentsOf: parsed.map { (address: $0.0, text: $0.1) }) }
    }

    func take() -> [(address: UInt64, text: String)] {
        queued.withLock { q in defer { q.removeAll() }; return q }
    }
}

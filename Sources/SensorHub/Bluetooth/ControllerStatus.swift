import Synchronization

/// Per controller, why it is down while the worker reopens it (nil: working).
/// Written by the worker, read by the kiosk's loop.
final class ControllerStatus: Sendable {
    private let lines = Mutex<[String?]>([])

    func reset(count: Int) { lines.withLock { $0 = Array(repeating: nil, count: count) } }

    func set(_ controller: Int, _ line: String?) {
        lines.withLock { if $0.indices.contains(controller) { $0[controller] = line } }
    }

    /// The controllers that are down, as one line for the coach; nil when all work.
    var summary: String? {
        let down = lines.withLock { $0.compactMap { $0 } }
        return down.isEmpty ? nil : "Bluetooth " + down.joined(separator: "; ")
    }
}

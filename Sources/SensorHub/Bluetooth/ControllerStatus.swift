import Synchronization

/// Per controller, what the coach should know while the worker looks after it: why it is
/// down or being reset (nil: working or still starting), and whether it ever came up.
/// Written by the worker, read by the kiosk's loop and by `record` / `scan` at the end.
final class ControllerStatus: Sendable {
    private struct Entry { var line: String?; var cameUp = false; var lastFailure: String? }
    private let entries = Mutex<[Entry]>([])

    func reset(count: Int) { entries.withLock { $0 = Array(repeating: Entry(), count: count) } }

    func set(_ controller: Int, _ line: String?) {
        entries.withLock { if $0.indices.contains(controller) { $0[controller].line = line } }
    }

    /// The controller finished bring-up (at least once since the source started).
    func markUp(_ controller: Int) {
        entries.withLock { if $0.indices.contains(controller) { $0[controller].cameUp = true } }
    }

    /// Why the controller last failed, for a user who asks why nothing was heard.
    func noteFailure(_ controller: Int, _ why: String) {
        entries.withLock { if $0.indices.contains(controller) { $0[controller].lastFailure = why } }
    }

    /// The controllers that are down, as one line for the coach; nil when all work.
    var summary: String? {
        let down = entries.withLock { $0.compactMap(\.line) }
        return down.isEmpty ? nil : "Bluetooth " + down.joined(separator: "; ")
    }

    /// Whether any controller came up since the source started.
    var anyCameUp: Bool { entries.withLock { $0.contains { $0.cameUp } } }

    /// Per controller that never came up, its last failure (nil when none was seen yet).
    var neverUp: [(controller: Int, lastFailure: String?)] {
        entries.withLock { list in list.indices.filter { !list[$0].cameUp }.map { ($0, list[$0].lastFailure) } }
    }
}

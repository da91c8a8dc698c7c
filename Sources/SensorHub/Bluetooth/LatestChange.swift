import Synchronization

/// A value the caller changes and the worker picks up at the top of its loop: only the
/// latest change counts (which straps are wanted, whether discovery is on).
final class LatestChange<Value: Sendable>: Sendable {
    private let latest = Mutex<Value?>(nil)

    func set(_ value: Value) { latest.withLock { $0 = value } }

    /// The change since the last call, if any.
    func take() -> Value? { latest.withLock { value in defer { value = nil }; return value } }
}

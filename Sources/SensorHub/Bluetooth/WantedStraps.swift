import Synchronization

/// Which straps the caller wants connected right now (the current team's, or every
/// strap while pairing), handed to the worker, which takes the latest at the top of
/// its loop. nil: every strap it knows.
final class WantedStraps: Sendable {
    private let latest = Mutex<Set<Int>??>(.none)

    func set(_ straps: Set<Int>?) { latest.withLock { $0 = .some(straps) } }

    /// The change since the last call, if any.
    func take() -> Set<Int>?? { latest.withLock { value in defer { value = .none }; return value } }
}

import Synchronization

/// The first of several racing outcomes resumes one continuation; the rest are dropped. A deadline,
/// the work itself and the caller's cancellation race in `ClubDatabase.within`, each from its own task.
final class FirstAnswer<T: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<T, any Error>?
        var early: Result<T, any Error>?
        var given = false
        var onGiven: [@Sendable () -> Void] = []
    }
    private let state = Mutex(State())

    /// The continuation the first answer resumes (at once, if it came before).
    func deliver(to continuation: CheckedContinuation<T, any Error>) {
        let early: Result<T, any Error>? = state.withLock { s in
            if let early = s.early { s.early = nil; return early }
            s.continuation = continuation
            return nil
        }
        if let early { continuation.resume(with: early) }
    }

    /// Runs `action` once an answer has been given (at once, if one has).
    func onGiven(_ action: @escaping @Sendable () -> Void) {
        let now = state.withLock { s in
            if s.given { return true }
            s.onGiven.append(action)
            return false
        }
        if now { action() }
    }

    /// Gives `result` if no answer was given yet.
    func give(_ result: Result<T, any Error>) {
        var continuation: CheckedContinuation<T, any Error>?
        var actions: [@Sendable () -> Void] = []
        let first = state.withLock { s in
            guard !s.given else { return false }
            s.given = true
            actions = s.onGiven
            s.onGiven = []
            if let waiting = s.continuation {
                continuation = waiting
                s.continuation = nil
            } else {
                s.early = result
            }
            return true
        }
        guard first else { return }
        continuation?.resume(with: result)
        actions.forEach { $0() }
    }
}

import Foundation
import Synchronization

/// The one named thread a Bluetooth source runs its worker on (blocking I/O never runs on
/// a Swift Task): `start` hands the body a "should I stop?" check, `stop` asks and waits.
final class WorkerThread: Sendable {
    private let stopRequested = Mutex(false)
    private let finished = Mutex<DispatchSemaphore?>(nil)

    func start(name: String, _ body: @escaping @Sendable (_ shouldStop: @escaping @Sendable () -> Bool) -> Void) {
        let done = DispatchSemaphore(value: 0)
        finished.withLock { $0 = done }
        stopRequested.withLock { $0 = false }
        let shouldStop: @Sendable () -> Bool = { [self] in stopRequested.withLock { $0 } }
        let thread = Thread {
            body(shouldStop)
            done.signal()
        }
        thread.name = name
        thread.start()
    }

    /// Asks the body to return and waits until it has; does nothing when not running.
    func stop() {
        stopRequested.withLock { $0 = true }
        let done = finished.withLock { s -> DispatchSemaphore? in defer { s = nil }; return s }
        done?.wait()
    }
}

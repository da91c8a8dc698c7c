import Foundation
import Synchronization

/// The one way a source runs its worker: a named Foundation `Thread` (blocking I/O and sleeps never
/// run on a Swift Task or a dispatch queue). `start` hands the body a "should I stop?" check it reads
/// once a turn; `stop` asks and waits until the body has returned. Used by the Bluetooth sources,
/// the simulated team and the latency benchmark's source.
public final class WorkerThread: Sendable {
    private let stopRequested = Atomic<Bool>(false)
    private let finished = Mutex<DispatchSemaphore?>(nil)

    public init() {}

    public func start(name: String, _ body: @escaping @Sendable (_ shouldStop: @escaping @Sendable () -> Bool) -> Void) {
        let done = DispatchSemaphore(value: 0)
        finished.withLock { $0 = done }
        stopRequested.store(false, ordering: .relaxed)
        let shouldStop: @Sendable () -> Bool = { [self] in stopRequested.load(ordering: .relaxed) }
        // Named from inside: on Linux, a name set on the `Thread` before `start` never reaches the
        // thread (it keeps the process's name in `top -H`, gdb and crash reports).
        let thread = Thread {
            Thread.current.name = name
            body(shouldStop)
            done.signal()
        }
        thread.start()
    }

    /// Asks the body to return and waits until it has; does nothing when not running.
    public func stop() {
        stopRequested.store(true, ordering: .relaxed)
        let done = finished.withLock { s -> DispatchSemaphore? in defer { s = nil }; return s }
        done?.wait()
    }
}

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

    /// What the kernel keeps of a thread's name.
    public static let maxNameBytes = 15

    public func start(name: String, _ body: @escaping @Sendable (_ shouldStop: @escaping @Sendable () -> Bool) -> Void) {
        let done = DispatchSemaphore(value: 0)
        finished.withLock { $0 = done }
        stopRequested.store(false, ordering: .relaxed)
        let shouldStop: @Sendable () -> Bool = { [self] in stopRequested.load(ordering: .relaxed) }
        // Named from inside, through the kernel's own file for it: a name set on the `Thread` before `start` never
        // reaches the thread on Linux, and Foundation's setter from inside is lost when the thread runs
        // before `start` has recorded its handle (it then keeps the process's name in `top -H`, gdb
        // and crash reports). The kernel keeps 15 bytes of a name and refuses a longer one.
        let kernelName = String(decoding: name.utf8.prefix(Self.maxNameBytes), as: UTF8.self)
        let thread = Thread {
            Self.nameThisThread(kernelName)
            body(shouldStop)
            done.signal()
        }
        thread.start()
    }

    /// `/proc/thread-self/comm` names the calling thread (what `pthread_setname_np` does on Linux,
    /// which Swift's Glibc module does not offer). A failure leaves the process's name: cosmetic.
    private static func nameThisThread(_ name: String) {
        let fd = open("/proc/thread-self/comm", O_WRONLY)
        guard fd >= 0 else { return }
        defer { close(fd) }
        _ = name.utf8CString.withUnsafeBufferPointer { write(fd, $0.baseAddress, $0.count - 1) }
    }

    /// Asks the body to return and waits until it has; does nothing when not running.
    public func stop() {
        stopRequested.store(true, ordering: .relaxed)
        let done = finished.withLock { s -> DispatchSemaphore? in defer { s = nil }; return s }
        done?.wait()
    }
}

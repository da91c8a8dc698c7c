import Foundation
import SensorCore
import Synchronization
import XCTest

/// The one worker-thread helper every source runs on: its body runs on a thread of its own, under
/// the given name, until asked to stop; `stop` returns only once the body has.
final class WorkerThreadTests: XCTestCase {
    func testTheBodyRunsOnItsOwnNamedThreadAndStopWaitsForItToReturn() {
        let worker = WorkerThread()
        let started = DispatchSemaphore(value: 0)
        let seen = Mutex<(name: String?, main: Bool, turns: Int, returned: Bool)>((nil, true, 0, false))
        worker.start(name: "sideline.tests") { shouldStop in
            // What `top -H`, gdb and crash reports show (the kernel keeps 15 characters).
            let kernelName = try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)
            seen.withLock { $0.name = kernelName; $0.main = Thread.isMainThread }
            started.signal()
            while !shouldStop() {
                seen.withLock { $0.turns += 1 }
                Thread.sleep(forTimeInterval: 0.001) // a worker's turn; the test itself waits on the semaphore
            }
            Thread.sleep(forTimeInterval: 0.05) // a slow shutdown (a Bluetooth source letting its straps go)
            seen.withLock { $0.returned = true }
        }
        XCTAssertEqual(started.wait(timeout: .now() + 10), .success)
        worker.stop()
        let after = seen.withLock { $0 }
        XCTAssertEqual(after.name, "sideline.tests\n")
        XCTAssertFalse(after.main)
        XCTAssertTrue(after.returned, "stop returned before the body did")
    }

    func testStopWhenNotRunningReturnsAndTheHelperRunsAgainAfterAStop() {
        let worker = WorkerThread()
        worker.stop() // never started: nothing to wait for
        for round in 1...2 {
            let ran = DispatchSemaphore(value: 0)
            let stoppedAtStart = Mutex<Bool?>(nil)
            worker.start(name: "sideline.tests") { shouldStop in
                stoppedAtStart.withLock { $0 = shouldStop() }
                ran.signal()
                while !shouldStop() { Thread.sleep(forTimeInterval: 0.001) }
            }
            XCTAssertEqual(ran.wait(timeout: .now() + 10), .success, "round \(round)")
            XCTAssertEqual(stoppedAtStart.withLock { $0 }, false, "a new start is not already stopped (round \(round))")
            worker.stop()
            worker.stop() // twice: harmless
        }
    }
}

/// A name longer than the kernel keeps is cut to its first 15 bytes, not refused (which would leave
/// the process's name on the thread).
final class WorkerThreadLongNameTests: XCTestCase {
    func testALongNameIsCutToWhatTheKernelKeeps() {
        let worker = WorkerThread()
        let seen = Mutex<String?>(nil)
        let started = DispatchSemaphore(value: 0)
        worker.start(name: "sideline.a-name-longer-than-fifteen") { shouldStop in
            seen.withLock { $0 = try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8) }
            started.signal()
            while !shouldStop() { Thread.sleep(forTimeInterval: 0.001) }
        }
        XCTAssertEqual(started.wait(timeout: .now() + 10), .success)
        worker.stop()
        XCTAssertEqual(seen.withLock { $0 }, "sideline.a-name\n")
    }
}

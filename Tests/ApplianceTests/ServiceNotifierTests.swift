@testable import Appliance
import Foundation
import XCTest

/// The notifier against a real AF_UNIX datagram socket standing in for systemd's.
final class ServiceNotifierTests: XCTestCase {
    final class FakeSystemd {
        let fd: Int32
        let name: String
        init(abstract: Bool) throws {
            fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            name = abstract ? "@sideline-test-\(UUID().uuidString.prefix(8))" : NSTemporaryDirectory() + "notify-\(UUID().uuidString.prefix(8))"
            let (address, length) = try XCTUnwrap(ServiceNotifier.socketAddress(name))
            var a = address
            let rc = withUnsafePointer(to: &a) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
            XCTAssertEqual(rc, 0, String(cString: strerror(errno)))
        }
        deinit {
            close(fd)
            if !name.hasPrefix("@") { unlink(name) }
        }
        /// Every datagram waiting, without blocking.
        func received() -> [String] {
            var messages: [String] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
                guard n > 0 else { return messages }
                messages.append(String(decoding: buffer[0..<n], as: UTF8.self))
            }
        }
    }

    func testOutsideSystemdThereIsNoNotifier() {
        XCTAssertNil(ServiceNotifier(environment: [:]))
        XCTAssertNil(ServiceNotifier(environment: ["NOTIFY_SOCKET": "@"]))
        XCTAssertNil(ServiceNotifier(environment: ["NOTIFY_SOCKET": "/" + String(repeating: "x", count: 200)]), "longer than sun_path")
    }

    func testReadyOnceThenWatchdogAtHalfThePeriodOnBothKindsOfSocket() throws {
        for abstract in [false, true] {
            let systemd = try FakeSystemd(abstract: abstract)
            let notifier = try XCTUnwrap(ServiceNotifier(environment: ["NOTIFY_SOCKET": systemd.name, "WATCHDOG_USEC": "10000000"]))
            XCTAssertEqual(notifier.watchdogIntervalNs, 5_000_000_000)
            notifier.ready(status: "team picker")
            notifier.ready(status: "again")
            notifier.loopTurned(nowNs: 100)
            notifier.loopTurned(nowNs: 100 + 4_999_999_999) // not yet due
            notifier.loopTurned(nowNs: 100 + 5_000_000_000)
            notifier.stopping()
            XCTAssertEqual(systemd.received(), ["READY=1\nSTATUS=team picker", "WATCHDOG=1", "WATCHDOG=1", "STOPPING=1"], abstract ? "abstract" : "path")
        }
    }

    func testWatchdogMeantForAnotherProcessIsLeftAlone() throws {
        let systemd = try FakeSystemd(abstract: true)
        let notifier = try XCTUnwrap(ServiceNotifier(environment: ["NOTIFY_SOCKET": systemd.name, "WATCHDOG_USEC": "2000000",
                                                                   "WATCHDOG_PID": "\(getpid() + 1)"]))
        XCTAssertNil(notifier.watchdogIntervalNs)
        notifier.loopTurned(nowNs: 1)
        XCTAssertEqual(systemd.received(), [])
        XCTAssertEqual(ServiceNotifier.watchdogInterval(environment: ["WATCHDOG_USEC": "2000000", "WATCHDOG_PID": "\(getpid())"], pid: getpid()),
                       1_000_000_000)
    }

    func testAVanishedSocketDoesNotStopTheCaller() throws {
        var systemd: FakeSystemd? = try FakeSystemd(abstract: false)
        let notifier = try XCTUnwrap(ServiceNotifier(environment: ["NOTIFY_SOCKET": systemd!.name, "WATCHDOG_USEC": "1"]))
        systemd = nil
        notifier.ready(status: "x")
        notifier.loopTurned(nowNs: 0)
        XCTAssertTrue(notifier.sentReady)
    }
}

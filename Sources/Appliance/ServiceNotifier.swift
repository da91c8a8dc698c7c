import Foundation

/// Tells systemd how the service is (sd_notify's protocol, without libsystemd): `READY=1` once
/// the first frame is on screen, `WATCHDOG=1` while the event loop turns, `STOPPING=1` on the
/// way out. Each message is one datagram to the AF_UNIX socket named by `$NOTIFY_SOCKET`
/// (a leading `@` is Linux's abstract namespace). Outside systemd there is no socket and
/// `init` returns nil, so the kiosk calls nothing.
///
/// The watchdog is fed from the loop itself, never from a timer thread: a loop that hangs
/// stops feeding, and systemd kills and restarts the kiosk after `WatchdogSec=`.
public final class ServiceNotifier {
    private let fd: Int32
    private var address: sockaddr_un
    private let addressLength: socklen_t
    /// How often to feed the watchdog: half of `WatchdogSec=` (sd_watchdog_enabled's advice); nil when off.
    public let watchdogIntervalNs: UInt64?
    private var lastWatchdogNs: UInt64?
    public private(set) var sentReady = false

    public init?(environment: [String: String] = ServiceNotifier.environment(), pid: Int32 = getpid()) {
        guard let path = environment["NOTIFY_SOCKET"], let (address, length) = Self.socketAddress(path) else { return nil }
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        self.fd = fd
        self.address = address
        self.addressLength = length
        watchdogIntervalNs = Self.watchdogInterval(environment: environment, pid: pid)
    }

    deinit { close(fd) }

    /// The variables systemd's notification protocol uses, read with getenv (not a copy of the whole environment).
    public static func environment() -> [String: String] {
        var values: [String: String] = [:]
        for name in ["NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID"] {
            if let value = getenv(name) { values[name] = String(cString: value) }
        }
        return values
    }

    /// `READY=1` (once) with a status line for `systemctl status`.
    public func ready(status: String) {
        guard !sentReady else { return }
        sentReady = true
        send("READY=1\nSTATUS=\(status)")
    }

    public func status(_ line: String) { send("STATUS=\(line)") }

    /// Feeds the watchdog if half its period has passed since the last time; call every loop turn.
    public func loopTurned(nowNs: UInt64) {
        guard let interval = watchdogIntervalNs else { return }
        if let last = lastWatchdogNs, nowNs &- last < interval { return }
        lastWatchdogNs = nowNs
        send("WATCHDOG=1")
    }

    public func stopping() { send("STOPPING=1") }

    /// Best effort: a full or vanished socket must never stop the kiosk.
    private func send(_ message: String) {
        var bytes = Array(message.utf8)
        var to = address
        _ = withUnsafePointer(to: &to) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { sa in
                sendto(fd, &bytes, bytes.count, Int32(MSG_NOSIGNAL), sa, addressLength)
            }
        }
    }

    /// `/run/systemd/notify` or `@abstract-name`; nil when too long for `sun_path` or empty.
    static func socketAddress(_ path: String) -> (sockaddr_un, socklen_t)? {
        var bytes = Array(path.utf8)
        guard bytes.count > 1 || (bytes.count == 1 && bytes[0] != UInt8(ascii: "@")) else { return nil }
        let abstract = bytes.first == UInt8(ascii: "@")
        if abstract { bytes[0] = 0 }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        // A filesystem path needs its terminating NUL inside sun_path; an abstract name does not.
        guard bytes.count + (abstract ? 0 : 1) <= capacity else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
        }
        let length = MemoryLayout<sa_family_t>.size + bytes.count + (abstract ? 0 : 1)
        return (address, socklen_t(length))
    }

    /// `WATCHDOG_USEC` halved, if `WATCHDOG_PID` is unset or names this process.
    static func watchdogInterval(environment: [String: String], pid: Int32) -> UInt64? {
        guard let text = environment["WATCHDOG_USEC"], let usec = UInt64(text), usec > 0 else { return nil }
        if let owner = environment["WATCHDOG_PID"], Int32(owner) != pid { return nil }
        return usec * 1000 / 2
    }
}

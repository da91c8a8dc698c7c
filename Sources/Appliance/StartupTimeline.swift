import Foundation

/// Where the kiosk's start goes, from the process's launch to its first frame: phases marked as
/// they end, one line for the journal once the kiosk is on screen. A crashed kiosk is back on
/// screen as fast as this line says (plus systemd's `RestartSec` and the compositor), so it is
/// what to read when that is slow. Main thread only.
public final class StartupTimeline {
    /// Monotonic nanoseconds when the process started (before the dynamic loader and the Swift
    /// runtime ran), when known; else the timeline starts at its own creation.
    private let launchNs: UInt64?
    private var previousNs: UInt64
    private var phases: [(name: String, ns: UInt64)] = []

    /// Started in `main`: the launch read from /proc, the clock read now.
    public convenience init() {
        self.init(launchNs: Self.processLaunchNs(), nowNs: Self.monotonicNs())
    }

    init(launchNs: UInt64?, nowNs: UInt64) {
        self.launchNs = launchNs
        previousNs = nowNs
        if let launchNs, launchNs <= nowNs { phases.append(("before main", nowNs - launchNs)) }
    }

    /// The phase that ends now.
    public func mark(_ phase: String) { mark(phase, nowNs: Self.monotonicNs()) }

    func mark(_ phase: String, nowNs: UInt64) {
        phases.append((phase, nowNs >= previousNs ? nowNs - previousNs : 0))
        previousNs = nowNs
    }

    /// "on screen 3120 ms after launch: before main 210 ms, database 95 ms, …".
    public var summary: String {
        let total = phases.reduce(0) { $0 + $1.ns }
        let parts = phases.map { "\($0.name) \(Self.ms($0.ns))" }.joined(separator: ", ")
        return "on screen \(Self.ms(total)) after \(launchNs == nil ? "main" : "launch"): \(parts)"
    }

    private static func ms(_ ns: UInt64) -> String { "\((ns + 500_000) / 1_000_000) ms" }

    /// The clock ticks of /proc's start times, in nanoseconds (10 ms at the usual 100 Hz).
    static var tickNs: UInt64 { 1_000_000_000 / UInt64(max(sysconf(Int32(_SC_CLK_TCK)), 1)) }

    static func monotonicNs() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }

    /// When this process started, on the monotonic clock: its start time in
    /// `/proc/self/stat` (clock ticks since boot) against the boot-time clock now. Nil off Linux
    /// or when /proc cannot be read.
    static func processLaunchNs(stat path: String = "/proc/self/stat") -> UInt64? {
        guard let stat = try? String(contentsOfFile: path, encoding: .utf8),
              let ticks = startTicks(fromStat: stat) else { return nil }
        var boot = timespec()
        guard clock_gettime(CLOCK_BOOTTIME, &boot) == 0 else { return nil }
        let bootNs = UInt64(boot.tv_sec) * 1_000_000_000 + UInt64(boot.tv_nsec)
        let monoNs = monotonicNs()
        let startedNs = ticks * tickNs
        guard startedNs <= bootNs, bootNs - startedNs <= monoNs else { return nil }
        return monoNs - (bootNs - startedNs)
    }

    /// Field 22 (starttime) of a `/proc/PID/stat` line. The command name (field 2) sits in
    /// parentheses and may itself hold spaces and parentheses, so fields are counted after the last ')'.
    static func startTicks(fromStat stat: String) -> UInt64? {
        guard let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After ')': field 3 (state) is fields[0], so field 22 is fields[19].
        guard fields.count > 19 else { return nil }
        return UInt64(fields[19])
    }
}

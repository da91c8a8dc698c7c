import Foundation

/// Which Bluetooth adapters this machine has, and whether bluetoothd is running to
/// own them: what `--source auto` (the kiosk's default) decides from.
public struct AdapterProbe: Sendable, Equatable {
    /// Adapter names (hci0, hci1…) in index order.
    public var adapters: [String]
    public var bluetoothdRunning: Bool

    public init(adapters: [String], bluetoothdRunning: Bool) {
        self.adapters = adapters
        self.bluetoothdRunning = bluetoothdRunning
    }

    /// Where adapters are listed; `SIDELINE_SYSFS_BLUETOOTH` stands in for it in tests.
    public static var defaultSysClassBluetooth: String {
        ProcessInfo.processInfo.environment["SIDELINE_SYSFS_BLUETOOTH"] ?? "/sys/class/bluetooth"
    }

    /// Reads `/sys/class/bluetooth` and `/proc/*/comm` (roots replaceable for tests).
    public init(sysClassBluetooth: String = AdapterProbe.defaultSysClassBluetooth, proc: String = "/proc") {
        let files = FileManager.default
        let names = (try? files.contentsOfDirectory(atPath: sysClassBluetooth)) ?? []
        // hciN only: the same directory lists per-connection entries such as hci0:12.
        adapters = names.filter { $0.hasPrefix("hci") && Int($0.dropFirst(3)) != nil }
            .sorted { Int($0.dropFirst(3))! < Int($1.dropFirst(3))! }
        let pids = ((try? files.contentsOfDirectory(atPath: proc)) ?? []).filter { Int($0) != nil }
        bluetoothdRunning = pids.contains { pid in
            (try? String(contentsOfFile: "\(proc)/\(pid)/comm", encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines) == "bluetoothd"
        }
    }

    /// The `--source` for the first adapter: through bluetoothd when it runs (it holds the
    /// adapter; taking it away would fight it), else Sideline's own host on the HCI user
    /// channel. nil when there is no adapter: the caller falls back to simulated straps.
    public var preferredSource: String? {
        guard let first = adapters.first else { return nil }
        return bluetoothdRunning ? "bluez:\(first)" : "hci-user:\(first)"
    }
}

import TeamCore

/// Which straps a Bluetooth source connects, and when: the one policy of both hosts — Sideline's
/// own (`LinkManager`, over HCI) and bluetoothd's (`BlueZDBusSource`, over D-Bus). Pure: a source
/// keeps its links (in a `StrapLinkTable`) and its clock and asks this about each strap.
struct StrapLinkPolicy: Sendable {
    /// How recently a strap must have been heard advertising to be worth a connect: a connect to a
    /// strap nobody hears only times out, holding a connection slot meanwhile.
    struct HeardWindow: Sendable, Equatable {
        let ns: UInt64

        /// Sideline's own host sees every advertising report: a strap advertises several times a
        /// second, so one not heard for 2 s has gone.
        static let everyReport = HeardWindow(ns: 2_000_000_000)
        /// bluetoothd passes an advertisement on only as a change of the device's properties (RSSI,
        /// manufacturer or service data), so a strap in range can go unreported for seconds.
        static let propertyChanges = HeardWindow(ns: 10_000_000_000)
    }

    let broadcast: BroadcastPolicy
    let heardWindow: HeardWindow
    /// Straps that may hold a connection; the others are let go.
    var wanted: StrapSelection = .all

    init(broadcast: BroadcastPolicy, heardWindow: HeardWindow) {
        self.broadcast = broadcast
        self.heardWindow = heardWindow
    }

    func wants(_ strap: Int) -> Bool { wanted.contains(StrapIndex(position: strap)) }

    /// Whether a strap is served from its advertisements rather than a connection: never, always
    /// (when it broadcasts), or when the wanted straps outnumber the links the source can hold now.
    func servedByBroadcast(broadcasts: Bool, strapCount: Int, connectionBudget: Int) -> Bool {
        guard broadcasts else { return false }
        switch broadcast {
        case .never: return false
        case .always: return true
        case .overBudget: return wanted.count(ofTable: strapCount) > connectionBudget
        }
    }

    /// Heard advertising within the window (0: never heard).
    func heardRecently(lastHeardNs: UInt64, nowNs: UInt64) -> Bool {
        lastHeardNs != 0 && nowNs &- lastHeardNs < heardWindow.ns
    }

    /// Whether bluetoothd may be asked to connect a strap it knows (a device object) before anyone
    /// heard it advertise: while every wanted strap has room for a link, unless its advertisements
    /// could still say it is to be read from its broadcasts (policy always, never heard yet). A
    /// device bluetoothd kept from an earlier Connect carries no advertisement data at all.
    func mayConnectUnheard(everHeard: Bool, strapCount: Int, connectionBudget: Int) -> Bool {
        wanted.count(ofTable: strapCount) <= connectionBudget && (broadcast != .always || everHeard)
    }

    /// An idle strap may be asked for now: wanted, its backoff over, heard recently (or, for
    /// bluetoothd, already connected by it), and not served from its broadcasts.
    func mayConnect(_ strap: Int, nextAttemptNs: UInt64, heard: Bool, broadcasts: Bool,
                    strapCount: Int, connectionBudget: Int, nowNs: UInt64) -> Bool {
        wants(strap) && nextAttemptNs <= nowNs && heard
            && !servedByBroadcast(broadcasts: broadcasts, strapCount: strapCount, connectionBudget: connectionBudget)
    }

    /// When a strap whose link just failed `failures` times before may be tried again.
    static func retryAtNs(afterFailures failures: Int, nowNs: UInt64) -> UInt64 {
        nowNs + ReconnectBackoff.delayNs(afterFailures: failures)
    }
}

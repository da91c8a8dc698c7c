import BlueZTransport
import Foundation
import HeartRateProtocol
import Logging

/// bluetoothd's discovery, kept on only while it is needed, and checked to be really running.
///
/// bluetoothd answers calls and sends its signals only when its main loop is idle (both are
/// GLib idle sources); every advertising report the kernel hands it comes first. On a slow CPU a
/// discovery among many advertisers keeps it from ever being idle: nothing comes back — not a
/// new device, not a strap's heart-rate value — until the reports pause (docs/BLUETOOTH.md). So:
/// - discovery runs only while something needs it: pairing, a wanted strap bluetoothd does not
///   know yet (no device object: a Connect needs one), a strap served by its broadcasts, or more
///   wanted straps than links (the policy then picks by who was heard). A strap bluetoothd knows
///   is connected without being heard again: the kernel keeps the Connect on its accept list and
///   links the strap when it next advertises, with no discovery and no flood of reports;
/// - discovery that should run but has not been seen to (the adapter's `Discovering` false, or
///   no device heard at all while a wanted strap is still unknown) is started again, stop then
///   start, so bluetoothd really restarts it instead of deciding its filters are unchanged;
/// - at the end of pairing, the StopDiscovery's reply is waited for: bluetoothd sends every
///   signal it held back before any reply, so what it found during the scan has then arrived.
struct BlueZDiscovery {
    /// Whether this client's discovery is registered with bluetoothd (asked for, not stopped).
    var asked = false
    /// When it was last asked for (start or restart).
    var askedAtNs: UInt64 = 0
    /// Since when nothing has needed it (it is stopped after `BlueZWorker.discoveryLingerNs`).
    var unneededSinceNs: UInt64?
    /// When any device was last heard advertising while it was asked for.
    var lastHeardNs: UInt64 = 0
    /// Restarts in a row without a device heard in between (each waits longer).
    var restarts = 0
    /// bluetoothd said `Discovering` true while this client's discovery was asked for.
    var seenRunning = false
    /// What went wrong with it, for `scan` and the log (nil: nothing known).
    var problem: String?
}

extension BlueZWorker {
    /// Discovery unneeded for this long is stopped (connects under way settle first).
    static let discoveryLingerNs: UInt64 = 5_000_000_000
    /// Asked for, needed, and yet no device heard (or `Discovering` false) for this long: restart.
    static let discoveryQuietNs: UInt64 = 10_000_000_000
    /// How long the end of pairing waits for bluetoothd to confirm discovery stopped.
    static let discoveryStopWaitMs: UInt64 = 30_000

    /// Why discovery is needed now; nil when nothing needs it.
    func discoveryNeed(client: BlueZClient) -> String? {
        if boards.discovery.isActive { return "pairing" }
        let wanted = straps.indices.filter { policy.wants($0) }
        if policy.wanted.count(ofTable: straps.count) > settings.setup.maxConnectionsPerController { return "more straps than links" }
        // Broadcasts are heard only while discovering: read them when asked to always, or for the straps known to send them.
        if settings.setup.broadcastPolicy == .always || wanted.contains(where: { servedByBroadcast(straps[$0]) }) { return "broadcasts" }
        if wanted.contains(where: { straps[$0].phase == .idle && client.tree.properties(straps[$0].devicePath, BlueZ.device) == nil }) {
            return "straps not found yet"
        }
        return nil
    }

    /// Each turn of the loop: start, stop or restart discovery as the straps need it.
    func keepDiscovery(client: BlueZClient, nowNs now: UInt64) {
        guard adapterState == .ready, discoveryRetryNs == nil else { return }
        let need = discoveryNeed(client: client)
        guard need != nil else {
            if discovery.asked {
                let since = discovery.unneededSinceNs ?? now
                discovery.unneededSinceNs = since
                if now &- since >= Self.discoveryLingerNs { stopDiscovery(client: client) }
            }
            return
        }
        discovery.unneededSinceNs = nil
        guard discovery.asked else {
            askForDiscovery(client: client, restart: false, nowNs: now)
            return
        }
        // Asked for and needed: is it running? bluetoothd may have stopped it (another client's
        // stop, the adapter reset) or never really started it (a restart it judged unneeded).
        let quietFor = now &- max(discovery.lastHeardNs, discovery.askedAtNs)
        let backoff = Self.discoveryQuietNs << UInt64(min(discovery.restarts, 3))
        guard quietFor >= backoff else { return }
        let running = client.tree.properties(client.adapterPath, BlueZ.adapter)?["Discovering"]?.boolValue ?? false
        let why = running ? "no device heard for \(quietFor / 1_000_000_000) s" : "bluetoothd says it is not discovering"
        log("discovery (for \(need!)) \(why); starting it again", discovery.restarts == 0 ? .notice : .debug)
        discovery.restarts += 1
        askForDiscovery(client: client, restart: true, nowNs: now)
    }

    /// Asks bluetoothd for discovery without waiting (its answers come to `discoveryReplied`);
    /// a restart stops this client's first, so bluetoothd starts afresh.
    func askForDiscovery(client: BlueZClient, restart: Bool, nowNs now: UInt64) {
        if restart { _ = expect(client.send(client.adapterPath, BlueZ.adapter, "StopDiscovery"), .stopDiscovery, nowNs: now) }
        _ = expect(client.send(client.adapterPath, BlueZ.adapter, "SetDiscoveryFilter", [BlueZClient.discoveryFilter(serviceUUIDs: [Self.heartRateUUID])]),
                   .setDiscoveryFilter, nowNs: now)
        _ = expect(client.send(client.adapterPath, BlueZ.adapter, "StartDiscovery"), .startDiscovery, nowNs: now)
        discovery.asked = true
        discovery.askedAtNs = now
        discovery.unneededSinceNs = nil
        log("discovery on\(restart ? " again" : "")", .debug)
    }

    func stopDiscovery(client: BlueZClient) {
        _ = expect(client.send(client.adapterPath, BlueZ.adapter, "StopDiscovery"), .stopDiscovery, nowNs: clock())
        discovery.asked = false
        discovery.unneededSinceNs = nil
        discovery.restarts = 0
        log("discovery off: every wanted strap is known to bluetoothd", .debug)
    }

    /// A device was heard advertising.
    func discoveryHeard(nowNs now: UInt64) {
        discovery.lastHeardNs = now
        discovery.restarts = 0
    }

    /// The adapter's `Discovering` changed.
    func discoveringChanged(client: BlueZClient) {
        if discovery.asked, client.tree.properties(client.adapterPath, BlueZ.adapter)?["Discovering"]?.boolValue == true {
            discovery.seenRunning = true
        }
    }

    func discoveryReplied(_ call: Call, error: BusError?) {
        guard let error else { return }
        switch call {
        case .startDiscovery where error.name == "org.bluez.Error.InProgress":
            return // already ours
        case .startDiscovery, .setDiscoveryFilter:
            discovery.problem = "\(BlueZError(bluez: error, doing: "starting discovery", adapter: adapter))"
            log(discovery.problem!, .warning)
        default:
            log("stopping discovery: \(error)", .debug)
        }
    }

    /// At the end of pairing (`scan`, the pairing screen's source stopping): stop discovery and
    /// wait for bluetoothd's answer, handling what comes before it — the signals it held back,
    /// which carry the straps it found. Then say what went wrong, if anything did.
    func finishPairing(client: BlueZClient) {
        let serial = client.send(client.adapterPath, BlueZ.adapter, "StopDiscovery")
        guard serial != 0 else { return }
        let deadline = clock() + Self.discoveryStopWaitMs * 1_000_000
        var answer: BusMessage?
        while answer == nil, clock() < deadline {
            guard let message = try? client.bus.nextMessage(timeoutMs: 50) else { if !client.bus.isConnected { break }; continue }
            if message.replySerial == serial, message.kind == .methodReturn || message.kind == .error {
                answer = message
            } else {
                handle(message, client: client)
            }
        }
        if let answer, let error = answer.error {
            // "No discovery started": bluetoothd no longer had this client's discovery. Anything else
            // (InProgress while it still starts or stops one, NotReady) says nothing of what was found.
            if error.message.contains("No discovery started") {
                discovery.problem = discovery.problem ?? "bluetoothd had ended this scan's discovery before its end (\(error.name): \(error.message))"
            } else {
                log("stopping the scan's discovery: \(error)", .debug)
            }
        } else if answer == nil {
            discovery.problem = discovery.problem ?? "bluetoothd did not answer within \(Self.discoveryStopWaitMs / 1000) s of the scan's end; what it found may be missing"
        } else if !discovery.seenRunning {
            discovery.problem = "bluetoothd never said its discovery was running"
        }
        discovery.asked = false
        if let problem = discovery.problem { boards.discovery.noteProblem(problem) }
    }
}

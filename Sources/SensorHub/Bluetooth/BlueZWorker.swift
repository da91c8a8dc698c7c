import BLEHost
import BlueZTransport
import Foundation
import HeartRateProtocol
import Logging
import SPSCRing
import TeamCore

/// The `bluez:` source's worker, in three parts along its seams: here the worker's state, its loop and
/// the life of its bus connection and adapter (bluetoothd gone and back, the adapter unplugged or
/// powered off); `BlueZWorker+Properties` reads what bluetoothd's signals say of devices and
/// characteristics; `BlueZWorker+Links` keeps each strap's link (connect, subscribe, timeouts,
/// backoff) in the `StrapLinkTable` and by the `StrapLinkPolicy` both Bluetooth hosts share;
/// `BlueZWorker+Description` reads what a subscribed strap says of itself.
///
/// Everything the worker thread owns, including the libdbus connection (inside
/// `client`). Created on the caller's thread, then handed to the worker once before
/// `Thread.start` (a happens-before edge) and never touched by another thread after:
/// hence `@unchecked Sendable`.
final class BlueZWorker: @unchecked Sendable {
    /// What the bluetoothd path keeps of a strap beside the books both paths keep (`StrapLink`):
    /// the device bluetoothd knows it as, and what this connection has of its GATT session.
    struct StrapDevice {
        /// The address as the caller wrote it, for the log.
        let text: String
        let devicePath: String
        var connectedAtNs: UInt64 = 0
        var subscribing = false
        var subscribed = false
        var heartRatePath: String?
        var batteryPath: String?
        /// What the strap said of itself on this connection, and which of its describing
        /// characteristics were asked for (each once per connection, whatever the answer).
        var description = SensorDescription()
        var describingAsked: Set<UInt16> = []
        /// The last thing said about why the strap cannot be used (said again only when it changes).
        var complaint: String?

        init(adapter: String, text: String) {
            self.text = text
            devicePath = BlueZ.devicePath(adapter: adapter, address: text)
        }
    }

    typealias Strap = StrapLink<StrapDevice>

    enum Call { case connect, startNotify, readBattery, readDescription(UInt16), setDiscoveryFilter, startDiscovery, stopDiscovery, other }
    /// A call under way; `strap` is -1 for the adapter's own (discovery).
    struct Pending { let strap: Int; let call: Call; let deadlineNs: UInt64 }

    var client: BlueZClient?
    let adapter: String
    let settings: BlueZDBusSource.Settings
    /// Shared with the source's caller: discovery, counters, descriptions, requests, status.
    let boards: StrapSourceBoards
    let wake: @Sendable () -> Void
    let clock: @Sendable () -> UInt64
    let straps: StrapLinkTable<StrapDevice>
    /// Which straps may be connected, and when (the policy `LinkManager` follows too).
    var policy: StrapLinkPolicy
    var pending: [UInt32: Pending] = [:]
    /// Characteristic path → (strap, is it the heart-rate measurement).
    var characteristics: [String: (strap: Int, heartRate: Bool)] = [:]
    let logger: Logger
    var busDownSinceNs: UInt64?
    var reopenFailures = 0
    /// The adapter as bluetoothd last reported it; only `.ready` carries straps.
    var adapterState = AdapterState.ready
    /// Discovery could not be started again on a returned adapter yet: retried at this time.
    var discoveryRetryNs: UInt64?
    var discoveryFailures = 0
    /// This client's discovery: asked for only while needed, checked to be running (`BlueZWorker+Discovery`).
    var discovery = BlueZDiscovery()

    static let heartRateUUID = BlueZ.uuid(GATTNumbers.heartRateService)
    static let batteryServiceUUID = BlueZ.uuid(GATTNumbers.batteryService)
    /// A link that bluetoothd says has dropped is asked for again only this much later. When the
    /// adapter goes down (powered off, bluetoothd exiting) bluetoothd reports each of its links
    /// down before the adapter itself; a Connect sent in between leaves the kernel a connect to fail
    /// in the power-down, where Debian 6.1's kernel can oops (docs/DESIGN.md). A strap that really
    /// walked away takes longer than this to be back.
    static let settleAfterLinkLossNs: UInt64 = 2_000_000_000

    /// `client` nil: bluetoothd or the adapter was not there at start; see `waitForBluetoothd`.
    /// The source starts discovery itself when the straps need it, before the thread starts.
    init(adapter: String, client: BlueZClient?, straps: [StrapSlot], addresses: [UInt64], ring: SPSCRing<SensorEvent>,
         settings: BlueZDBusSource.Settings, boards: StrapSourceBoards, wake: @escaping @Sendable () -> Void, clock: @escaping @Sendable () -> UInt64) {
        self.client = client
        self.adapter = adapter
        self.settings = settings
        policy = StrapLinkPolicy(broadcast: settings.setup.broadcastPolicy, heardWindow: .propertyChanges)
        self.straps = StrapLinkTable(ring: ring, counters: boards.counters, sightings: boards.sightings)
        self.boards = boards
        self.wake = wake
        self.clock = clock
        logger = BluetoothSource.logger(verbose: settings.setup.verbose)
        for (strap, address) in zip(straps, addresses) { self.straps.add(address, StrapDevice(adapter: adapter, text: strap.address)) }
    }

    /// `BlueZClient.startDiscovery` succeeded (at start, or on a returned bus or adapter).
    func discoveryStarted(nowNs now: UInt64) {
        discovery.asked = true
        discovery.askedAtNs = now
        discovery.unneededSinceNs = nil
        if let client, client.tree.properties(client.adapterPath, BlueZ.adapter)?["Discovering"]?.boolValue == true {
            discovery.seenRunning = true
        }
    }

    func log(_ line: String, _ level: Logger.Level = .notice) { logger.log(level: level, "bluez:\(adapter): \(line)") }

    // MARK: The loop

    func run(shouldStop: () -> Bool) {
        let now = clock()
        if let client {
            for path in client.tree.objects.keys.sorted() where client.tree.properties(path, BlueZ.device) != nil {
                deviceChanged(path, changed: nil, initial: true, nowNs: now)
            }
        }
        while !shouldStop() {
            for strap in boards.inbox.take() { addStrap(strap.address, text: strap.text) }
            if let change = boards.wanted.take() { setWanted(change) }
            if let client {
                do {
                    var budget = 512 // then step, so a flood of signals cannot starve connects and timeouts
                    var message = try client.bus.nextMessage(timeoutMs: 10)
                    while let m = message {
                        if BlueZClient.isBlueZOwnerChange(m) { busLost("bluetoothd stopped or restarted"); break }
                        handle(m, client: client)
                        budget -= 1
                        message = budget > 0 ? try client.bus.nextMessage(timeoutMs: 0) : nil
                    }
                } catch {
                    busLost("\(error)")
                }
            } else {
                Thread.sleep(forTimeInterval: 0.05)
                reopenIfDue()
            }
            step(nowNs: clock())
            if straps.takeWake() { wake() }
        }
        // Leave the straps free for the next run: disconnect what we connected.
        if let client {
            for s in straps where s.phase != .idle { _ = client.send(s.devicePath, BlueZ.device, "Disconnect") }
            if boards.discovery.isActive && discovery.asked {
                finishPairing(client: client) // what bluetoothd found, in before the caller reads it
            } else {
                _ = client.send(client.adapterPath, BlueZ.adapter, "StopDiscovery")
            }
            client.bus.flush()
            client.bus.close()
        }
    }

    /// A strap of the table (at the start, or paired while running); its index is the next one.
    /// bluetoothd may know the device already: take its state now.
    func addStrap(_ address: UInt64, text: String) {
        let device = StrapDevice(adapter: adapter, text: text)
        straps.add(address, device)
        if let client, client.tree.properties(device.devicePath, BlueZ.device) != nil {
            deviceChanged(device.devicePath, changed: nil, initial: true, nowNs: clock())
        }
    }

    /// Changes which straps may be connected; linked ones no longer wanted are let go. A Connect
    /// still under way is let finish and the link let go after (`step`): cancelling it races the
    /// kernel's own completion of the link, and trixie's 6.12 then failed the connect while the
    /// controller kept the link up, with no host — the strap, connected, stopped advertising and
    /// was never heard again (the kiosk tells its first wanted set just after the source has
    /// asked for every strap it hears).
    func setWanted(_ selection: StrapSelection) {
        policy.wanted = selection
        let now = clock()
        for i in straps.indices where straps[i].phase == .connected && !policy.wants(i) { abandon(i, nowNs: now) }
    }

    /// bluetoothd or the bus went away: every link is down; reopen with backoff
    /// (a new bluetoothd has new objects: nothing of the old tree is trusted).
    func busLost(_ reason: String) {
        log("\(reason); reconnecting to bluetoothd")
        boards.status.set(0, "bluez:\(adapter) lost, retrying") // the reason is in the log line above
        wake()
        client?.bus.close()
        client = nil
        pending.removeAll()
        characteristics.removeAll()
        discovery = BlueZDiscovery()
        let now = clock()
        busDownSinceNs = now
        reopenFailures = 0
        for i in straps.indices where straps[i].phase != .idle { linkDown(i, nowNs: now) }
    }

    /// bluetoothd, the bus or the adapter was not there at start (the kiosk came up anyway): said
    /// once, shown, and tried again with the backoff of a lost bus until it is there.
    func waitForBluetoothd(because reason: String) {
        log("not available (\(reason)); retrying", .warning)
        boards.status.set(0, "bluez:\(adapter) not available, retrying")
        busDownSinceNs = clock()
        reopenFailures = 0
    }

    func reopenIfDue() {
        let now = clock()
        guard let since = busDownSinceNs, now >= since + ReconnectBackoff.delayNs(afterFailures: reopenFailures + 1) else { return }
        do {
            let fresh = try BlueZClient(adapter: adapter, address: settings.busAddress)
            try fresh.startDiscovery(serviceUUIDs: [Self.heartRateUUID])
            client = fresh
            busDownSinceNs = nil
            adapterState = .ready // BlueZClient checked it is there and powered
            discoveryRetryNs = nil
            discoveryStarted(nowNs: now)
            log("back on bluetoothd")
            boards.status.set(0, nil)
            wake()
            for path in fresh.tree.objects.keys.sorted() where fresh.tree.properties(path, BlueZ.device) != nil {
                deviceChanged(path, changed: nil, initial: true, nowNs: now)
            }
        } catch {
            reopenFailures += 1
            busDownSinceNs = now
            log("\(error)", .debug)
        }
    }

    func handle(_ message: BusMessage, client: BlueZClient) {
        switch message.kind {
        case .methodReturn, .error:
            guard let call = pending.removeValue(forKey: message.replySerial) else { return }
            replied(call, error: message.error, arguments: message.kind == .methodReturn ? message.arguments : [])
        case .signal:
            guard message.sender != nil, let interface = message.interface, let member = message.member, let path = message.path else { return }
            guard let change = client.tree.apply(signal: interface, member: member, path: path, arguments: message.arguments) else { return }
            changed(change)
        default:
            return
        }
    }

    // MARK: The adapter

    /// The adapter went away, was switched off, or is back and powered: every link ended with
    /// it, and bluetoothd forgot our discovery, so both start again once it is ready.
    func adapterChanged(_ state: AdapterState, nowNs now: UInt64) {
        guard state != adapterState else { return }
        adapterState = state
        switch state {
        case .missing, .off:
            log(state == .missing ? "adapter \(adapter) is gone; waiting for it to come back"
                                  : "adapter \(adapter) is powered off; waiting for it to be powered on")
            boards.status.set(0, "\(adapter) \(state == .missing ? "lost" : "off"), retrying")
            wake()
            discoveryRetryNs = nil
            discovery = BlueZDiscovery() // bluetoothd forgot it with the adapter
            for i in straps.indices where straps[i].phase != .idle {
                if straps[i].phase == .connected { boards.counters.add(.disconnects) }
                linkDown(i, nowNs: now)
            }
        case .ready:
            discoveryFailures = 0
            discoveryRetryNs = now
            resumeIfDue(nowNs: now)
        }
    }

    /// On an adapter that came back: discovery again, and every strap connectable at once.
    func resumeIfDue(nowNs now: UInt64) {
        guard adapterState == .ready, let due = discoveryRetryNs, now >= due, let client else { return }
        do {
            try client.startDiscovery(serviceUUIDs: [Self.heartRateUUID])
        } catch {
            discoveryFailures += 1
            discoveryRetryNs = now + ReconnectBackoff.delayNs(afterFailures: discoveryFailures)
            log("adapter \(adapter) is back, discovery not yet: \(error); retrying", discoveryFailures == 1 ? .notice : .debug)
            return
        }
        discoveryRetryNs = nil
        discoveryStarted(nowNs: now)
        for i in straps.indices where straps[i].phase == .idle {
            straps[i].failures = 0
            straps[i].nextAttemptNs = now
        }
        log("adapter \(adapter) is back and powered; discovery and connections resumed")
        boards.status.set(0, nil)
        wake()
    }
}

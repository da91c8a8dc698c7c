import BLEHost
import BlueZTransport
import Foundation
import HeartRateProtocol
import SPSCRing
import Synchronization
import TeamCore

/// A source that can list nearby straps for pairing (`sideline scan`, the pairing screen).
public protocol StrapDiscovering: SensorSource {
    /// What the worker counted (notifications, malformed packets, dropped RR…).
    var counters: BluetoothCounters { get }
    func setDiscovery(_ on: Bool)
    func nearbyStraps(maxAgeSeconds: Double) -> [NearbyStrap]
}

extension BluetoothSource: StrapDiscovering {}

/// Heart rates through bluetoothd's D-Bus API (`--source bluez:hciN`), for boards
/// where bluetoothd must keep the adapter. Behaves like `BluetoothSource` (the HCI
/// link manager): discovery filtered on 0x180D with duplicate data, broadcast heart
/// rates (Polar 0x006B) with stale rejection, Device1.Connect for every assigned strap at
/// once (bluetoothd hands each to the kernel, which queues LE connects on its accept list),
/// Heart Rate Measurement through GattCharacteristic1.StartNotify and its Value
/// PropertiesChanged once bluetoothd has resolved the services, battery by ReadValue (and
/// notifications where offered), reconnect with backoff forever, the same `SensorEvent`s.
/// An adapter that goes away or is powered off while bluetoothd runs is waited for; its
/// discovery and connections are started again once it is back and powered.
///
/// The dependency runs SensorHub → BlueZTransport: BlueZTransport holds libdbus-1
/// (the D-Bus client and bluetoothd's names), this file holds the strap logic, next
/// to the HCI link manager whose decoders and policies it reuses. SensorHub never
/// imports libdbus itself.
///
/// One dedicated worker `Thread` owns the D-Bus connection; no other thread touches it.
public final class BlueZDBusSource: StrapDiscovering {
    public struct Settings: Sendable {
        /// Straps connected at once through bluetoothd (a Pi 4's onboard chip holds 2–3 reliably).
        public var maxConnections = 7
        public var broadcastPolicy = BroadcastPolicy.overBudget
        public var verbose = false
        /// The bus; nil is the system bus. Defaults to $SIDELINE_DBUS_ADDRESS.
        public var busAddress: String? = BlueZClient.configuredAddress()
        /// How long a Device1.Connect may take before it is cancelled and retried.
        public var connectTimeoutNs: UInt64 = 30_000_000_000
        /// How long bluetoothd may take to resolve a connected strap's services before the link is dropped and retried.
        public var resolveTimeoutNs: UInt64 = 10_000_000_000
        public init() {}
    }

    public let adapter: String
    public let settings: Settings
    public let discovery = DiscoveryBoard()
    public let counters = BluetoothCounters()
    private let thread = WorkerThread()
    private let inbox = StrapInbox()
    private let status = ControllerStatus()
    /// Which straps may hold a connection (nil inside: all).
    private let wanted = LatestChange<Set<Int>?>()

    public init(adapter: String, settings: Settings = Settings()) {
        self.adapter = adapter
        self.settings = settings
    }

    public func nowNs() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    public func setDiscovery(_ on: Bool) { discovery.setActive(on) }

    public func nearbyStraps(maxAgeSeconds: Double = 10) -> [NearbyStrap] {
        discovery.snapshot(nowNs: nowNs(), maxAgeNs: UInt64(maxAgeSeconds * 1e9))
    }

    public func addStraps(_ straps: [StrapAddress]) throws { try inbox.add(straps) }

    public func setWanted(_ straps: Set<UInt16>?) { wanted.set(straps.map { Set($0.map(Int.init)) }) }

    public func problem() -> String? { status.summary }

    /// Connects to bluetoothd and starts discovery here, so what is wrong (no bus,
    /// no bluetoothd, no adapter, powered off, no permission) is thrown as one line.
    public func start(straps: [StrapAddress], ring: SPSCRing<SensorEvent>, wake: @escaping @Sendable () -> Void) throws {
        var addresses: [UInt64] = []
        for strap in straps {
            guard let address = BDAddress(strap.address) else {
                throw SensorSourceError("strap address '\(strap.address)' is not a Bluetooth address like A0:9E:1A:12:34:56")
            }
            addresses.append(address.value)
        }
        let client: BlueZClient
        do {
            client = try BlueZClient(adapter: adapter, address: settings.busAddress)
            try client.startDiscovery(serviceUUIDs: [BlueZ.uuid(GATTNumbers.heartRateService)])
        } catch {
            throw SensorSourceError("bluez:\(adapter): \(error)")
        }
        let worker = BlueZWorker(client: client, straps: straps, addresses: addresses, ring: ring, settings: settings,
                                 discovery: discovery, counters: counters, inbox: inbox, wanted: wanted, status: status, wake: wake,
                                 clock: { [self] in self.nowNs() })
        status.reset(count: 1)
        thread.start(name: "sideline.bluez") { shouldStop in worker.run(shouldStop: shouldStop) }
    }

    public func stop() { thread.stop() }
}

/// Everything the worker thread owns, including the libdbus connection (inside
/// `client`). Created on the caller's thread, then handed to the worker once before
/// `Thread.start` (a happens-before edge) and never touched by another thread after:
/// hence `@unchecked Sendable`.
private final class BlueZWorker: @unchecked Sendable {
    enum Phase: Equatable { case idle, connecting, connected }

    struct Strap {
        let address: UInt64
        let text: String
        let devicePath: String
        var phase = Phase.idle
        var connectedAtNs: UInt64 = 0
        var subscribing = false
        var subscribed = false
        var heartRatePath: String?
        var batteryPath: String?
        var lastHeardNs: UInt64 = 0
        var failures = 0
        var nextAttemptNs: UInt64 = 0
        var broadcasts = false
        var freshness = BroadcastFreshness()
        /// The last thing said about why the strap cannot be used (said again only when it changes).
        var complaint: String?
    }

    enum Call { case connect, startNotify, readBattery, other }
    struct Pending { let strap: Int; let call: Call; let deadlineNs: UInt64 }

    private var client: BlueZClient?
    private let adapter: String
    private let settings: BlueZDBusSource.Settings
    private let ring: SPSCRing<SensorEvent>
    private let discovery: DiscoveryBoard
    private let counters: BluetoothCounters
    private let wake: @Sendable () -> Void
    private let clock: @Sendable () -> UInt64
    private var straps: [Strap]
    private var strapByAddress: [UInt64: Int]
    private let inbox: StrapInbox
    private let wanted: LatestChange<Set<Int>?>
    /// Straps that may hold a connection (nil: all).
    private var wantedSet: Set<Int>?
    private let status: ControllerStatus
    private var pending: [UInt32: Pending] = [:]
    /// Characteristic path → (strap, is it the heart-rate measurement).
    private var characteristics: [String: (strap: Int, heartRate: Bool)] = [:]
    private var pushedSinceWake = false
    private var busDownSinceNs: UInt64?
    private var reopenFailures = 0
    /// The adapter as bluetoothd last reported it; only `.ready` carries straps.
    private var adapterState = AdapterState.ready
    /// Discovery could not be started again on a returned adapter yet: retried at this time.
    private var discoveryRetryNs: UInt64?
    private var discoveryFailures = 0

    private static let heartRateUUID = BlueZ.uuid(GATTNumbers.heartRateService)
    private static let batteryServiceUUID = BlueZ.uuid(GATTNumbers.batteryService)
    /// A strap is connected only when heard advertising this recently (or bluetoothd says it is connected).
    private static let heardWindowNs: UInt64 = 10_000_000_000
    /// A link that bluetoothd says has dropped is asked for again only this much later. When the
    /// adapter goes down (powered off, bluetoothd exiting) bluetoothd reports each of its links
    /// down before the adapter itself; a Connect sent in between leaves the kernel a connect to fail
    /// in the power-down, where Debian 6.1's kernel can oops (docs/DESIGN.md). A strap that really
    /// walked away takes longer than this to be back.
    private static let settleAfterLinkLossNs: UInt64 = 2_000_000_000

    init(client: BlueZClient, straps: [StrapAddress], addresses: [UInt64], ring: SPSCRing<SensorEvent>,
         settings: BlueZDBusSource.Settings, discovery: DiscoveryBoard, counters: BluetoothCounters, inbox: StrapInbox,
         wanted: LatestChange<Set<Int>?>, status: ControllerStatus, wake: @escaping @Sendable () -> Void, clock: @escaping @Sendable () -> UInt64) {
        self.client = client
        self.inbox = inbox
        self.wanted = wanted
        self.status = status
        self.adapter = client.adapter
        self.settings = settings
        self.ring = ring
        self.discovery = discovery
        self.counters = counters
        self.wake = wake
        self.clock = clock
        self.straps = zip(straps, addresses).map { strap, address in
            Strap(address: address, text: strap.address, devicePath: BlueZ.devicePath(adapter: client.adapter, address: strap.address))
        }
        self.strapByAddress = Dictionary(addresses.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
    }

    private func log(_ line: String) { FileHandle.standardError.write(Data("sideline: bluez:\(adapter): \(line)\n".utf8)) }

    private func push(_ event: SensorEvent) {
        if !ring.push(event) { counters.add(.ringDrops) }
        pushedSinceWake = true
    }

    // MARK: The loop

    func run(shouldStop: () -> Bool) {
        let now = clock()
        if let client {
            for path in client.tree.objects.keys.sorted() where client.tree.properties(path, BlueZ.device) != nil {
                deviceChanged(path, changed: nil, initial: true, nowNs: now)
            }
        }
        while !shouldStop() {
            for strap in inbox.take() { addStrap(strap.address, text: strap.text) }
            if let change = wanted.take() { setWanted(change) }
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
            if pushedSinceWake { pushedSinceWake = false; wake() }
        }
        // Leave the straps free for the next run: disconnect what we connected.
        if let client {
            for s in straps where s.phase != .idle { _ = client.send(s.devicePath, BlueZ.device, "Disconnect") }
            _ = client.send(client.adapterPath, BlueZ.adapter, "StopDiscovery")
            client.bus.flush()
            client.bus.close()
        }
    }

    /// A strap paired while running; its index is the next one (a duplicate address keeps
    /// its first index). bluetoothd may know the device already: take its state now.
    private func addStrap(_ address: UInt64, text: String) {
        let path = BlueZ.devicePath(adapter: adapter, address: text)
        if strapByAddress[address] == nil { strapByAddress[address] = straps.count }
        straps.append(Strap(address: address, text: text, devicePath: path))
        if let client, client.tree.properties(path, BlueZ.device) != nil {
            deviceChanged(path, changed: nil, initial: true, nowNs: clock())
        }
    }

    /// Changes which straps may be connected; linked ones no longer wanted are let go.
    private func setWanted(_ set: Set<Int>?) {
        wantedSet = set
        let now = clock()
        for i in straps.indices where straps[i].phase != .idle && !(set?.contains(i) ?? true) { abandon(i, nowNs: now) }
    }

    /// bluetoothd or the bus went away: every link is down; reopen with backoff
    /// (a new bluetoothd has new objects: nothing of the old tree is trusted).
    private func busLost(_ reason: String) {
        log("\(reason); reconnecting to bluetoothd")
        status.set(0, "bluez:\(adapter) lost, retrying") // the reason is in the log line above
        wake()
        client?.bus.close()
        client = nil
        pending.removeAll()
        characteristics.removeAll()
        let now = clock()
        busDownSinceNs = now
        reopenFailures = 0
        for i in straps.indices where straps[i].phase != .idle { linkDown(i, nowNs: now) }
    }

    private func reopenIfDue() {
        let now = clock()
        guard let since = busDownSinceNs, now >= since + ReconnectBackoff.delayNs(afterFailures: reopenFailures + 1) else { return }
        do {
            let fresh = try BlueZClient(adapter: adapter, address: settings.busAddress)
            try fresh.startDiscovery(serviceUUIDs: [Self.heartRateUUID])
            client = fresh
            busDownSinceNs = nil
            adapterState = .ready // BlueZClient checked it is there and powered
            discoveryRetryNs = nil
            log("back on bluetoothd")
            status.set(0, nil)
            wake()
            for path in fresh.tree.objects.keys.sorted() where fresh.tree.properties(path, BlueZ.device) != nil {
                deviceChanged(path, changed: nil, initial: true, nowNs: now)
            }
        } catch {
            reopenFailures += 1
            busDownSinceNs = now
            if settings.verbose { log("\(error)") }
        }
    }

    private func handle(_ message: BusMessage, client: BlueZClient) {
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

    // MARK: Signals

    private func changed(_ change: BlueZObjectTree.Change) {
        let now = clock()
        if let client, AdapterState.concerns(change, adapterPath: client.adapterPath) {
            adapterChanged(AdapterState(tree: client.tree, adapterPath: client.adapterPath), nowNs: now)
        }
        switch change {
        case .added(let path, let interfaces):
            if interfaces.contains(BlueZ.device) { deviceChanged(path, changed: nil, nowNs: now) }
            if interfaces.contains(BlueZ.gattCharacteristic) { characteristicAdded(path, nowNs: now) }
        case .removed(let path, let interfaces):
            if interfaces.contains(BlueZ.device), let i = straps.firstIndex(where: { $0.devicePath == path }), straps[i].phase != .idle {
                counters.add(.disconnects)
                linkDown(i, nowNs: now)
            }
            if interfaces.contains(BlueZ.gattCharacteristic) { characteristics[path] = nil }
        case .changed(let path, BlueZ.device, let properties):
            deviceChanged(path, changed: Set(properties), nowNs: now)
        case .changed(let path, BlueZ.gattCharacteristic, let properties):
            guard properties.contains("Value"), let owner = characteristics[path] ?? renewedNotification(path) else { return }
            characteristicValue(path, strap: owner.strap, heartRate: owner.heartRate, nowNs: now)
        case .changed:
            return
        }
    }

    /// A device appeared or changed (`changed` nil: all of its properties are news).
    /// `initial`: from GetManagedObjects at start, where an advertisement's age is
    /// unknown — it tells that a strap broadcasts but is not taken as a reading.
    private func deviceChanged(_ path: String, changed: Set<String>?, initial: Bool = false, nowNs now: UInt64) {
        guard let client, path.hasPrefix(client.adapterPath + "/"), let props = client.tree.properties(path, BlueZ.device),
              let text = props["Address"]?.stringValue, let address = BDAddress(text) else { return }
        let index = strapByAddress[address.value]
        func news(_ key: String) -> Bool { changed.map { $0.contains(key) } ?? (props[key] != nil) }

        if let i = index, news("Connected"), let connected = props["Connected"]?.boolValue {
            if connected, straps[i].phase == .connecting || (straps[i].phase == .idle && changed == nil) {
                linkUp(i, nowNs: now)
            } else if !connected, straps[i].phase == .connected {
                counters.add(.disconnects)
                linkDown(i, nowNs: now)
                straps[i].nextAttemptNs = max(straps[i].nextAttemptNs, now + Self.settleAfterLinkLossNs)
            }
        }

        let broadcast = news("ManufacturerData") ? Self.polarBroadcast(props["ManufacturerData"]) : nil
        let advertised = news("RSSI") || news("ManufacturerData") || news("ServiceData")
        guard advertised else { return }
        counters.add(.adverts)
        let rssi = props["RSSI"]?.intValue.map { Int8(clamping: $0) }
        if discovery.isActive {
            let battery = props["ServiceData"]?.stringKeyed?[Self.batteryServiceUUID]?.bytesValue?.first
            discovery.note(address: address.value, text: address.description, name: props["Name"]?.stringValue, rssi: rssi,
                           heartRateService: props["UUIDs"]?.stringArray?.contains(Self.heartRateUUID) ?? false,
                           broadcast: broadcast ?? Self.polarBroadcast(props["ManufacturerData"]),
                           batteryPercent: battery, connectable: true, nowNs: now)
        }
        guard let i = index else { return }
        straps[i].lastHeardNs = now
        guard let broadcast else { return }
        straps[i].broadcasts = true
        guard !initial else { _ = straps[i].freshness.accept(broadcast); return }
        guard servedByBroadcast(straps[i]), straps[i].phase != .connected || !straps[i].subscribed else { return }
        guard straps[i].freshness.accept(broadcast) else { counters.add(.staleBroadcasts); return }
        push(SensorEvent(strap: UInt16(i), timestampNs: now, kind: .advert, bpm: UInt16(broadcast.heartRate),
                         contact: .detected, link: .broadcast, rssi: rssi ?? 0))
    }

    /// Polar's broadcast in ManufacturerData `a{qv}` (company 0x006B → `ay`).
    private static func polarBroadcast(_ value: DBusValue?) -> PolarBroadcast? {
        guard let entries = value?.dictionaryEntries,
              let bytes = entries.first(where: { $0.key.intValue == Int(GATTNumbers.polarCompanyID) })?.value.bytesValue else { return nil }
        return try? PolarBroadcast.decode(bytes)
    }

    /// bluetoothd keeps a client's notification session across a reconnect and, when the strap is
    /// back, enables its notifications itself, before this source's own StartNotify: a heart-rate
    /// value it reports then is the strap's, not to be dropped (seen in the VM tests after a power cycle).
    private func renewedNotification(_ path: String) -> (strap: Int, heartRate: Bool)? {
        guard let client, client.tree.properties(path, BlueZ.gattCharacteristic)?["UUID"]?.stringValue?.lowercased()
                == BlueZ.uuid(GATTNumbers.heartRateMeasurement),
              let i = straps.firstIndex(where: { path.hasPrefix($0.devicePath + "/") }), straps[i].phase == .connected else { return nil }
        return (i, true)
    }

    private func characteristicValue(_ path: String, strap i: Int, heartRate: Bool, nowNs now: UInt64) {
        guard straps[i].phase == .connected, let bytes = client?.tree.properties(path, BlueZ.gattCharacteristic)?["Value"]?.bytesValue else { return }
        if heartRate {
            do {
                let m = try HeartRateMeasurement.decode(bytes[...])
                counters.add(.notifications)
                if m.rrDropped > 0 { counters.add(.rrDropped, m.rrDropped) }
                push(SensorEvent(measurement: m, strap: UInt16(i), nowNs: now))
            } catch {
                counters.add(.malformed)
                if settings.verbose { log("discarded a malformed measurement from \(straps[i].text): \(error)") }
            }
        } else {
            battery(bytes, strap: i, nowNs: now)
        }
    }

    private func battery(_ bytes: [UInt8], strap i: Int, nowNs now: UInt64) {
        guard let level = try? BatteryLevel.decode(bytes[...]) else { counters.add(.malformed); return }
        push(SensorEvent(strap: UInt16(i), timestampNs: now, kind: .battery, battery: level))
    }

    // MARK: The adapter

    /// The adapter went away, was switched off, or is back and powered: every link ended with
    /// it, and bluetoothd forgot our discovery, so both start again once it is ready.
    private func adapterChanged(_ state: AdapterState, nowNs now: UInt64) {
        guard state != adapterState else { return }
        adapterState = state
        switch state {
        case .missing, .off:
            log(state == .missing ? "adapter \(adapter) is gone; waiting for it to come back"
                                  : "adapter \(adapter) is powered off; waiting for it to be powered on")
            status.set(0, "\(adapter) \(state == .missing ? "lost" : "off"), retrying")
            wake()
            discoveryRetryNs = nil
            for i in straps.indices where straps[i].phase != .idle {
                if straps[i].phase == .connected { counters.add(.disconnects) }
                linkDown(i, nowNs: now)
            }
        case .ready:
            discoveryFailures = 0
            discoveryRetryNs = now
            resumeIfDue(nowNs: now)
        }
    }

    /// On an adapter that came back: discovery again, and every strap connectable at once.
    private func resumeIfDue(nowNs now: UInt64) {
        guard adapterState == .ready, let due = discoveryRetryNs, now >= due, let client else { return }
        do {
            try client.startDiscovery(serviceUUIDs: [Self.heartRateUUID])
        } catch {
            discoveryFailures += 1
            discoveryRetryNs = now + ReconnectBackoff.delayNs(afterFailures: discoveryFailures)
            if discoveryFailures == 1 || settings.verbose { log("adapter \(adapter) is back, discovery not yet: \(error); retrying") }
            return
        }
        discoveryRetryNs = nil
        for i in straps.indices where straps[i].phase == .idle {
            straps[i].failures = 0
            straps[i].nextAttemptNs = now
        }
        log("adapter \(adapter) is back and powered; discovery and connections resumed")
        status.set(0, nil)
        wake()
    }

    // MARK: Links

    private func servedByBroadcast(_ strap: Strap) -> Bool {
        guard strap.broadcasts else { return false }
        switch settings.broadcastPolicy {
        case .never: return false
        case .always: return true
        case .overBudget: return (wantedSet?.count ?? straps.count) > settings.maxConnections
        }
    }

    private func linkUp(_ i: Int, nowNs now: UInt64) {
        straps[i].phase = .connected
        straps[i].connectedAtNs = now
        straps[i].subscribing = false
        straps[i].subscribed = false
    }

    private func linkDown(_ i: Int, nowNs now: UInt64) {
        let wasLinked = straps[i].phase != .idle
        straps[i].phase = .idle
        straps[i].subscribing = false
        straps[i].subscribed = false
        for path in [straps[i].heartRatePath, straps[i].batteryPath].compactMap({ $0 }) { characteristics[path] = nil }
        straps[i].heartRatePath = nil
        straps[i].batteryPath = nil
        straps[i].nextAttemptNs = now + ReconnectBackoff.delayNs(afterFailures: straps[i].failures)
        straps[i].failures += 1
        if wasLinked { push(SensorEvent(strap: UInt16(i), timestampNs: now, kind: .link, link: .disconnected)) }
    }

    /// Gives up on a link: asks bluetoothd to drop it (also cancels a pending Connect) and schedules a retry.
    private func abandon(_ i: Int, nowNs now: UInt64) {
        _ = client?.send(straps[i].devicePath, BlueZ.device, "Disconnect")
        linkDown(i, nowNs: now)
    }

    /// Logs why a strap cannot be used, once until the reason changes or it works.
    private func complain(_ i: Int, _ line: String) {
        guard straps[i].complaint != line else { return }
        straps[i].complaint = line
        log(line)
    }

    private func expect(_ serial: UInt32, strap i: Int, _ call: Call, nowNs now: UInt64, timeoutNs: UInt64 = 10_000_000_000) -> Bool {
        guard serial != 0 else { return false }
        pending[serial] = Pending(strap: i, call: call, deadlineNs: now + timeoutNs)
        return true
    }

    private func replied(_ call: Pending, error: BusError?, arguments: [DBusValue]) {
        let i = call.strap
        let now = clock()
        switch call.call {
        case .connect:
            guard straps[i].phase == .connecting else { return }
            if error == nil || error?.name == "org.bluez.Error.AlreadyConnected" {
                linkUp(i, nowNs: now)
            } else {
                counters.add(.connectFailures)
                if settings.verbose { log("connect \(straps[i].text): \(error!)") }
                linkDown(i, nowNs: now)
            }
        case .startNotify:
            guard straps[i].phase == .connected, straps[i].subscribing else { return }
            straps[i].subscribing = false
            if let error {
                log("cannot subscribe to \(straps[i].text)'s heart rate: \(error); reconnecting")
                abandon(i, nowNs: now)
                return
            }
            straps[i].subscribed = true
            straps[i].failures = 0
            straps[i].complaint = nil
            push(SensorEvent(strap: UInt16(i), timestampNs: now, kind: .link, link: .connected))
        case .readBattery:
            if let error, settings.verbose { log("cannot read \(straps[i].text)'s battery level: \(error)") }
            guard straps[i].phase == .connected, error == nil, let bytes = arguments.first?.bytesValue else { return }
            battery(bytes, strap: i, nowNs: now)
        case .other:
            return
        }
    }

    /// Timeouts, connects where there is room, subscriptions where bluetoothd resolved the services.
    private func step(nowNs now: UInt64) {
        for (serial, call) in pending where call.deadlineNs <= now {
            pending[serial] = nil
            let i = call.strap
            switch call.call {
            case .connect where straps[i].phase == .connecting:
                counters.add(.connectFailures)
                abandon(i, nowNs: now)
            case .startNotify where straps[i].subscribing:
                log("\(straps[i].text) did not confirm notifications; reconnecting")
                abandon(i, nowNs: now)
            default:
                break
            }
        }
        resumeIfDue(nowNs: now)
        guard let client, adapterState == .ready else { return }
        // Every strap due is asked for at once: bluetoothd passes each Connect to the kernel,
        // which keeps them on its accept list and connects each strap when it next advertises.
        var linked = straps.filter { $0.phase != .idle }.count
        for i in straps.indices {
            switch straps[i].phase {
            case .idle:
                guard linked < settings.maxConnections, wantedSet?.contains(i) ?? true,
                      straps[i].nextAttemptNs <= now, !servedByBroadcast(straps[i]),
                      let props = client.tree.properties(straps[i].devicePath, BlueZ.device) else { continue }
                let heard = straps[i].lastHeardNs != 0 && now &- straps[i].lastHeardNs < Self.heardWindowNs
                guard heard || props["Connected"]?.boolValue == true else { continue }
                let serial = client.send(straps[i].devicePath, BlueZ.device, "Connect")
                guard expect(serial, strap: i, .connect, nowNs: now, timeoutNs: settings.connectTimeoutNs) else { continue }
                straps[i].phase = .connecting
                linked += 1
                push(SensorEvent(strap: UInt16(i), timestampNs: now, kind: .link, link: .connecting))
            case .connected where !straps[i].subscribed && !straps[i].subscribing:
                subscribe(i, client: client, nowNs: now)
            default:
                continue
            }
        }
    }

    /// Once bluetoothd has resolved the strap's services: StartNotify on 0x2A37, read (and follow) 0x2A19.
    /// Until then a missing characteristic means nothing; after it, say what is really wrong.
    private func subscribe(_ i: Int, client: BlueZClient, nowNs now: UInt64) {
        let heartRate: String, battery: String?
        switch StrapServices(tree: client.tree, device: straps[i].devicePath) {
        case .resolving:
            guard now &- straps[i].connectedAtNs > settings.resolveTimeoutNs else { return }
            complain(i, "bluetoothd has not resolved or exported \(straps[i].text)'s services \(settings.resolveTimeoutNs / 1_000_000_000) s after connecting; reconnecting")
            abandon(i, nowNs: now)
            return
        case .noHeartRateService(let offered):
            complain(i, "\(straps[i].text) offers no Heart Rate service (its services: \(offered.isEmpty ? "none" : offered.joined(separator: ", "))); is it a heart-rate strap? retrying")
            abandon(i, nowNs: now)
            return
        case .noMeasurement:
            complain(i, "\(straps[i].text) has a Heart Rate service without its Measurement characteristic (0x2A37); retrying")
            abandon(i, nowNs: now)
            return
        case .heartRate(let measurement, let level):
            (heartRate, battery) = (measurement, level)
        }
        let serial = client.send(heartRate, BlueZ.gattCharacteristic, "StartNotify")
        guard expect(serial, strap: i, .startNotify, nowNs: now) else { abandon(i, nowNs: now); return }
        straps[i].subscribing = true
        straps[i].heartRatePath = heartRate
        characteristics[heartRate] = (i, true)
        if let battery { followBattery(i, battery, client: client, nowNs: now) }
    }

    /// Reads the strap's Battery Level (0x2A19) and follows its notifications if it has them.
    private func followBattery(_ i: Int, _ battery: String, client: BlueZClient, nowNs now: UInt64) {
        straps[i].batteryPath = battery
        characteristics[battery] = (i, false)
        _ = expect(client.send(battery, BlueZ.gattCharacteristic, "ReadValue", [.properties([])]), strap: i, .readBattery, nowNs: now)
        let flags = client.tree.properties(battery, BlueZ.gattCharacteristic)?["Flags"]?.stringArray ?? []
        if flags.contains("notify") {
            _ = expect(client.send(battery, BlueZ.gattCharacteristic, "StartNotify"), strap: i, .other, nowNs: now)
        }
    }

    /// A Battery Level characteristic exported after the strap was subscribed (bluetoothd's signals
    /// can come in any order, docs/DESIGN.md) is followed then.
    private func characteristicAdded(_ path: String, nowNs now: UInt64) {
        guard let client,
              client.tree.properties(path, BlueZ.gattCharacteristic)?["UUID"]?.stringValue?.lowercased() == BlueZ.uuid(GATTNumbers.batteryLevel),
              let i = straps.firstIndex(where: { path.hasPrefix($0.devicePath + "/") }), straps[i].phase == .connected,
              straps[i].subscribing || straps[i].subscribed, straps[i].batteryPath == nil else { return }
        followBattery(i, path, client: client, nowNs: now)
    }
}

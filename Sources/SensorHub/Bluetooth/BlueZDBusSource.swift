import BLEHost
import BlueZTransport
import Foundation
import HeartRateProtocol
import Logging
import SPSCRing
import Synchronization
import TeamCore

/// Heart rates through bluetoothd's D-Bus API (`--source bluez:hciN`), for boards
/// where bluetoothd must keep the adapter. Behaves like `BluetoothSource` (the HCI
/// link manager): discovery filtered on 0x180D with duplicate data, broadcast heart
/// rates (Polar 0x006B) with stale rejection, Device1.Connect for every assigned strap at
/// once (bluetoothd hands each to the kernel, which queues LE connects on its accept list),
/// Heart Rate Measurement through GattCharacteristic1.StartNotify and its Value
/// PropertiesChanged once bluetoothd has resolved the services, battery by ReadValue (and
/// notifications where offered), Body Sensor Location and Manufacturer Name read once per
/// connection, reconnect with backoff forever, the same `SensorEvent`s.
/// An adapter that goes away or is powered off while bluetoothd runs is waited for; its
/// discovery and connections are started again once it is back and powered.
///
/// The dependency runs SensorHub → BlueZTransport: BlueZTransport holds libdbus-1
/// (the D-Bus client and bluetoothd's names), this file holds the strap logic, next
/// to the HCI link manager whose decoders and policies it reuses. SensorHub never
/// imports libdbus itself.
///
/// One dedicated worker `Thread` owns the D-Bus connection; no other thread touches it.
public final class BlueZDBusSource: StrapDiscovering, StrapDescribing {
    public struct Settings: Sendable {
        /// Straps connected at once through bluetoothd, in total: it drives one adapter (a Pi 4's
        /// onboard chip holds 2–3 reliably).
        public var maxConnectionsOnAdapter = 7
        public var broadcastPolicy = BroadcastPolicy.overBudget
        public var verbose = false
        /// The bus; nil is the system bus. Defaults to $SIDELINE_DBUS_ADDRESS.
        public var busAddress: String? = BlueZClient.configuredAddress()
        /// How long a Device1.Connect may take before it is cancelled and retried.
        public var connectTimeoutNs: UInt64 = 30_000_000_000
        /// How long bluetoothd may take to resolve a connected strap's services before the link is dropped and retried.
        public var resolveTimeoutNs: UInt64 = 10_000_000_000
        /// bluetoothd or the adapter missing at `start` is waited for (its problem shown, one log
        /// line) instead of failing the start: the kiosk, which may start before either.
        public var waitsForAdapter = false
        public init() {}
    }

    public let adapter: String
    public let settings: Settings
    public let discovery = DiscoveryBoard()
    public let counters = BluetoothCounters()
    public let descriptions = StrapDescriptionBoard()
    private let thread = WorkerThread()
    private let inbox = StrapInbox()
    private let status = ControllerStatus()
    /// Which straps may hold a connection, for the worker to take.
    private let wanted = LatestChange<StrapSelection>()

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

    public func setWanted(_ straps: StrapSelection) { wanted.set(straps) }

    public func problem() -> String? { status.summary }

    public func takeStrapDescriptions() -> [StrapDescription] { descriptions.take() }

    /// Connects to bluetoothd and starts discovery here, so what is wrong (no bus,
    /// no bluetoothd, no adapter, powered off, no permission) is thrown as one line.
    public func start(straps: [StrapAddress], ring: SPSCRing<SensorEvent>, wake: @escaping @Sendable () -> Void) throws {
        let addresses = try straps.map { try $0.bluetoothAddress() }
        var client: BlueZClient?
        var unavailable: String?
        do {
            client = try BlueZClient(adapter: adapter, address: settings.busAddress)
            try client?.startDiscovery(serviceUUIDs: [BlueZ.uuid(GATTNumbers.heartRateService)])
        } catch {
            client?.bus.close()
            client = nil
            guard settings.waitsForAdapter else { throw SensorSourceError("bluez:\(adapter): \(error)") }
            unavailable = "\(error)"
        }
        let worker = BlueZWorker(adapter: adapter, client: client, straps: straps, addresses: addresses, ring: ring, settings: settings,
                                 discovery: discovery, descriptions: descriptions, counters: counters, inbox: inbox, wanted: wanted, status: status, wake: wake,
                                 clock: { [self] in self.nowNs() })
        status.reset(count: 1)
        if let unavailable { worker.waitForBluetoothd(because: unavailable) }
        thread.start(name: "sideline.bluez") { shouldStop in worker.run(shouldStop: shouldStop) }
    }

    public func stop() { thread.stop() }
}

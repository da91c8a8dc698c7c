import BlueZTransport
import HeartRateProtocol
import SPSCRing
import SensorCore
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
public final class BlueZDBusSource: BluetoothStrapSource {
    public struct Settings: Sendable {
        /// What both Bluetooth sources are told: connections (bluetoothd drives one adapter, so
        /// its `maxConnectionsPerController` is the total), broadcasts, logging, waiting for
        /// bluetoothd or the adapter when missing at `start`.
        public var setup = BluetoothSetup()
        /// The bus; nil is the system bus. Defaults to $SIDELINE_DBUS_ADDRESS.
        public var busAddress: String? = BlueZClient.configuredAddress()
        /// How long a Device1.Connect may take before it is cancelled and retried.
        public var connectTimeoutNs: UInt64 = 30_000_000_000
        /// How long bluetoothd may take to resolve a connected strap's services before the link is dropped and retried.
        public var resolveTimeoutNs: UInt64 = 10_000_000_000
        public init(setup: BluetoothSetup = BluetoothSetup()) { self.setup = setup }
    }

    public let adapter: String
    public let settings: Settings
    public let boards = StrapSourceBoards()
    private let thread = WorkerThread()

    public init(adapter: String, settings: Settings = Settings()) {
        self.adapter = adapter
        self.settings = settings
    }

    /// bluetoothd keeps discovering all along (filtered on 0x180D); pairing only has the worker
    /// note what it hears.
    public func setDiscovery(_ on: Bool) { boards.discovery.setActive(on) }

    /// Connects to bluetoothd and, when anything needs it, starts discovery here, so what is wrong
    /// (no bus, no bluetoothd, no adapter, powered off, no permission) is thrown as one line.
    /// Straps bluetoothd already knows need none: they are connected at once (`BlueZWorker+Discovery`).
    public func start(straps: StrapTable, ring: SPSCRing<SensorEvent>, wake: @escaping @Sendable () -> Void) throws {
        let addresses = try straps.map { try $0.bluetoothAddress() }
        var client: BlueZClient?
        var unavailable: String?
        do {
            client = try BlueZClient(adapter: adapter, address: settings.busAddress)
        } catch {
            guard settings.setup.waitsForAdapter else { throw SensorSourceError.labelled("bluez:\(adapter)", error) }
            unavailable = "\(error)"
        }
        let worker = BlueZWorker(adapter: adapter, client: client, straps: Array(straps), addresses: addresses, ring: ring, settings: settings,
                                 boards: boards, wake: wake, clock: { [self] in self.nowNs() })
        if let client, worker.discoveryNeed(client: client) != nil {
            do {
                try client.startDiscovery(serviceUUIDs: [BlueZ.uuid(GATTNumbers.heartRateService)])
                worker.discoveryStarted(nowNs: nowNs())
            } catch {
                client.bus.close()
                worker.client = nil
                guard settings.setup.waitsForAdapter else { throw SensorSourceError.labelled("bluez:\(adapter)", error) }
                unavailable = "\(error)"
            }
        }
        boards.status.reset(count: 1)
        if let unavailable { worker.waitForBluetoothd(because: unavailable) }
        thread.start(name: "sideline.bluez") { shouldStop in worker.run(shouldStop: shouldStop) }
    }

    public func stop() { thread.stop() }
}

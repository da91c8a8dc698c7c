import Atomics
import BLEHost
import HeartRateProtocol
import Synchronization

/// Nearby heart-rate straps, written by the worker while discovery is on and
/// read by the kiosk's pairing screen (or `sideline scan`) from another thread.
public final class DiscoveryBoard: Sendable {
    private let active = ManagedAtomic<Bool>(false)
    private let seen = Mutex<[UInt64: NearbyStrap]>([:])
    private let trouble = Mutex<String?>(nil)

    public init() {}

    public var isActive: Bool { active.load(ordering: .relaxed) }
    func setActive(_ on: Bool) {
        active.store(on, ordering: .relaxed)
        if !on { seen.withLock { $0.removeAll() } }
        if on { trouble.withLock { $0 = nil } }
    }

    /// What went wrong with discovery during pairing (bluetoothd stopped it, never ran it), for
    /// `scan` to say; nil when nothing is known to have.
    public var problem: String? { trouble.withLock { $0 } }
    func noteProblem(_ line: String) { trouble.withLock { $0 = line } }

    /// Straps heard within `maxAgeNs` of `nowNs`, closest (strongest RSSI) first.
    public func snapshot(nowNs: UInt64, maxAgeNs: UInt64) -> [NearbyStrap] {
        seen.withLock { Array($0.values) }
            .filter { nowNs &- $0.lastSeenNs <= maxAgeNs }
            .sorted { ($0.rssi, $0.address) > ($1.rssi, $1.address) }
    }

    /// Notes a strap heard through bluetoothd (the `bluez:` source), which hands
    /// over decoded properties rather than raw advertising bytes.
    func note(address: UInt64, text: String, name: String?, rssi: Int8?, heartRateService: Bool, broadcast: PolarBroadcast?,
              batteryPercent: UInt8?, connectable: Bool, nowNs: UInt64) {
        seen.withLock { table in
            let known = table[address]
            guard heartRateService || broadcast != nil || known != nil else { return }
            var strap = known ?? NearbyStrap(address: text, name: nil, rssi: rssi ?? -127, lastSeenNs: nowNs,
                                             batteryPercent: nil, batteryOK: nil, broadcastHeartRate: nil, connectable: false)
            if let rssi { strap.rssi = rssi }
            strap.lastSeenNs = nowNs
            if let name { strap.name = name }
            if let batteryPercent { strap.batteryPercent = batteryPercent }
            if let broadcast { strap.batteryOK = broadcast.batteryOK; strap.broadcastHeartRate = broadcast.heartRate }
            strap.connectable = strap.connectable || connectable
            table[address] = strap
        }
    }

    /// Notes an advertisement if it is a heart-rate strap's (lists 0x180D or carries Polar data).
    func note(_ report: AdvertisingReport, nowNs: UInt64) {
        let broadcast = PolarBroadcast.find(inAdvertisement: report.data)
        let hasService = AdvertisingData.lists(service: GATTNumbers.heartRateService, in: report.data)
        let decoded = try? AdvertisingData.decode(report.data)
        seen.withLock { table in
            let known = table[report.address.value]
            guard hasService || broadcast != nil || known != nil else { return }
            var strap = known ?? NearbyStrap(address: report.address.description, name: nil, rssi: report.rssi, lastSeenNs: nowNs,
                                             batteryPercent: nil, batteryOK: nil, broadcastHeartRate: nil, connectable: false)
            strap.rssi = report.rssi
            strap.lastSeenNs = nowNs
            if let name = decoded?.localName { strap.name = name }
            if let battery = decoded?.serviceData.first(where: { $0.uuid16 == GATTNumbers.batteryService })?.payload.first { strap.batteryPercent = battery }
            if let broadcast { strap.batteryOK = broadcast.batteryOK; strap.broadcastHeartRate = broadcast.heartRate }
            strap.connectable = strap.connectable || report.isConnectable
            table[report.address.value] = strap
        }
    }
}

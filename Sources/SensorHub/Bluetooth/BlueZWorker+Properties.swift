import BLEHost
import BlueZTransport
import Foundation
import HeartRateProtocol
import Logging
import SPSCRing
import TeamCore

/// What bluetoothd's signals say, read: a device's properties (connected, advertising, Polar
/// broadcasts, discovery details) and a characteristic's value (heart rate, battery).
extension BlueZWorker {
    func changed(_ change: BlueZObjectTree.Change) {
        let now = clock()
        if let client, AdapterState.concerns(change, adapterPath: client.adapterPath) {
            adapterChanged(AdapterState(tree: client.tree, adapterPath: client.adapterPath), nowNs: now)
        }
        if let client, case .changed(client.adapterPath, BlueZ.adapter, let properties) = change, properties.contains("Discovering") {
            discoveringChanged(client: client)
        }
        switch change {
        case .added(let path, let interfaces):
            if interfaces.contains(BlueZ.device) { deviceChanged(path, changed: nil, nowNs: now) }
            if interfaces.contains(BlueZ.gattCharacteristic) { characteristicAdded(path, nowNs: now) }
        case .removed(let path, let interfaces):
            if interfaces.contains(BlueZ.device), let i = straps.firstIndex(where: { $0.devicePath == path }), straps[i].phase != .idle {
                boards.counters.add(.disconnects)
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
    func deviceChanged(_ path: String, changed: Set<String>?, initial: Bool = false, nowNs now: UInt64) {
        guard let client, path.hasPrefix(client.adapterPath + "/"), let props = client.tree.properties(path, BlueZ.device),
              let text = props["Address"]?.stringValue, let address = BDAddress(text) else { return }
        let index = straps.index(of: address.value)
        func news(_ key: String) -> Bool { changed.map { $0.contains(key) } ?? (props[key] != nil) }

        if let i = index, news("Connected"), let connected = props["Connected"]?.boolValue {
            if connected, straps[i].phase == .connecting || (straps[i].phase == .idle && changed == nil) {
                linkUp(i, nowNs: now)
            } else if !connected, straps[i].phase == .connected {
                boards.counters.add(.disconnects)
                linkDown(i, nowNs: now)
                straps[i].nextAttemptNs = max(straps[i].nextAttemptNs, now + Self.settleAfterLinkLossNs)
            }
        }

        let broadcast = news("ManufacturerData") ? Self.polarBroadcast(props["ManufacturerData"]) : nil
        let advertised = news("RSSI") || news("ManufacturerData") || news("ServiceData")
        guard advertised else { return }
        boards.counters.add(.adverts)
        if !initial { discoveryHeard(nowNs: now) }
        let rssi = props["RSSI"]?.intValue.map { Int8(clamping: $0) }
        if boards.discovery.isActive {
            let battery = props["ServiceData"]?.stringKeyed?[Self.batteryServiceUUID]?.bytesValue?.first
            boards.discovery.note(address: address.value, text: address.description, name: props["Name"]?.stringValue, rssi: rssi,
                           heartRateService: props["UUIDs"]?.stringArray?.contains(Self.heartRateUUID) ?? false,
                           broadcast: broadcast ?? Self.polarBroadcast(props["ManufacturerData"]),
                           batteryPercent: battery, connectable: true, nowNs: now)
        }
        guard let i = index else { return }
        // What GetManagedObjects says at the start may be an old discovery's: a reason to connect, not a sighting.
        if initial { straps[i].lastHeardNs = now } else { straps.heardAdvertising(i, nowNs: now) }
        guard let broadcast else { return }
        straps[i].broadcasts = true
        guard !initial else { _ = straps[i].freshness.accept(broadcast); return }
        guard servedByBroadcast(straps[i]), straps[i].phase != .connected || !straps[i].subscribed else { return }
        straps.pushBroadcast(broadcast, strap: i, rssi: rssi ?? 0, nowNs: now)
    }

    /// Polar's broadcast in ManufacturerData `a{qv}` (company 0x006B → `ay`).
    static func polarBroadcast(_ value: DBusValue?) -> PolarBroadcast? {
        guard let entries = value?.dictionaryEntries,
              let bytes = entries.first(where: { $0.key.intValue == Int(GATTNumbers.polarCompanyID) })?.value.bytesValue else { return nil }
        return try? PolarBroadcast.decode(bytes)
    }

    /// bluetoothd keeps a client's notification session across a reconnect and, when the strap is
    /// back, enables its notifications itself, before this source's own StartNotify: a heart-rate
    /// value it reports then is the strap's, not to be dropped (seen in the VM tests after a power cycle).
    func renewedNotification(_ path: String) -> (strap: Int, heartRate: Bool)? {
        guard let client, client.tree.properties(path, BlueZ.gattCharacteristic)?["UUID"]?.stringValue?.lowercased()
                == BlueZ.uuid(GATTNumbers.heartRateMeasurement),
              let i = straps.firstIndex(where: { path.hasPrefix($0.devicePath + "/") }), straps[i].phase == .connected else { return nil }
        return (i, true)
    }

    func characteristicValue(_ path: String, strap i: Int, heartRate: Bool, nowNs now: UInt64) {
        guard straps[i].phase == .connected, let bytes = client?.tree.properties(path, BlueZ.gattCharacteristic)?["Value"]?.bytesValue else { return }
        if heartRate {
            do {
                let m = try HeartRateMeasurement.decode(bytes[...])
                straps.pushMeasurement(m, strap: i, nowNs: now)
            } catch {
                boards.counters.add(.malformed)
                log("discarded a malformed measurement from \(straps[i].text): \(error)", .debug)
            }
        } else {
            battery(bytes, strap: i, nowNs: now)
        }
    }

    func battery(_ bytes: [UInt8], strap i: Int, nowNs now: UInt64) {
        guard let level = try? BatteryLevel.decode(bytes[...]) else { boards.counters.add(.malformed); return }
        straps.pushBattery(level, strap: i, nowNs: now)
    }

    /// A Battery Level characteristic exported after the strap was subscribed (bluetoothd's signals
    /// can come in any order, docs/DESIGN.md) is followed then; a describing one is read then.
    func characteristicAdded(_ path: String, nowNs now: UInt64) {
        guard let client, let uuid = client.tree.properties(path, BlueZ.gattCharacteristic)?["UUID"]?.stringValue?.lowercased(),
              let i = straps.firstIndex(where: { path.hasPrefix($0.devicePath + "/") }), straps[i].phase == .connected else { return }
        if uuid == BlueZ.uuid(GATTNumbers.batteryLevel), straps[i].subscribing || straps[i].subscribed, straps[i].batteryPath == nil {
            followBattery(i, path, client: client, nowNs: now)
        } else if SensorDescription.characteristics.contains(where: { BlueZ.uuid($0.characteristic) == uuid }) {
            describe(i, nowNs: now)
        }
    }
}

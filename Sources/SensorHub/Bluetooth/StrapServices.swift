import BlueZTransport
import Foundation
import HeartRateProtocol

/// A connected device's GATT services as bluetoothd exported them, seen as a heart-rate strap.
/// bluetoothd exports the services and characteristics it discovered first and then sets
/// `Device1.ServicesResolved`; until then a missing characteristic means nothing yet. The signals
/// can still arrive the other way round (bluetoothd flushes each object's changes separately:
/// bluez issue 1489; seen in the VM tests), so a service that `Device1.UUIDs` lists (bluetoothd
/// sets it with ServicesResolved) but whose object has not arrived is still on its way, and
/// "resolved" with no service at all is not yet an answer either.
public enum StrapServices: Equatable, Sendable {
    /// bluetoothd is still discovering the device's services, or has not exported them all yet.
    case resolving
    /// Heart Rate Measurement (0x2A37) to subscribe to, and Battery Level (0x2A19) if offered.
    case heartRate(measurement: String, battery: String?)
    /// Resolved, without a Heart Rate service (0x180D): not a heart-rate strap, or another profile.
    case noHeartRateService(offered: [String])
    /// Resolved, a Heart Rate service without its Measurement characteristic.
    case noMeasurement

    public init(tree: BlueZObjectTree, device: String) {
        guard let props = tree.properties(device, BlueZ.device), props["ServicesResolved"]?.boolValue == true else {
            self = .resolving
            return
        }
        let services = Set(tree.paths(with: BlueZ.gattService, under: device)
            .compactMap { tree.properties($0, BlueZ.gattService)?["UUID"]?.stringValue?.lowercased() })
        let listed = Set((props["UUIDs"]?.stringArray ?? []).map { $0.lowercased() })
        let awaited = [GATTNumbers.heartRateService, GATTNumbers.batteryService].map(BlueZ.uuid)
            .filter { listed.contains($0) && !services.contains($0) }
        guard !services.isEmpty, awaited.isEmpty else { self = .resolving; return }
        if let measurement = tree.characteristic(GATTNumbers.heartRateMeasurement, underDevice: device) {
            self = .heartRate(measurement: measurement, battery: tree.characteristic(GATTNumbers.batteryLevel, underDevice: device))
        } else if services.contains(BlueZ.uuid(GATTNumbers.heartRateService)) {
            self = .noMeasurement
        } else {
            self = .noHeartRateService(offered: services.sorted().map { uuid in BlueZ.shortUUID(uuid).map { String(format: "0x%04X", $0) } ?? uuid })
        }
    }
}

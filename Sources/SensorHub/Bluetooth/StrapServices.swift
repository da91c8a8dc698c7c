import BlueZTransport
import Foundation
import HeartRateProtocol

/// A connected device's GATT services as bluetoothd exported them, seen as a heart-rate strap.
/// bluetoothd exports the services and characteristics it discovered first and then sets
/// `Device1.ServicesResolved`; until then a missing characteristic means nothing yet. The signals
/// can still arrive the other way round (bluetoothd flushes each object's changes separately:
/// bluez issue 1489; seen in the VM tests), so "resolved" with no service at all is not yet an answer.
public enum StrapServices: Equatable, Sendable {
    /// bluetoothd is still discovering the device's services, or has not exported any yet.
    case resolving
    /// Heart Rate Measurement (0x2A37) to subscribe to, and Battery Level (0x2A19) if offered.
    case heartRate(measurement: String, battery: String?)
    /// Resolved, without a Heart Rate service (0x180D): not a heart-rate strap, or another profile.
    case noHeartRateService(offered: [String])
    /// Resolved, a Heart Rate service without its Measurement characteristic.
    case noMeasurement

    public init(tree: BlueZObjectTree, device: String) {
        guard tree.properties(device, BlueZ.device)?["ServicesResolved"]?.boolValue == true else { self = .resolving; return }
        if let measurement = tree.characteristic(GATTNumbers.heartRateMeasurement, underDevice: device) {
            self = .heartRate(measurement: measurement, battery: tree.characteristic(GATTNumbers.batteryLevel, underDevice: device))
            return
        }
        let services = tree.paths(with: BlueZ.gattService, under: device)
            .compactMap { tree.properties($0, BlueZ.gattService)?["UUID"]?.stringValue?.lowercased() }
        if services.isEmpty {
            self = .resolving
        } else if services.contains(BlueZ.uuid(GATTNumbers.heartRateService)) {
            self = .noMeasurement
        } else {
            self = .noHeartRateService(offered: services.map { uuid in BlueZ.shortUUID(uuid).map { String(format: "0x%04X", $0) } ?? uuid })
        }
    }
}

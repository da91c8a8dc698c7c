import AppCore
import Foundation
import SensorHub
import TeamCore

/// Pairing real straps: while the strap list of team setup is open, the Bluetooth
/// source scans; every heart-rate strap it hears that the store does not know yet is
/// remembered (strap table, store, and the source, which then connects it), and the
/// signal strength of all of them feeds "closest strap first".
extension SourceSupervisor {
    /// Stores and hands to the source the straps the scan heard for the first time, and
    /// passes on everyone's signal strength.
    func rememberHeardStraps() {
        guard let discoverer = running.source.discoverer else { return }
        let nearby = discoverer.nearbyStraps(maxAgeSeconds: Double(AppState.noSignalAfterMs) / 1000)
        var table = app.state().sensors.strapTable
        var index = Dictionary(table.enumerated().map { ($1.address.uppercased(), UInt16($0)) }, uniquingKeysWith: { a, _ in a })
        var added: [StrapAddress] = []
        for strap in nearby where index[strap.address.uppercased()] == nil && table.count < Int(UInt16.max) {
            let name = strap.name ?? "Strap " + strap.address.suffix(5).replacingOccurrences(of: ":", with: "")
            do {
                let record = try store.strap(address: strap.address, name: name)
                index[strap.address.uppercased()] = UInt16(table.count)
                table.append(StrapSlot(strapID: record.id, address: record.address, name: record.name))
                added.append(StrapAddress(address: record.address, name: record.name))
            } catch {
                app.send(.failed("Could not remember strap \(strap.address): \(error)"))
                break
            }
        }
        if !added.isEmpty {
            do {
                try discoverer.addStraps(added)
            } catch {
                app.send(.failed("\(error)"))
                return
            }
            app.send(.sensors(.strapTableLoaded(table)))
        }
        let heard = nearby.compactMap { strap in
            index[strap.address.uppercased()].map { i in
                HeardStrap(strapIndex: i, rssi: Int(strap.rssi), battery: strap.batteryPercent.map(Int.init),
                           usable: strap.connectable || strap.broadcastHeartRate != nil)
            }
        }
        if !heard.isEmpty { app.send(.sensors(.heard(heard))) }
    }
}

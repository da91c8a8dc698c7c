import AppCore
import Foundation
import Localization
import SensorHub
import TeamCore

/// Pairing real straps: while the strap list of team setup is open, the Bluetooth
/// source scans; every heart-rate strap it hears that the strap table does not have yet is
/// remembered (store, then the pump's table, which hands it to the source, which then connects
/// it), and the signal strength of all of them feeds "closest strap first".
extension SourceSupervisor {
    /// Stores and appends to the strap table the straps the scan heard for the first time, and
    /// passes on everyone's signal strength.
    func rememberHeardStraps() {
        guard let discoverer = running.source.discoverer else { return }
        let nearby = discoverer.nearbyStraps(maxAgeSeconds: Double(AppState.noSignalAfterMs) / 1000)
        var heardFirst: [StrapSlot] = []
        for strap in nearby where pump.straps.index(ofAddress: strap.address) == nil
            && pump.straps.count + heardFirst.count < StrapTable.capacity {
            let name = strap.name ?? "Strap " + strap.address.suffix(5).replacingOccurrences(of: ":", with: "")
            do {
                heardFirst.append(StrapSlot(try store.strap(address: strap.address, name: name)))
            } catch {
                app.send(.failed(Message(N_("Could not remember strap {address}: {reason}"), ["address": strap.address], nested: ["reason": KioskRuntime.message(of: error)])))
                break
            }
        }
        if !heardFirst.isEmpty {
            do {
                try pump.addStraps(heardFirst)
            } catch {
                app.send(.failed(KioskRuntime.message(of: error)))
                return
            }
            app.send(.sensors(.strapTableLoaded(pump.straps)))
        }
        let heard = nearby.compactMap { strap in
            pump.straps.index(ofAddress: strap.address).map { i in
                HeardStrap(strapIndex: i, rssi: Int(strap.rssi), battery: strap.batteryPercent.map(Int.init),
                           usable: strap.connectable || strap.broadcastHeartRate != nil)
            }
        }
        if !heard.isEmpty { app.send(.sensors(.heard(heard))) }
    }
}

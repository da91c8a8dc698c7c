import BLEHost
import BlueZTransport
import Foundation
import HeartRateProtocol
import Logging

/// What a strap says of itself — Body Sensor Location and Manufacturer Name — read once per
/// connection, after its heart rate is subscribed (a read never delays a reading), and posted to
/// the `StrapDescriptionBoard` as Sideline's own host does. A read that fails, times out or reads a
/// value that says nothing is logged at debug and not asked for again on this connection.
extension BlueZWorker {
    /// Asks for each describing characteristic bluetoothd exported and may read that was not asked for yet.
    func describe(_ i: Int, nowNs now: UInt64) {
        guard let client, straps[i].phase == .connected, straps[i].subscribed else { return }
        for (characteristic, path) in DescribingCharacteristics.readable(tree: client.tree, device: straps[i].devicePath)
        where !straps[i].describingAsked.contains(characteristic) {
            straps[i].describingAsked.insert(characteristic)
            let serial = client.send(path, BlueZ.gattCharacteristic, "ReadValue", [.properties([])])
            _ = expect(serial, strap: i, .readDescription(characteristic), nowNs: now)
        }
    }

    func describingRead(_ characteristic: UInt16, strap i: Int, error: BusError?, value: [UInt8]?) {
        let what = Self.name(characteristic)
        if let error { return log("cannot read \(straps[i].text)'s \(what): \(error)", .debug) }
        guard straps[i].phase == .connected, let value else { return }
        do {
            guard try straps[i].description.take(value[...], of: characteristic) else {
                return log("\(straps[i].text)'s \(what) says nothing", .debug)
            }
            boards.descriptions.note(BDAddress(value: straps[i].address, type: 0), straps[i].description)
        } catch {
            log("discarded \(straps[i].text)'s \(what): \(error)", .debug)
        }
    }

    func describingReadTimedOut(_ characteristic: UInt16, strap i: Int) {
        log("\(straps[i].text) did not answer a read of its \(Self.name(characteristic))", .debug)
    }

    private static func name(_ characteristic: UInt16) -> String { String(format: "0x%04X", characteristic) }
}

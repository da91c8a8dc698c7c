import BLEHost
import Localization
import SensorCore
import TeamCore

extension StrapSlot {
    /// The strap's 48-bit Bluetooth address; a stored address that is none is a line the user can act on.
    /// Only the one way of writing an address counts ("A0:9E:1A:12:34:56", as the slot keeps it), so
    /// two addresses a `StrapTable` tells apart are two straps to the worker too.
    func bluetoothAddress() throws -> UInt64 {
        guard let parsed = BDAddress(address), parsed.description == address else {
            throw SensorSourceError(Message(N_("strap address '{address}' is not a Bluetooth address like A0:9E:1A:12:34:56"), ["address": address]))
        }
        return parsed.value
    }
}

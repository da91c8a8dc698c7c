import BLEHost

extension StrapAddress {
    /// The strap's 48-bit Bluetooth address; a stored address that is none is a line the user can act on.
    func bluetoothAddress() throws -> UInt64 {
        guard let parsed = BDAddress(address) else {
            throw SensorSourceError("strap address '\(address)' is not a Bluetooth address like A0:9E:1A:12:34:56")
        }
        return parsed.value
    }
}

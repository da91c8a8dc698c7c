/// A heart-rate strap heard nearby, for the pairing screen and `sideline scan`.
public struct NearbyStrap: Sendable, Equatable {
    public var address: String
    public var name: String?
    /// Latest signal strength, dBm: higher is closer.
    public var rssi: Int8
    public var lastSeenNs: UInt64
    /// Battery percent when the strap advertises Battery Service data (0x180F).
    public var batteryPercent: UInt8?
    /// Polar broadcast "battery OK" bit, when the strap broadcasts its heart rate.
    public var batteryOK: Bool?
    /// The broadcast heart rate, when the strap offers one (no connection needed).
    public var broadcastHeartRate: UInt8?
    /// Whether it accepts connections. A strap connected to a phone stops advertising
    /// connectably (or at all): the pairing screen should say so rather than "not found".
    public var connectable: Bool
}

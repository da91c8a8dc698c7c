/// Where a strap's link stands, as the sensor worker sees it.
public enum LinkState: UInt8, Sendable, Codable, BitwiseCopyable {
    case disconnected = 0
    case connecting = 1
    /// Connected and notifications enabled.
    case connected = 2
    /// Heard through advertisements only (broadcast heart rate, no connection).
    case broadcast = 3
}

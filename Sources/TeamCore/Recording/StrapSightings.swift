/// When each strap was last heard and the battery level it last reported, gathered from sensor
/// events and handed to the store now and then: the strap list's "last seen" and "battery".
/// The kiosk and `record` both gather them.
public struct StrapSightings: Sendable, Equatable {
    public struct Sighting: Sendable, Equatable {
        /// On the source's clock, like `SensorEvent.timestampNs`.
        public var lastHeardNs: UInt64
        /// Percent; nil: none reported since the last take.
        public var battery: Int?
    }

    public private(set) var pending: [StrapIndex: Sighting] = [:]

    public init() {}

    public mutating func observe(_ e: SensorEvent) {
        if e.kind == .link && e.link == .disconnected { return } // losing a strap is not hearing it
        var sighting = pending[e.strap] ?? Sighting(lastHeardNs: e.timestampNs)
        sighting.lastHeardNs = max(sighting.lastHeardNs, e.timestampNs)
        if e.battery != SensorEvent.noBattery, e.battery <= 100, e.kind != .link { sighting.battery = Int(e.battery) }
        pending[e.strap] = sighting
    }

    /// What was gathered since the last take, and nothing kept.
    public mutating func take() -> [StrapIndex: Sighting] {
        defer { pending = [:] }
        return pending
    }
}

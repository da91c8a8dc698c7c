import HeartRateProtocol

/// What a strap says of itself, read once per connection: where it is worn (a wrist or arm
/// sensor explains other readings than a chest strap) and who made it.
public struct SensorDescription: Equatable, Sendable {
    public var bodySensorLocation: BodySensorLocation?
    public var manufacturerName: String?

    public init(bodySensorLocation: BodySensorLocation? = nil, manufacturerName: String? = nil) {
        self.bodySensorLocation = bodySensorLocation
        self.manufacturerName = manufacturerName
    }

    public var isEmpty: Bool { bodySensorLocation == nil && manufacturerName == nil }
}

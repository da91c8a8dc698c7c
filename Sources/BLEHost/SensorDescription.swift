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

extension SensorDescription {
    /// The characteristics a strap describes itself with, each in the service it belongs to.
    public static let characteristics: [(service: UInt16, characteristic: UInt16)] = [
        (GATTNumbers.heartRateService, GATTNumbers.bodySensorLocation),
        (GATTNumbers.deviceInformationService, GATTNumbers.manufacturerName),
    ]

    /// Takes what one of those characteristics read as `value`, the one rule both Bluetooth hosts
    /// follow. Returns whether it said something: a blank name, or a characteristic that is not one
    /// of them, changes nothing. A malformed or reserved location throws and changes nothing.
    @discardableResult
    public mutating func take(_ value: ArraySlice<UInt8>, of characteristic: UInt16) throws(ProtocolError) -> Bool {
        switch characteristic {
        case GATTNumbers.bodySensorLocation:
            bodySensorLocation = try BodySensorLocation.decode(value)
            return true
        case GATTNumbers.manufacturerName:
            guard let name = ManufacturerName.displayName(value) else { return false }
            manufacturerName = name
            return true
        default:
            return false
        }
    }
}

/// Body Sensor Location, characteristic 0x2A38: one byte (7–255 reserved).
public enum BodySensorLocation: UInt8, Sendable, CaseIterable {
    case other = 0, chest, wrist, finger, hand, earLobe, foot

    public static func decode(_ bytes: ArraySlice<UInt8>) throws(ProtocolError) -> BodySensorLocation {
        var reader = ByteReader(bytes, what: "body sensor location")
        let raw = try reader.uint8()
        guard reader.isAtEnd else { throw .trailingBytes(what: "body sensor location", count: reader.remaining) }
        guard let location = BodySensorLocation(rawValue: raw) else { throw .reservedValue(what: "body sensor location", value: Int(raw)) }
        return location
    }

    public static func decode(_ bytes: [UInt8]) throws(ProtocolError) -> BodySensorLocation { try decode(bytes[...]) }

    public func encode() -> [UInt8] { [rawValue] }

    /// As the strap list says it ("chest", "ear lobe").
    public var name: String {
        switch self {
        case .other: "other"
        case .chest: "chest"
        case .wrist: "wrist"
        case .finger: "finger"
        case .hand: "hand"
        case .earLobe: "ear lobe"
        case .foot: "foot"
        }
    }
}

/// Battery Level, characteristic 0x2A19: one byte, percent 0–100 (101–255 reserved).
public enum BatteryLevel {
    public static func decode(_ bytes: ArraySlice<UInt8>) throws(ProtocolError) -> UInt8 {
        var reader = ByteReader(bytes, what: "battery level")
        let percent = try reader.uint8()
        guard reader.isAtEnd else { throw .trailingBytes(what: "battery level", count: reader.remaining) }
        guard percent <= 100 else { throw .reservedValue(what: "battery level", value: Int(percent)) }
        return percent
    }

    public static func decode(_ bytes: [UInt8]) throws(ProtocolError) -> UInt8 { try decode(bytes[...]) }

    public static func encode(_ percent: UInt8) -> [UInt8] { [percent] }
}

/// Heart Rate Measurement, characteristic 0x2A37 (Heart Rate Service 1.0, §3.1).
///
///     flags: bit0 HR is uint16 (else uint8) · bits1-2 sensor contact · bit3 Energy Expended present
///            bit4 RR intervals present · bits5-7 reserved
///     HR (1 or 2 bytes, little-endian) · [Energy Expended uint16 kJ] · [RR uint16 1/1024 s]*
///
/// Decoding allocates nothing: RR intervals live in a fixed inline array.
public struct HeartRateMeasurement: Sendable, Equatable {
    /// At most nine RR intervals fit in one notification at the default ATT MTU (23).
    public static let maxRRCount = 9

    public enum Contact: UInt8, Sendable, Equatable {
        case notSupported = 0
        case notDetected = 2
        case detected = 3
    }

    public var heartRate: UInt16
    /// Whether the strap sent the rate as uint16 (kept so encoding round-trips).
    public var isUInt16: Bool
    public var contact: Contact
    public var energyExpendedKJ: UInt16?
    /// Whether the RR flag was set (a packet may set it and carry none).
    public var hasRRField: Bool
    public private(set) var rrCount: Int
    /// RR intervals beyond `maxRRCount` (possible only with a larger MTU) that were not kept.
    public private(set) var rrDropped: Int
    /// RR intervals in 1/1024 s, oldest first; the first `rrCount` are valid.
    public private(set) var rr: InlineArray<9, UInt16>

    public init(heartRate: UInt16, isUInt16: Bool? = nil, contact: Contact = .notSupported,
                energyExpendedKJ: UInt16? = nil, rrIntervals1024: [UInt16] = [], hasRRField: Bool? = nil) {
        self.heartRate = heartRate
        self.isUInt16 = isUInt16 ?? (heartRate > 255)
        self.contact = contact
        self.energyExpendedKJ = energyExpendedKJ
        self.hasRRField = hasRRField ?? !rrIntervals1024.isEmpty
        self.rrCount = 0
        self.rrDropped = 0
        self.rr = InlineArray(repeating: 0)
        for value in rrIntervals1024 { appendRR(value) }
    }

    public mutating func appendRR(_ value: UInt16) {
        if rrCount < Self.maxRRCount { rr[rrCount] = value; rrCount += 1 } else { rrDropped += 1 }
    }

    /// The valid RR values (allocates; tests and tools).
    public var rrIntervals1024: [UInt16] { (0..<rrCount).map { rr[$0] } }

    /// Decodes a notification's value.
    public static func decode(_ bytes: ArraySlice<UInt8>) throws(ProtocolError) -> HeartRateMeasurement {
        var reader = ByteReader(bytes, what: "heart rate measurement")
        let flags = try reader.uint8()
        let isUInt16 = flags & 0x01 != 0
        let heartRate = isUInt16 ? try reader.uint16() : UInt16(try reader.uint8())
        let contact: Contact = switch (flags >> 1) & 0x03 {
        case 2: .notDetected
        case 3: .detected
        default: .notSupported // 0 and 1 both mean "not supported" (spec)
        }
        var value = HeartRateMeasurement(heartRate: heartRate, isUInt16: isUInt16, contact: contact,
                                         hasRRField: flags & 0x10 != 0)
        if flags & 0x08 != 0 { value.energyExpendedKJ = try reader.uint16() }
        if value.hasRRField {
            if reader.remaining % 2 != 0 { throw .trailingBytes(what: "heart rate measurement RR intervals", count: 1) }
            while !reader.isAtEnd { value.appendRR(try reader.uint16()) }
        } else if !reader.isAtEnd {
            throw .trailingBytes(what: "heart rate measurement", count: reader.remaining)
        }
        return value
    }

    public static func decode(_ bytes: [UInt8]) throws(ProtocolError) -> HeartRateMeasurement {
        try decode(bytes[...])
    }

    public func encode() -> [UInt8] {
        var flags: UInt8 = isUInt16 ? 0x01 : 0
        switch contact {
        case .notSupported: break
        case .notDetected: flags |= 0x04
        case .detected: flags |= 0x06
        }
        if energyExpendedKJ != nil { flags |= 0x08 }
        if hasRRField || rrCount > 0 { flags |= 0x10 }
        var out: [UInt8] = [flags]
        if isUInt16 { out.appendLE(heartRate) } else { out.append(UInt8(truncatingIfNeeded: heartRate)) }
        if let energy = energyExpendedKJ { out.appendLE(energy) }
        for i in 0..<rrCount { out.appendLE(rr[i]) }
        return out
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.heartRate == b.heartRate && a.isUInt16 == b.isUInt16 && a.contact == b.contact
            && a.energyExpendedKJ == b.energyExpendedKJ && a.hasRRField == b.hasRRField
            && a.rrDropped == b.rrDropped && a.rrIntervals1024 == b.rrIntervals1024
    }
}

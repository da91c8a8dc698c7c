/// The heart rate Polar straps (H7/H9/H10 and others) broadcast in advertisements,
/// as manufacturer-specific data of company 0x006B. After the company id:
///
///     byte 0 flags: bit0 battery OK · bit1 sensor contact · bits2-4 frame counter
///                   (changes when the value is new) · bit5 broadcast · bit6 data type · bit7 status
///     byte 1 kHz code · byte 2 fast-average HR · byte 3 (optional) slow-average HR
///
/// With three bytes the fast average serves as the slow one. Later bytes, which
/// some models add, are ignored.
public struct PolarBroadcast: Sendable, Equatable {
    public var batteryOK: Bool
    public var contact: Bool
    /// 0…7; a strap increments it when it has a new value. A frozen counter means a stale value.
    public var frameCounter: UInt8
    public var broadcastBit: Bool
    public var dataTypeBit: Bool
    public var statusBit: Bool
    public var kHzCode: UInt8
    public var fastAverageHR: UInt8
    public var slowAverageHR: UInt8
    /// Whether byte 3 was present (kept so encoding round-trips).
    public var hasSlowAverage: Bool

    /// The rate to display: the slow average.
    public var heartRate: UInt8 { slowAverageHR }

    public init(batteryOK: Bool = true, contact: Bool = true, frameCounter: UInt8, broadcastBit: Bool = true,
                dataTypeBit: Bool = false, statusBit: Bool = false, kHzCode: UInt8 = 0,
                fastAverageHR: UInt8, slowAverageHR: UInt8? = nil) {
        self.batteryOK = batteryOK
        self.contact = contact
        self.frameCounter = frameCounter & 0x07
        self.broadcastBit = broadcastBit
        self.dataTypeBit = dataTypeBit
        self.statusBit = statusBit
        self.kHzCode = kHzCode
        self.fastAverageHR = fastAverageHR
        self.slowAverageHR = slowAverageHR ?? fastAverageHR
        self.hasSlowAverage = slowAverageHR != nil
    }

    /// Decodes the payload after the company id.
    public static func decode(_ payload: ArraySlice<UInt8>) throws(ProtocolError) -> PolarBroadcast {
        var reader = ByteReader(payload, what: "Polar broadcast")
        let flags = try reader.uint8()
        let kHz = try reader.uint8()
        let fast = try reader.uint8()
        let slow: UInt8? = reader.isAtEnd ? nil : try reader.uint8()
        return PolarBroadcast(batteryOK: flags & 0x01 != 0, contact: flags & 0x02 != 0,
                              frameCounter: (flags >> 2) & 0x07, broadcastBit: flags & 0x20 != 0,
                              dataTypeBit: flags & 0x40 != 0, statusBit: flags & 0x80 != 0,
                              kHzCode: kHz, fastAverageHR: fast, slowAverageHR: slow)
    }

    public static func decode(_ payload: [UInt8]) throws(ProtocolError) -> PolarBroadcast { try decode(payload[...]) }

    /// Finds and decodes the broadcast in a whole advertisement, if it has one.
    public static func find(inAdvertisement bytes: ArraySlice<UInt8>) -> PolarBroadcast? {
        guard let payload = AdvertisingData.manufacturerPayload(company: GATTNumbers.polarCompanyID, in: bytes) else { return nil }
        return try? decode(payload)
    }

    public var flagsByte: UInt8 {
        (batteryOK ? 0x01 : 0) | (contact ? 0x02 : 0) | (frameCounter & 0x07) << 2
            | (broadcastBit ? 0x20 : 0) | (dataTypeBit ? 0x40 : 0) | (statusBit ? 0x80 : 0)
    }

    /// The payload after the company id.
    public func encode() -> [UInt8] {
        hasSlowAverage ? [flagsByte, kHzCode, fastAverageHR, slowAverageHR] : [flagsByte, kHzCode, fastAverageHR]
    }
}

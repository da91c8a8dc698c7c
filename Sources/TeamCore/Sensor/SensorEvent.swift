/// What the sensor worker tells the main loop, through the lock-free ring.
///
/// A fixed-size plain value: no class, no array, no String, so pushing one
/// allocates nothing and copying one is a memcpy (`BitwiseCopyable`).
public struct SensorEvent: Sendable, BitwiseCopyable, Equatable {
    public enum Kind: UInt8, Sendable, BitwiseCopyable {
        /// A Heart Rate Measurement notification (bpm, contact, energy, RR).
        case measurement = 0
        /// A battery level read or notified.
        case battery = 1
        /// The link changed state (`link`).
        case link = 2
        /// A heart rate heard in an advertisement (broadcast mode; `bpm`, `contact`, `rssi`).
        case advert = 3
    }

    public static let maxRRCount = 9
    public static let noBattery: UInt8 = 0xFF

    /// Which strap: its place in the table the source was started on.
    public var strap: StrapIndex
    /// Monotonic time of arrival, nanoseconds (the source's clock).
    public var timestampNs: UInt64
    public var kind: Kind
    public var bpm: UInt16
    public var contact: SensorContact
    public var link: LinkState
    /// Battery percent 0–100, or `noBattery`.
    public var battery: UInt8
    public var rssi: Int8
    public var hasEnergy: Bool
    /// Energy expended since the strap's last reset, kJ.
    public var energyKJ: UInt16
    public var rrCount: UInt8
    /// RR intervals in 1/1024 s; the first `rrCount` are valid, oldest first.
    public var rr: InlineArray<9, UInt16>

    public init(strap: StrapIndex, timestampNs: UInt64, kind: Kind, bpm: UInt16 = 0,
                contact: SensorContact = .notSupported, link: LinkState = .connected,
                battery: UInt8 = SensorEvent.noBattery, rssi: Int8 = 0,
                energyKJ: UInt16? = nil) {
        self.strap = strap
        self.timestampNs = timestampNs
        self.kind = kind
        self.bpm = bpm
        self.contact = contact
        self.link = link
        self.battery = battery
        self.rssi = rssi
        self.hasEnergy = energyKJ != nil
        self.energyKJ = energyKJ ?? 0
        self.rrCount = 0
        self.rr = InlineArray(repeating: 0)
    }

    /// Appends an RR interval; the tenth and later are dropped (a packet holds at most nine).
    @inlinable
    public mutating func appendRR(_ value1024: UInt16) {
        guard Int(rrCount) < Self.maxRRCount else { return }
        rr[Int(rrCount)] = value1024
        rrCount += 1
    }

    /// The arrival time in whole milliseconds of the same clock (the app clock's unit).
    public var timestampMs: Int64 { Int64(timestampNs / 1_000_000) }

    /// The valid RR values as an array (allocates; not for the hot path).
    public var rrValues: [UInt16] { (0..<Int(rrCount)).map { rr[$0] } }

    public static func == (a: SensorEvent, b: SensorEvent) -> Bool {
        a.strap == b.strap && a.timestampNs == b.timestampNs && a.kind == b.kind && a.bpm == b.bpm
            && a.contact == b.contact && a.link == b.link && a.battery == b.battery && a.rssi == b.rssi
            && a.hasEnergy == b.hasEnergy && a.energyKJ == b.energyKJ && a.rrValues == b.rrValues
    }
}

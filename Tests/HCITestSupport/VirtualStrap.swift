/// A heart-rate strap near a `VirtualController`: it advertises (connectable, listing
/// 0x180D) while nobody is connected, serves a GATT database with Heart Rate and Battery,
/// and notifies its heart rate once a second while subscribed. What it did is in `log`.
public final class VirtualStrap {
    public let address: UInt64
    /// Whether it is within range and switched on (advertising when not connected).
    public var present = true
    /// Whether it answers a connect (a strap held by a phone advertises and never does).
    public var acceptsConnections = true
    public var advertisingIntervalNs: UInt64 = 100_000_000
    /// When, within one interval, it advertises (real straps are switched on at random moments).
    public var phaseNs: UInt64 = 0
    public var heartRate: UInt8 = 120
    public var batteryLevel: UInt8 = 90
    /// Also broadcasts its heart rate in every advertisement (Polar's manufacturer data), with a
    /// frame counter that moves once a second, when the value is new.
    public var broadcastsHeartRate = false
    /// Serves Body Sensor Location (0x2A38, readable) in its heart rate service when set.
    public var bodySensorLocation: UInt8?
    /// Serves a Device Information service with this Manufacturer Name (0x2A29) when set.
    public var manufacturerName: String?

    public enum Event: Equatable {
        case connected(handle: UInt16)
        case disconnected(reason: UInt8)
        case subscribed
        case notified(bpm: UInt8)
    }
    public private(set) var log: [Event] = []
    public private(set) var handle: UInt16?
    var subscribed = false
    var nextNotificationNs: UInt64 = 0

    public init(address: UInt64, phaseNs: UInt64 = 0) {
        self.address = address
        self.phaseNs = phaseNs
    }

    public var isConnected: Bool { handle != nil }
    public var notifications: Int { log.filter { if case .notified = $0 { true } else { false } }.count }

    func connected(_ handle: UInt16, nowNs: UInt64) {
        self.handle = handle
        log.append(.connected(handle: handle))
    }

    func disconnected(reason: UInt8) {
        handle = nil
        subscribed = false
        log.append(.disconnected(reason: reason))
    }

    // MARK: advertising

    /// Flags (LE General Discoverable, no BR/EDR) and the Heart Rate service, as real straps advertise;
    /// a broadcasting strap adds manufacturer data of company 0x006B: flags (battery OK, contact,
    /// frame counter in bits 2-4, broadcast bit 5), a kHz code, fast- and slow-average heart rate.
    func advertisingData(nowNs: UInt64) -> [UInt8] {
        let basic: [UInt8] = [0x02, 0x01, 0x06, 0x03, 0x03, 0x0D, 0x18]
        guard broadcastsHeartRate else { return basic }
        let counter = UInt8(nowNs / 1_000_000_000 % 8)
        return basic + [0x07, 0xFF, 0x6B, 0x00, 0x01 | 0x02 | counter << 2 | 0x20, 0x00, heartRate, heartRate]
    }

    // MARK: GATT server

    /// Handle → (type, value): Heart Rate 1–4 (measurement 3, CCCD 4; Body Sensor Location 5–6 when
    /// set), then Battery (level, CCCD), then Device Information (Manufacturer Name) when set.
    private var attributes: [(handle: UInt16, type: UInt16, value: [UInt8])] {
        var list: [(handle: UInt16, type: UInt16, value: [UInt8])] = [
            (1, 0x2800, le16(0x180D)), (2, 0x2803, [0x10] + le16(3) + le16(0x2A37)), (3, 0x2A37, []), (4, 0x2902, [0, 0])]
        if let location = bodySensorLocation { list += [(5, 0x2803, [0x02] + le16(6) + le16(0x2A38)), (6, 0x2A38, [location])] }
        let b = UInt16(list.count + 1)
        list += [(b, 0x2800, le16(0x180F)), (b + 1, 0x2803, [0x12] + le16(b + 2) + le16(0x2A19)), (b + 2, 0x2A19, [batteryLevel]),
                 (b + 3, 0x2902, [0, 0])]
        if let name = manufacturerName {
            let d = b + 4
            list += [(d, 0x2800, le16(0x180A)), (d + 1, 0x2803, [0x02] + le16(d + 2) + le16(0x2A29)), (d + 2, 0x2A29, Array(name.utf8))]
        }
        return list
    }

    /// The answer to one ATT PDU from the client (nil: none is due).
    func answer(_ pdu: [UInt8], nowNs: UInt64) -> [UInt8]? {
        guard let opcode = pdu.first else { return nil }
        func u16(_ i: Int) -> UInt16 { UInt16(pdu[i]) | UInt16(pdu[i + 1]) << 8 }
        func notFound(_ start: UInt16) -> [UInt8] { [0x01, opcode] + le16(start) + [0x0A] }
        switch opcode {
        case 0x02 where pdu.count == 3: // Exchange MTU
            return [0x03] + le16(23)
        case 0x10 where pdu.count == 7: // Read By Group Type: primary services
            let (start, end) = (u16(1), u16(3))
            let services = attributes.filter { $0.type == 0x2800 }
            let found = services.enumerated().filter { (start...end).contains($0.element.handle) }.map { i, s -> [UInt8] in
                let groupEnd = i + 1 < services.count ? services[i + 1].handle - 1 : attributes.last!.handle
                return le16(s.handle) + le16(groupEnd) + s.value
            }
            return found.isEmpty ? notFound(start) : [0x11, 6] + found.joined()
        case 0x08 where pdu.count == 7: // Read By Type: characteristic declarations, or a value by its UUID
            let (start, end, type) = (u16(1), u16(3), u16(5))
            let found = attributes.filter { $0.type == type && (start...end).contains($0.handle) }
            return found.isEmpty ? notFound(start) : [0x09, UInt8(2 + found[0].value.count)] + found.flatMap { le16($0.handle) + $0.value }
        case 0x04 where pdu.count == 5: // Find Information
            let (start, end) = (u16(1), u16(3))
            let found = attributes.filter { (start...end).contains($0.handle) }
            return found.isEmpty ? notFound(start) : [0x05, 1] + found.flatMap { le16($0.handle) + le16($0.type) }
        case 0x0A where pdu.count == 3: // Read
            guard let a = attributes.first(where: { $0.handle == u16(1) }) else { return notFound(u16(1)) }
            return [0x0B] + a.value
        case 0x12 where pdu.count >= 5: // Write: only the CCCDs
            if u16(1) == 4 {
                subscribed = pdu[3] & 1 != 0
                if subscribed {
                    log.append(.subscribed)
                    nextNotificationNs = nowNs + 1_000_000_000
                }
            }
            return [0x13]
        default:
            return [0x01, opcode, 0, 0, 0x06] // request not supported
        }
    }

    /// The Heart Rate Measurement due now, if subscribed: uint8 rate, contact detected, one RR interval.
    func notificationDue(nowNs: UInt64) -> [UInt8]? {
        guard subscribed, nowNs >= nextNotificationNs else { return nil }
        nextNotificationNs += 1_000_000_000
        log.append(.notified(bpm: heartRate))
        let rr = UInt16(61_440 / Int(max(heartRate, 1))) // 1/1024 s
        return [0x1B] + le16(3) + [0x16, heartRate] + le16(rr)
    }
}

func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }

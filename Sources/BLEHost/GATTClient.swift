import HeartRateProtocol

/// The GATT client procedure for one strap (Core Spec Vol 3 Part G §4): exchange
/// MTU, discover primary services, their characteristics and the CCCDs, enable
/// heart-rate notifications, read the battery and subscribe to it where offered, then
/// read once what the strap says of itself: Body Sensor Location (0x2A38) and the
/// Device Information service's Manufacturer Name (0x2A29, by "Read Using Characteristic
/// UUID", one round trip). Heart rates flow before those reads; a strap without them, or
/// one that refuses them, is described as far as it answered.
/// One request at a time, each with a transaction timeout (30 s in the spec).
public struct GATTClient {
    public enum Stage: Equatable, Sendable {
        case exchangingMTU, discoveringServices, discoveringCharacteristics, discoveringDescriptors
        case subscribingHeartRate, readingBattery, subscribingBattery, readingSensorLocation, readingManufacturer, ready
        case failed(String)
    }

    /// What the client has to tell its owner after a step.
    public enum Event: Equatable {
        case send([UInt8])
        case heartRateSubscribed
        case batteryLevel(UInt8)
        /// What the strap said of itself, once per connection, when it said anything.
        case described(SensorDescription)
        case failed(String)
    }

    struct Characteristic { var declaration: UInt16; var properties: UInt8; var value: UInt16; var uuid: UInt16; var serviceEnd: UInt16 }

    public private(set) var stage: Stage = .exchangingMTU
    public private(set) var mtu: UInt16 = ATT.defaultMTU
    public private(set) var heartRateValueHandle: UInt16 = 0
    public private(set) var batteryValueHandle: UInt16 = 0
    public private(set) var heartRateCCCD: UInt16 = 0
    public private(set) var batteryCCCD: UInt16 = 0
    public let transactionTimeoutNs: UInt64
    /// When the outstanding request was sent, if one is.
    public private(set) var pendingSinceNs: UInt64?
    private var pendingOpcode: UInt8 = 0

    private var services: [(start: UInt16, end: UInt16, uuid: UInt16)] = []
    /// The Device Information service's range, if the strap has one (only read by UUID, never discovered).
    private var deviceInformation: (start: UInt16, end: UInt16)?
    /// Filled by the last reads; reported with `.described`.
    public private(set) var description = SensorDescription()
    private var characteristics: [Characteristic] = []
    private var serviceCursor = 0
    private var nextHandle: UInt16 = 1
    private var descriptorTarget: UInt16 = 0 // value handle whose CCCD is being looked for

    public init(transactionTimeoutNs: UInt64 = 30_000_000_000) { self.transactionTimeoutNs = transactionTimeoutNs }

    public var isReady: Bool { stage == .ready }
    public var batteryNotifies: Bool { batteryCCCD != 0 }

    public mutating func start(nowNs: UInt64) -> [Event] { request(ATT.exchangeMTU(), nowNs: nowNs) }

    /// Whether the outstanding request has waited past the transaction timeout.
    public func hasTimedOut(nowNs: UInt64) -> Bool {
        guard let since = pendingSinceNs else { return false }
        return nowNs &- since > transactionTimeoutNs
    }

    private mutating func request(_ pdu: [UInt8], nowNs: UInt64) -> [Event] {
        pendingSinceNs = nowNs
        pendingOpcode = pdu[0]
        return [.send(pdu)]
    }

    private mutating func fail(_ why: String) -> [Event] {
        stage = .failed(why)
        pendingSinceNs = nil
        return [.failed(why)]
    }

    /// Handles a response (or error response) to the outstanding request.
    public mutating func handleResponse(_ pdu: ArraySlice<UInt8>, nowNs: UInt64) -> [Event] {
        guard let opcode = pdu.first, pendingSinceNs != nil else { return [] } // unsolicited: ignore
        var r = ByteReader(pdu.dropFirst(), what: "ATT response")
        var errorCode: UInt8?
        if opcode == ATT.Opcode.errorResponse {
            guard pdu.count == 5, pdu[pdu.startIndex + 1] == pendingOpcode else { return fail("malformed ATT error response") }
            errorCode = pdu[pdu.startIndex + 4]
        } else if opcode != pendingOpcode + 1 {
            return fail("ATT response 0x\(String(opcode, radix: 16)) to request 0x\(String(pendingOpcode, radix: 16))")
        }
        pendingSinceNs = nil
        do throws(ProtocolError) {
            switch stage {
            case .exchangingMTU:
                if errorCode == nil { mtu = max(ATT.defaultMTU, min(ATT.clientMTU, try r.uint16())) }
                stage = .discoveringServices
                nextHandle = 1
                return request(ATT.readByGroupType(start: 1, end: 0xFFFF, type: GATTNumbers.primaryService), nowNs: nowNs)

            case .discoveringServices:
                if errorCode == nil, let last = try absorbServices(&r), last < 0xFFFF {
                    nextHandle = last + 1
                    return request(ATT.readByGroupType(start: nextHandle, end: 0xFFFF, type: GATTNumbers.primaryService), nowNs: nowNs)
                }
                if let errorCode, errorCode != ATT.ErrorCode.attributeNotFound { return fail("service discovery error 0x\(String(errorCode, radix: 16))") }
                deviceInformation = services.first { $0.uuid == GATTNumbers.deviceInformationService }.map { ($0.start, $0.end) }
                services = services.filter { $0.uuid == GATTNumbers.heartRateService || $0.uuid == GATTNumbers.batteryService }
                guard services.contains(where: { $0.uuid == GATTNumbers.heartRateService }) else { return fail("no heart rate service") }
                stage = .discoveringCharacteristics
                serviceCursor = 0
                nextHandle = services[0].start
                return request(ATT.readByType(start: nextHandle, end: services[0].end, type: GATTNumbers.characteristic), nowNs: nowNs)

            case .discoveringCharacteristics:
                let service = services[serviceCursor]
                if errorCode == nil, let last = try absorbCharacteristics(&r, serviceEnd: service.end), last < service.end {
                    nextHandle = last + 1
                    return request(ATT.readByType(start: nextHandle, end: service.end, type: GATTNumbers.characteristic), nowNs: nowNs)
                }
                serviceCursor += 1
                if serviceCursor < services.count {
                    nextHandle = services[serviceCursor].start
                    return request(ATT.readByType(start: nextHandle, end: services[serviceCursor].end, type: GATTNumbers.characteristic), nowNs: nowNs)
                }
                guard let hr = characteristics.first(where: { $0.uuid == GATTNumbers.heartRateMeasurement }), hr.properties & 0x30 != 0 else {
                    return fail("no notifiable heart rate measurement")
                }
                heartRateValueHandle = hr.value
                if let battery = characteristics.first(where: { $0.uuid == GATTNumbers.batteryLevel }) { batteryValueHandle = battery.value }
                stage = .discoveringDescriptors
                return findDescriptors(of: hr, nowNs: nowNs)

            case .discoveringDescriptors:
                if errorCode == nil, let cccd = try absorbDescriptors(&r) {
                    if descriptorTarget == heartRateValueHandle { heartRateCCCD = cccd } else { batteryCCCD = cccd }
                }
                if descriptorTarget == heartRateValueHandle {
                    if heartRateCCCD == 0 { return fail("heart rate measurement has no CCCD") }
                    if let battery = characteristics.first(where: { $0.uuid == GATTNumbers.batteryLevel }), battery.properties & 0x10 != 0 {
                        return findDescriptors(of: battery, nowNs: nowNs)
                    }
                }
                stage = .subscribingHeartRate
                let hr = characteristics.first(where: { $0.value == heartRateValueHandle })!
                let enable: [UInt8] = hr.properties & 0x10 != 0 ? [0x01, 0x00] : [0x02, 0x00] // notify, else indicate
                return request(ATT.write(handle: heartRateCCCD, value: enable), nowNs: nowNs)

            case .subscribingHeartRate:
                if let errorCode { return fail("enabling heart rate notifications failed: ATT error 0x\(String(errorCode, radix: 16))") }
                var events: [Event] = [.heartRateSubscribed]
                if batteryValueHandle != 0 {
                    stage = .readingBattery
                    events += request(ATT.read(handle: batteryValueHandle), nowNs: nowNs)
                } else {
                    events += readSensorLocation(nowNs: nowNs)
                }
                return events

            case .readingBattery:
                var events: [Event] = []
                if errorCode == nil, let level = try? BatteryLevel.decode(r.rest()) { events.append(.batteryLevel(level)) }
                if batteryCCCD != 0 {
                    stage = .subscribingBattery
                    events += request(ATT.write(handle: batteryCCCD, value: [0x01, 0x00]), nowNs: nowNs)
                } else {
                    events += readSensorLocation(nowNs: nowNs)
                }
                return events

            case .subscribingBattery:
                if errorCode != nil { batteryCCCD = 0 } // battery stays read-once
                return readSensorLocation(nowNs: nowNs)

            case .readingSensorLocation:
                // A reserved or malformed value is no location; it costs the link nothing.
                if errorCode == nil { _ = try? description.take(r.rest(), of: GATTNumbers.bodySensorLocation) }
                return readManufacturer(nowNs: nowNs)

            case .readingManufacturer:
                if errorCode == nil, let name = try? Self.firstValue(ofReadByType: &r) {
                    _ = try? description.take(name, of: GATTNumbers.manufacturerName)
                }
                return finish()

            case .ready, .failed:
                return []
            }
        } catch {
            return fail(error.description)
        }
    }

    /// Reads Body Sensor Location when the heart rate service has a readable one, else goes on.
    private mutating func readSensorLocation(nowNs: UInt64) -> [Event] {
        guard let location = characteristics.first(where: { $0.uuid == GATTNumbers.bodySensorLocation }), location.properties & 0x02 != 0 else {
            return readManufacturer(nowNs: nowNs)
        }
        stage = .readingSensorLocation
        return request(ATT.read(handle: location.value), nowNs: nowNs)
    }

    /// Reads the Manufacturer Name String by its UUID within the Device Information service, if any.
    private mutating func readManufacturer(nowNs: UInt64) -> [Event] {
        guard let info = deviceInformation else { return finish() }
        stage = .readingManufacturer
        return request(ATT.readByType(start: info.start, end: info.end, type: GATTNumbers.manufacturerName), nowNs: nowNs)
    }

    private mutating func finish() -> [Event] {
        stage = .ready
        return description.isEmpty ? [] : [.described(description)]
    }

    /// The first attribute value of a Read By Type response (length, then handle + value pairs).
    /// A value longer than the link's MTU allows arrives cut; a name is for display only.
    private static func firstValue(ofReadByType r: inout ByteReader) throws(ProtocolError) -> ArraySlice<UInt8> {
        let length = Int(try r.uint8())
        guard length >= 2 else { throw .badLength(what: "Read By Type response", length: length) }
        _ = try r.uint16()
        return try r.slice(length - 2)
    }

    private mutating func findDescriptors(of c: Characteristic, nowNs: UInt64) -> [Event] {
        descriptorTarget = c.value
        let next = characteristics.filter { $0.declaration > c.value }.map(\.declaration).min()
        let end = min(c.serviceEnd, next.map { $0 - 1 } ?? c.serviceEnd)
        guard c.value < end else {
            // No room for descriptors: the characteristic has no CCCD.
            return handleMissingDescriptor(nowNs: nowNs)
        }
        return request(ATT.findInformation(start: c.value + 1, end: end), nowNs: nowNs)
    }

    private mutating func handleMissingDescriptor(nowNs: UInt64) -> [Event] {
        pendingOpcode = ATT.Opcode.findInformationRequest
        pendingSinceNs = nowNs
        // Treat as "attribute not found" for the current target.
        return handleResponse([ATT.Opcode.errorResponse, ATT.Opcode.findInformationRequest, 0, 0, ATT.ErrorCode.attributeNotFound][...], nowNs: nowNs)
    }

    /// Returns the last end handle in the response, nil when it had no entries.
    private mutating func absorbServices(_ r: inout ByteReader) throws(ProtocolError) -> UInt16? {
        let length = Int(try r.uint8())
        guard length >= 6 else { throw .badLength(what: "Read By Group Type response", length: length) }
        var last: UInt16?
        while !r.isAtEnd {
            let start = try r.uint16(), end = try r.uint16()
            let uuid: UInt16 = length == 6 ? try r.uint16() : { try? r.skip(length - 4); return 0 }()
            guard end >= start else { throw .badLength(what: "service range", length: Int(end)) }
            services.append((start, end, uuid))
            last = end
        }
        return last
    }

    private mutating func absorbCharacteristics(_ r: inout ByteReader, serviceEnd: UInt16) throws(ProtocolError) -> UInt16? {
        let length = Int(try r.uint8())
        guard length >= 7 else { throw .badLength(what: "Read By Type response", length: length) }
        var last: UInt16?
        while !r.isAtEnd {
            let declaration = try r.uint16(), properties = try r.uint8(), value = try r.uint16()
            let uuid: UInt16 = length == 7 ? try r.uint16() : { try? r.skip(length - 5); return 0 }()
            characteristics.append(Characteristic(declaration: declaration, properties: properties, value: value, uuid: uuid, serviceEnd: serviceEnd))
            last = declaration
        }
        return last
    }

    /// The CCCD's handle if the Find Information response lists one.
    private func absorbDescriptors(_ r: inout ByteReader) throws(ProtocolError) -> UInt16? {
        let format = try r.uint8()
        let entry = format == 1 ? 4 : 18
        while !r.isAtEnd {
            let handle = try r.uint16()
            if entry == 4 {
                if try r.uint16() == GATTNumbers.clientCharacteristicConfiguration { return handle }
            } else {
                try r.skip(16)
            }
        }
        return nil
    }
}

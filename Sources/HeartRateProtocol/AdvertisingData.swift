/// Advertising and scan-response data (Core Specification Vol 3 Part C §11):
/// a sequence of `[length][type][data…]` structures; a zero length ends it early (padding).
public struct AdvertisingData: Sendable, Equatable {
    public enum DataType {
        public static let flags: UInt8 = 0x01
        public static let incompleteServices16: UInt8 = 0x02
        public static let completeServices16: UInt8 = 0x03
        public static let shortLocalName: UInt8 = 0x08
        public static let completeLocalName: UInt8 = 0x09
        public static let txPower: UInt8 = 0x0A
        public static let serviceData16: UInt8 = 0x16
        public static let manufacturerSpecific: UInt8 = 0xFF
    }

    public struct ManufacturerData: Sendable, Equatable {
        public var companyID: UInt16
        public var payload: [UInt8]
        public init(companyID: UInt16, payload: [UInt8]) { self.companyID = companyID; self.payload = payload }
    }

    public struct ServiceData: Sendable, Equatable {
        public var uuid16: UInt16
        public var payload: [UInt8]
        public init(uuid16: UInt16, payload: [UInt8]) { self.uuid16 = uuid16; self.payload = payload }
    }

    public var flags: UInt8?
    public var services16: [UInt16] = []
    /// Whether the service list was marked complete (type 0x03) rather than incomplete (0x02).
    public var servicesComplete = false
    public var localName: String?
    public var localNameComplete = false
    public var txPowerDBm: Int8?
    public var manufacturerData: [ManufacturerData] = []
    public var serviceData: [ServiceData] = []

    public init() {}

    /// Calls `body` with each structure's type and data; never allocates.
    public static func forEachStructure(_ bytes: ArraySlice<UInt8>,
                                        _ body: (UInt8, ArraySlice<UInt8>) -> Void) throws(ProtocolError) {
        var reader = ByteReader(bytes, what: "advertising data")
        while !reader.isAtEnd {
            let length = Int(try reader.uint8())
            if length == 0 { return } // the rest is padding
            guard length <= reader.remaining else { throw .badLength(what: "advertising data structure", length: length) }
            let type = try reader.uint8()
            body(type, try reader.slice(length - 1))
        }
    }

    public static func decode(_ bytes: ArraySlice<UInt8>) throws(ProtocolError) -> AdvertisingData {
        var data = AdvertisingData()
        var failure: ProtocolError?
        try forEachStructure(bytes) { type, field in
            guard failure == nil else { return }
            do throws(ProtocolError) { try data.absorb(type: type, field: field) } catch { failure = error }
        }
        if let failure { throw failure }
        return data
    }

    public static func decode(_ bytes: [UInt8]) throws(ProtocolError) -> AdvertisingData { try decode(bytes[...]) }

    /// Merges another report's data (an active scan's scan response into its advertisement).
    public mutating func merge(_ other: AdvertisingData) {
        flags = other.flags ?? flags
        for uuid in other.services16 where !services16.contains(uuid) { services16.append(uuid) }
        servicesComplete = servicesComplete || other.servicesComplete
        if let name = other.localName, localName == nil || other.localNameComplete { localName = name; localNameComplete = other.localNameComplete }
        txPowerDBm = other.txPowerDBm ?? txPowerDBm
        if !other.manufacturerData.isEmpty { manufacturerData = other.manufacturerData }
        if !other.serviceData.isEmpty { serviceData = other.serviceData }
    }

    private mutating func absorb(type: UInt8, field: ArraySlice<UInt8>) throws(ProtocolError) {
        var reader = ByteReader(field, what: "advertising data type \(type)")
        switch type {
        case DataType.flags:
            flags = try reader.uint8()
        case DataType.incompleteServices16, DataType.completeServices16:
            guard field.count % 2 == 0 else { throw .badLength(what: "16-bit service UUID list", length: field.count) }
            while !reader.isAtEnd { services16.append(try reader.uint16()) }
            servicesComplete = servicesComplete || type == DataType.completeServices16
        case DataType.shortLocalName, DataType.completeLocalName:
            localName = String(decoding: field, as: UTF8.self)
            localNameComplete = type == DataType.completeLocalName
        case DataType.txPower:
            guard field.count == 1 else { throw .badLength(what: "TX power level", length: field.count) }
            txPowerDBm = Int8(bitPattern: try reader.uint8())
        case DataType.manufacturerSpecific:
            let company = try reader.uint16()
            manufacturerData.append(ManufacturerData(companyID: company, payload: Array(reader.rest())))
        case DataType.serviceData16:
            let uuid = try reader.uint16()
            serviceData.append(ServiceData(uuid16: uuid, payload: Array(reader.rest())))
        default:
            break // other types are legal and of no interest here
        }
    }

    public func encode() -> [UInt8] {
        var out: [UInt8] = []
        func structure(_ type: UInt8, _ data: [UInt8]) {
            out.append(UInt8(truncatingIfNeeded: data.count + 1))
            out.append(type)
            out.append(contentsOf: data)
        }
        if let flags { structure(DataType.flags, [flags]) }
        // An empty complete list is meaningful ("no 16-bit services"); a list longer than one
        // structure holds (merged reports) goes out in several.
        var start = 0
        while start < services16.count || (start == 0 && servicesComplete) {
            var list: [UInt8] = []
            for uuid in services16[start..<min(services16.count, start + 127)] { list.appendLE(uuid) }
            structure(servicesComplete ? DataType.completeServices16 : DataType.incompleteServices16, list)
            start += 127
        }
        if let localName {
            // One structure holds 254 bytes of data: a longer name (a repaired invalid one grows
            // threefold) goes out as the spec's shortened local name, cut at a character boundary.
            var name = Array(localName.utf8)
            var complete = localNameComplete
            if name.count > 254 {
                var end = 254
                while end > 0, name[end] & 0xC0 == 0x80 { end -= 1 }
                name.removeSubrange(end...)
                complete = false
            }
            structure(complete ? DataType.completeLocalName : DataType.shortLocalName, name)
        }
        if let txPowerDBm { structure(DataType.txPower, [UInt8(bitPattern: txPowerDBm)]) }
        // Payloads longer than a structure holds (never decoded, only built by hand) are cut to fit.
        for m in manufacturerData { var d: [UInt8] = []; d.appendLE(m.companyID); structure(DataType.manufacturerSpecific, Array((d + m.payload).prefix(254))) }
        for s in serviceData { var d: [UInt8] = []; d.appendLE(s.uuid16); structure(DataType.serviceData16, Array((d + s.payload).prefix(254))) }
        return out
    }

    // MARK: scanner shortcuts that allocate nothing

    /// Whether the data lists a 16-bit service UUID (complete or incomplete list).
    public static func lists(service uuid: UInt16, in bytes: ArraySlice<UInt8>) -> Bool {
        var found = false
        try? forEachStructure(bytes) { type, field in
            guard !found, type == DataType.incompleteServices16 || type == DataType.completeServices16 else { return }
            var i = field.startIndex
            while i + 1 < field.endIndex {
                if UInt16(field[i]) | UInt16(field[i + 1]) << 8 == uuid { found = true }
                i += 2
            }
        }
        return found
    }

    /// The payload (after the company id) of the first manufacturer-specific structure of `companyID`.
    public static func manufacturerPayload(company companyID: UInt16, in bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        var payload: ArraySlice<UInt8>?
        try? forEachStructure(bytes) { type, field in
            guard payload == nil, type == DataType.manufacturerSpecific, field.count >= 2 else { return }
            let s = field.startIndex
            if UInt16(field[s]) | UInt16(field[s + 1]) << 8 == companyID { payload = field[(s + 2)...] }
        }
        return payload
    }
}

/// Little-endian FIT records: definition messages, data messages, and the
/// framing (header with its CRC, data, file CRC). Knows nothing of activities.
struct FITWriter {
    enum BaseType: UInt8 {
        case enumeration = 0x00, uint8 = 0x02, uint16 = 0x84, uint32 = 0x86, uint32z = 0x8C

        var size: UInt8 {
            switch self {
            case .enumeration, .uint8: return 1
            case .uint16: return 2
            case .uint32, .uint32z: return 4
            }
        }

        /// The "invalid" value of the type, for a field that has none.
        var invalid: UInt64 {
            switch self {
            case .enumeration, .uint8: return 0xFF
            case .uint16: return 0xFFFF
            case .uint32: return 0xFFFF_FFFF
            case .uint32z: return 0
            }
        }
    }

    struct Field {
        var number: UInt8
        var type: BaseType
    }

    /// Profile version the files claim (21.32; every message used here is older).
    static let profileVersion: UInt16 = 2132
    static let protocolVersion: UInt8 = 0x20

    private(set) var data: [UInt8] = []
    private var definitions: [UInt8: [Field]] = [:]

    init(capacity: Int = 0) { data.reserveCapacity(capacity) }

    /// Defines local message `local` as global message `global` with these fields.
    mutating func define(local: UInt8, global: UInt16, fields: [Field]) {
        data.append(0x40 | local)
        data.append(0)       // reserved
        data.append(0)       // little-endian
        append(UInt64(global), size: 2)
        data.append(UInt8(fields.count))
        for f in fields { data += [f.number, f.type.size, f.type.rawValue] }
        definitions[local] = fields
    }

    /// A data message; `values` in the order of the definition (nil writes the invalid value).
    mutating func write(local: UInt8, _ values: [UInt64?]) {
        let fields = definitions[local]!
        precondition(fields.count == values.count, "FIT message \(local): \(values.count) values for \(fields.count) fields")
        data.append(local)
        for (f, v) in zip(fields, values) { append(v ?? f.type.invalid, size: Int(f.type.size)) }
    }

    private mutating func append(_ value: UInt64, size: Int) {
        for i in 0..<size { data.append(UInt8(truncatingIfNeeded: value >> (8 * i))) }
    }

    /// The complete file: 14-byte header (with its CRC), the records, the file CRC.
    func file() -> [UInt8] {
        var header: [UInt8] = [14, Self.protocolVersion]
        header += [UInt8(Self.profileVersion & 0xFF), UInt8(Self.profileVersion >> 8)]
        let size = UInt32(data.count)
        header += (0..<4).map { UInt8(truncatingIfNeeded: size >> (8 * $0)) }
        header += Array(".FIT".utf8)
        let headerCRC = FITCRC.checksum(header)
        header += [UInt8(headerCRC & 0xFF), UInt8(headerCRC >> 8)]
        var out = header + data
        let crc = FITCRC.checksum(out)
        out += [UInt8(crc & 0xFF), UInt8(crc >> 8)]
        return out
    }
}

/// Little-endian FIT records: definition messages, data messages, and the
/// framing (header with its CRC, data, file CRC). Knows nothing of activities.
struct FITWriter {
    enum BaseType: UInt8 {
        case enumeration = 0x00, uint8 = 0x02, string = 0x07, byte = 0x0D, uint16 = 0x84, uint32 = 0x86, uint32z = 0x8C

        /// Bytes of one value; strings and byte arrays give theirs in the field.
        var size: UInt8 {
            switch self {
            case .enumeration, .uint8, .string, .byte: return 1
            case .uint16: return 2
            case .uint32, .uint32z: return 4
            }
        }

        /// The "invalid" value of the type, for a field that has none.
        var invalid: UInt64 {
            switch self {
            case .enumeration, .uint8, .byte: return 0xFF
            case .string: return 0
            case .uint16: return 0xFFFF
            case .uint32: return 0xFFFF_FFFF
            case .uint32z: return 0
            }
        }
    }

    struct Field {
        var number: UInt8
        var type: BaseType
        /// Bytes in a message: the type's size, or a string's or byte array's whole length.
        var size: UInt8

        init(number: UInt8, type: BaseType, size: UInt8? = nil) {
            self.number = number
            self.type = type
            self.size = size ?? type.size
        }
    }

    /// A field of a developer's own (FIT "developer data"): described once by a field_description
    /// message, then defined and written after a message's own fields.
    struct DeveloperField {
        var number: UInt8
        var size: UInt8
        var developerIndex: UInt8
    }

    /// A value to write: a number (nil: the type's invalid value) or bytes (a string's UTF-8 or a
    /// byte array), zero-padded or cut to the field's size.
    enum Value {
        case number(UInt64?)
        case bytes([UInt8])

        static func text(_ s: String, size: UInt8) -> Value { .bytes(FITWriter.text(s, size: size)) }
    }

    /// A FIT string: UTF-8, cut at a character so it fits `size` bytes with its terminating zero.
    static func text(_ s: String, size: UInt8) -> [UInt8] {
        var out: [UInt8] = []
        for ch in s {
            let utf8 = Array(String(ch).utf8)
            guard out.count + utf8.count < Int(size) else { break }
            out += utf8
        }
        return out
    }

    /// Profile version the files claim (21.32; every message used here is older).
    static let profileVersion: UInt16 = 2132
    static let protocolVersion: UInt8 = 0x20

    private(set) var data: [UInt8] = []
    private var definitions: [UInt8: (fields: [Field], developer: [DeveloperField])] = [:]

    init(capacity: Int = 0) { data.reserveCapacity(capacity) }

    /// Defines local message `local` as global message `global` with these fields.
    /// Defines local message `local` as global message `global` with these fields (and developer fields after them).
    mutating func define(local: UInt8, global: UInt16, fields: [Field], developer: [DeveloperField] = []) {
        data.append(0x40 | (developer.isEmpty ? 0 : 0x20) | local)
        data.append(0)       // reserved
        data.append(0)       // little-endian
        append(UInt64(global), size: 2)
        data.append(UInt8(fields.count))
        for f in fields { data += [f.number, f.size, f.type.rawValue] }
        if !developer.isEmpty {
            data.append(UInt8(developer.count))
            for d in developer { data += [d.number, d.size, d.developerIndex] }
        }
        definitions[local] = (fields, developer)
    }

    /// A data message of numbers only; `values` in the order of the definition (nil writes the invalid value).
    mutating func write(local: UInt8, _ values: [UInt64?]) {
        write(local: local, values.map(Value.number))
    }

    /// A data message: the message's own fields' values, then its developer fields'.
    mutating func write(local: UInt8, _ values: [Value], developer: [[UInt8]] = []) {
        let (fields, developerFields) = definitions[local]!
        precondition(fields.count == values.count && developerFields.count == developer.count,
                     "FIT message \(local): \(values.count) values for \(fields.count) fields")
        data.append(local)
        for (f, v) in zip(fields, values) {
            switch v {
            case .number(let n):
                // A number in a multi-byte field of one-byte type (none here) would need an array.
                append(n ?? f.type.invalid, size: Int(f.size))
            case .bytes(let bytes):
                appendPadded(bytes, size: Int(f.size))
            }
        }
        for (d, bytes) in zip(developerFields, developer) { appendPadded(bytes, size: Int(d.size)) }
    }

    private mutating func appendPadded(_ bytes: [UInt8], size: Int) {
        data += bytes.prefix(size)
        if bytes.count < size { data += [UInt8](repeating: 0, count: size - bytes.count) }
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

import ClubProtocol
import Foundation

/// A participant's readings as stored: the bundle's columns one after the other as LEB128 varints —
/// time deltas, contact, strap and energy (+1, 0 for none) as they are, heart rates and RR values
/// as zig-zag differences from the one before (they change by a few beats). A reading is about six
/// bytes, a beat three: 90 minutes of one player about 32 kB and 20 kB, which PostgreSQL's TOAST
/// compresses further. The layout starts with a version byte.
enum SeriesCodec {
    static let version: UInt8 = 1

    struct Malformed: Error {}

    static func encode(_ s: SampleColumns) -> Data {
        var out = Writer()
        out.bytes.reserveCapacity(s.count * 6 + 8)
        out.bytes.append(version)
        out.unsigned(Int64(s.count))
        for v in s.tMsDeltas { out.unsigned(v) }
        out.differences(s.bpm.map(Int64.init))
        for v in s.contact { out.unsigned(Int64(v)) }
        for v in s.strap { out.unsigned(Int64(v)) }
        // Energy: 0 for none, the value + 1 otherwise.
        for v in s.energyKJ { out.unsigned(v.map { Int64($0) + 1 } ?? 0) }
        return Data(out.bytes)
    }

    static func encode(_ r: RRColumns) -> Data {
        var out = Writer()
        out.bytes.reserveCapacity(r.count * 4 + 8)
        out.bytes.append(version)
        out.unsigned(Int64(r.count))
        for v in r.tMsDeltas { out.unsigned(v) }
        out.differences(r.rr1024.map(Int64.init))
        return Data(out.bytes)
    }

    static func decodeSamples(_ data: Data) throws -> SampleColumns {
        var reader = Reader(bytes: [UInt8](data))
        guard try reader.byte() == version else { throw Malformed() }
        let n = try reader.count()
        var s = SampleColumns()
        s.tMsDeltas = try reader.column(n) { $0 }
        s.bpm = try reader.differences(n).map { Int(truncatingIfNeeded: $0) }
        s.contact = try reader.column(n) { Int($0) }
        s.strap = try reader.column(n) { Int($0) }
        s.energyKJ = try reader.column(n) { $0 == 0 ? nil : Int($0 &- 1) }
        guard reader.atEnd else { throw Malformed() }
        return s
    }

    static func decodeRR(_ data: Data) throws -> RRColumns {
        var reader = Reader(bytes: [UInt8](data))
        guard try reader.byte() == version else { throw Malformed() }
        let n = try reader.count()
        var r = RRColumns()
        r.tMsDeltas = try reader.column(n) { $0 }
        r.rr1024 = try reader.differences(n).map { Int(truncatingIfNeeded: $0) }
        guard reader.atEnd else { throw Malformed() }
        return r
    }

    private struct Writer {
        var bytes: [UInt8] = []

        /// Zig-zag differences from the value before (the first from zero).
        mutating func differences(_ values: [Int64]) {
            var previous: Int64 = 0
            for value in values {
                let d = value &- previous
                unsigned(Int64(bitPattern: UInt64(bitPattern: (d << 1) ^ (d >> 63))))
                previous = value
            }
        }

        /// LEB128 of the value's bits (a negative value takes ten bytes, and still comes back).
        mutating func unsigned(_ value: Int64) {
            var v = UInt64(bitPattern: value)
            while v >= 0x80 {
                bytes.append(UInt8(v & 0x7F) | 0x80)
                v >>= 7
            }
            bytes.append(UInt8(v))
        }
    }

    private struct Reader {
        let bytes: [UInt8]
        var at = 0

        var atEnd: Bool { at == bytes.count }

        mutating func byte() throws -> UInt8 {
            guard at < bytes.count else { throw Malformed() }
            defer { at += 1 }
            return bytes[at]
        }

        mutating func varint() throws -> Int64 {
            var v: UInt64 = 0, shift: UInt64 = 0
            while true {
                let b = try byte()
                guard shift < 64 else { throw Malformed() }
                v |= UInt64(b & 0x7F) << shift
                if b < 0x80 { break }
                shift += 7
            }
            return Int64(bitPattern: v)
        }

        mutating func differences(_ n: Int) throws -> [Int64] {
            var out: [Int64] = [], previous: Int64 = 0
            out.reserveCapacity(n)
            for _ in 0..<n {
                let z = UInt64(bitPattern: try varint())
                previous = previous &+ (Int64(bitPattern: z >> 1) ^ -Int64(bitPattern: z & 1))
                out.append(previous)
            }
            return out
        }

        mutating func count() throws -> Int {
            let n = try varint()
            // Every value takes at least a byte: a count beyond the bytes left is a lie.
            guard n >= 0, n <= bytes.count - at else { throw Malformed() }
            return Int(n)
        }

        mutating func column<T>(_ n: Int, _ transform: (Int64) -> T) throws -> [T] {
            var out: [T] = []
            out.reserveCapacity(n)
            for _ in 0..<n { out.append(transform(try varint())) }
            return out
        }
    }
}

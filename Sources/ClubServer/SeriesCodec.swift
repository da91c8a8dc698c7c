import ClubProtocol
import Foundation

/// A participant's readings as stored: the bundle's columns one after the other, each value a
/// zig-zag LEB128 varint (a second's delta, a heart rate or a strap index is one or two bytes).
/// 90 minutes of one player is about 30 kB of readings and 25 kB of RR intervals; PostgreSQL's
/// TOAST compresses the column further. The layout starts with a version byte.
enum SeriesCodec {
    static let version: UInt8 = 1

    struct Malformed: Error {}

    static func encode(_ s: SampleColumns) -> Data {
        var out = Writer()
        out.bytes.reserveCapacity(s.count * 6 + 8)
        out.bytes.append(version)
        out.varint(Int64(s.count))
        for v in s.tMsDeltas { out.varint(v) }
        for v in s.bpm { out.varint(Int64(v)) }
        for v in s.contact { out.varint(Int64(v)) }
        for v in s.strap { out.varint(Int64(v)) }
        // Energy: 0 for none, the value + 1 otherwise.
        for v in s.energyKJ { out.varint(v.map { Int64($0) + 1 } ?? 0) }
        return Data(out.bytes)
    }

    static func encode(_ r: RRColumns) -> Data {
        var out = Writer()
        out.bytes.reserveCapacity(r.count * 4 + 8)
        out.bytes.append(version)
        out.varint(Int64(r.count))
        for v in r.tMsDeltas { out.varint(v) }
        for v in r.rr1024 { out.varint(Int64(v)) }
        return Data(out.bytes)
    }

    static func decodeSamples(_ data: Data) throws -> SampleColumns {
        var reader = Reader(bytes: [UInt8](data))
        guard try reader.byte() == version else { throw Malformed() }
        let n = try reader.count()
        var s = SampleColumns()
        s.tMsDeltas = try reader.column(n) { $0 }
        s.bpm = try reader.column(n) { Int($0) }
        s.contact = try reader.column(n) { Int($0) }
        s.strap = try reader.column(n) { Int($0) }
        s.energyKJ = try reader.column(n) { $0 == 0 ? nil : Int($0 - 1) }
        guard reader.atEnd else { throw Malformed() }
        return s
    }

    static func decodeRR(_ data: Data) throws -> RRColumns {
        var reader = Reader(bytes: [UInt8](data))
        guard try reader.byte() == version else { throw Malformed() }
        let n = try reader.count()
        var r = RRColumns()
        r.tMsDeltas = try reader.column(n) { $0 }
        r.rr1024 = try reader.column(n) { Int($0) }
        guard reader.atEnd else { throw Malformed() }
        return r
    }

    private struct Writer {
        var bytes: [UInt8] = []

        mutating func varint(_ value: Int64) {
            var v = UInt64(bitPattern: (value << 1) ^ (value >> 63))
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
            return Int64(bitPattern: v >> 1) ^ -Int64(bitPattern: v & 1)
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

import CZlib
import Foundation

/// A ZIP archive (PKWARE APPNOTE 6.3) written one whole entry at a time: each entry DEFLATEd by zlib
/// (or stored, when that is not smaller), its CRC-32 and sizes known before its local header is
/// written, the central directory kept until `finish`. Only one entry's bytes are held at a time.
///
/// No ZIP64: an archive that would pass 4 GiB, or 65 535 entries, is refused with a plain reason
/// rather than written wrong (a player's season is megabytes). Names are UTF-8 (flag bit 11).
public final class ZipWriter {
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    /// The largest offset or size a ZIP without ZIP64 can say.
    static let maxOffset = UInt64(UInt32.max)
    static let maxEntries = Int(UInt16.max)

    private let sink: any ZipSink
    /// Bytes written so far: the next local header's offset.
    private var offset: UInt64 = 0
    private var centralDirectory: [UInt8] = []
    private var names = Set<String>()
    private var finished = false
    /// Every entry's modification time, in MS-DOS form (local time, two-second steps).
    private let dosTime: UInt16, dosDate: UInt16
    /// `maxOffset`, lower in the tests (which cannot write 4 GiB).
    let sizeLimit: UInt64

    public convenience init(sink: any ZipSink, modified: Date = Date(), calendar: Calendar = .current) {
        self.init(sink: sink, modified: modified, calendar: calendar, sizeLimit: Self.maxOffset)
    }

    init(sink: any ZipSink, modified: Date, calendar: Calendar, sizeLimit: UInt64) {
        self.sink = sink
        self.sizeLimit = sizeLimit
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: modified)
        // MS-DOS dates start in 1980.
        let year = min(max((c.year ?? 1980) - 1980, 0), 127)
        // Each field on its own: Debian's Swift 6.2.3 (the arm64 build) gives up type-checking the
        // whole expression at once.
        let month: Int = c.month ?? 1, day: Int = c.day ?? 1
        let hour: Int = c.hour ?? 0, minute: Int = c.minute ?? 0, second: Int = c.second ?? 0
        dosDate = UInt16(year << 9 | month << 5 | day)
        dosTime = UInt16(hour << 11 | minute << 5 | second / 2)
    }

    public var entryCount: Int { names.count }

    /// Adds the file `name` (a path inside the archive, "/" between folders) with its bytes.
    public func add(_ name: String, _ bytes: [UInt8]) throws {
        precondition(!finished, "ZipWriter: an entry added after finish")
        let nameBytes = Array(name.utf8)
        guard !nameBytes.isEmpty, nameBytes.count <= Int(UInt16.max), !name.hasPrefix("/"), !name.split(separator: "/").contains("..") else {
            throw Failure("'\(name.prefix(80))' is not a name for a file in a ZIP")
        }
        guard names.insert(name).inserted else { throw Failure("the ZIP holds '\(name.prefix(80))' already") }
        guard names.count <= Self.maxEntries else { throw Failure("more than \(Self.maxEntries) files, which a ZIP without ZIP64 cannot list") }
        let crc = Self.crc32(bytes)
        let deflated = Self.deflate(bytes)
        let (method, data): (UInt16, [UInt8]) = deflated.count < bytes.count ? (8, deflated) : (0, bytes)
        let header = 30 + UInt64(nameBytes.count)
        guard UInt64(bytes.count) < sizeLimit, offset + header + UInt64(data.count) < sizeLimit else {
            throw Failure("the archive would pass 4 GiB, which a ZIP without ZIP64 cannot hold")
        }
        var local: [UInt8] = []
        local.reserveCapacity(Int(header))
        local.le32(0x0403_4b50)
        local.le16(20)                     // version needed: 2.0 (DEFLATE)
        local.le16(1 << 11)                // names in UTF-8
        local.le16(method)
        local.le16(dosTime); local.le16(dosDate)
        local.le32(crc)
        local.le32(UInt32(data.count)); local.le32(UInt32(bytes.count))
        local.le16(UInt16(nameBytes.count)); local.le16(0)
        local += nameBytes

        var central: [UInt8] = []
        central.le32(0x0201_4b50)
        central.le16(3 << 8 | 20)          // made by: Unix, 2.0 (so the mode below is read)
        central.le16(20); central.le16(1 << 11); central.le16(method)
        central.le16(dosTime); central.le16(dosDate)
        central.le32(crc)
        central.le32(UInt32(data.count)); central.le32(UInt32(bytes.count))
        central.le16(UInt16(nameBytes.count)); central.le16(0); central.le16(0)
        central.le16(0); central.le16(0)   // disk 0, no internal attributes
        central.le32(UInt32(0o100644) << 16) // a plain file, rw-r--r--
        central.le32(UInt32(offset))
        central += nameBytes

        try write(local)
        try write(data)
        centralDirectory += central
    }

    /// Writes the central directory and its end record; the sink then holds the whole archive.
    public func finish() throws {
        precondition(!finished, "ZipWriter: finished twice")
        let start = offset, size = UInt64(centralDirectory.count)
        guard start + size + 22 < sizeLimit else { throw Failure("the archive would pass 4 GiB, which a ZIP without ZIP64 cannot hold") }
        var end: [UInt8] = []
        end.le32(0x0605_4b50)
        end.le16(0); end.le16(0)
        end.le16(UInt16(names.count)); end.le16(UInt16(names.count))
        end.le32(UInt32(size)); end.le32(UInt32(start))
        end.le16(0)                        // no comment
        try write(centralDirectory)
        try write(end)
        finished = true
    }

    private func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try sink.write($0) }
        offset += UInt64(bytes.count)
    }

    /// CRC-32 (ISO 3309, the ZIP's and gzip's), by zlib.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { b in
            var crc = CZlib.crc32(0, nil, 0)
            var start = 0
            // zlib takes a 32-bit length: a larger buffer goes in pieces.
            while start < b.count {
                let n = min(b.count - start, 1 << 30)
                crc = CZlib.crc32(crc, b.baseAddress! + start, uInt(n))
                start += n
            }
            return UInt32(crc)
        }
    }

    /// Raw DEFLATE (RFC 1951) of `bytes`, level 6.
    static func deflate(_ bytes: [UInt8]) -> [UInt8] {
        guard !bytes.isEmpty else { return [3, 0] } // an empty final fixed block
        var stream = z_stream()
        guard sideline_deflate_init_raw(&stream, 6) == Z_OK else { preconditionFailure("zlib: deflateInit2 failed (out of memory)") }
        defer { deflateEnd(&stream) }
        var input = bytes
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))))
        let produced = input.withUnsafeMutableBufferPointer { inBuf in
            output.withUnsafeMutableBufferPointer { outBuf -> Int in
                stream.next_in = inBuf.baseAddress
                stream.avail_in = uInt(inBuf.count)
                stream.next_out = outBuf.baseAddress
                stream.avail_out = uInt(outBuf.count)
                // deflateBound's room takes the whole stream in one call.
                let status = CZlib.deflate(&stream, Z_FINISH)
                precondition(status == Z_STREAM_END, "zlib: deflate ended with \(status)")
                return outBuf.count - Int(stream.avail_out)
            }
        }
        output.removeSubrange(produced...)
        return output
    }
}

/// Where a `ZipWriter`'s bytes go, in order.
public protocol ZipSink: AnyObject {
    func write(_ bytes: UnsafeRawBufferPointer) throws
}

private extension Array where Element == UInt8 {
    mutating func le16(_ v: UInt16) { append(UInt8(v & 0xff)); append(UInt8(v >> 8)) }
    mutating func le32(_ v: UInt32) { for shift in stride(from: 0, to: 32, by: 8) { append(UInt8((v >> UInt32(shift)) & 0xff)) } }
}

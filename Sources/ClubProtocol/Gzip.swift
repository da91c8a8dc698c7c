import CZlib
import Foundation

/// gzip (RFC 1952) over zlib, for the session bundles and any request body sent with
/// `Content-Encoding: gzip`. Decompression stops at a bound: a small body must not be
/// allowed to inflate into gigabytes on the server.
public enum Gzip {
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var description: String
        /// The stream was fine so far but inflates past the limit.
        public var isTooLarge = false
        /// The inflater's reader refused the text (`Inflater.feed`'s `stop`).
        public var isStopped = false
        init(_ description: String, tooLarge: Bool = false, stopped: Bool = false) {
            self.description = description
            isTooLarge = tooLarge
            isStopped = stopped
        }
    }

    public static func compress(_ data: Data, level: Int32 = 6) -> Data {
        var stream = z_stream()
        guard sideline_deflate_init_gzip(&stream, level) == Z_OK else { preconditionFailure("zlib: deflateInit2 failed (out of memory)") }
        defer { deflateEnd(&stream) }
        var output = Data()
        let chunk = 64 * 1024
        var buffer = [UInt8](repeating: 0, count: chunk)
        var input = [UInt8](data)
        input.withUnsafeMutableBufferPointer { inputBytes in
            stream.next_in = inputBytes.baseAddress
            stream.avail_in = uInt(inputBytes.count)
            var status: Int32 = Z_OK
            while status != Z_STREAM_END {
                buffer.withUnsafeMutableBufferPointer { out in
                    stream.next_out = out.baseAddress
                    stream.avail_out = uInt(chunk)
                    status = deflate(&stream, Z_FINISH)
                    output.append(out.baseAddress!, count: chunk - Int(stream.avail_out))
                }
                precondition(status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR, "zlib: deflate failed (\(status))")
            }
        }
        return output
    }

    /// The bytes a gzip stream holds; throws for anything else, for trailing bytes after the
    /// stream, and when the result would exceed `limit` bytes.
    public static func decompress(_ data: Data, limit: Int) throws(Failure) -> Data {
        let inflater = try Inflater(limit: limit)
        _ = try inflater.feed(data)
        return try inflater.finish()
    }

    /// A gzip stream inflated piece by piece as its compressed bytes arrive (a commit reads an upload's
    /// chunks one at a time), refused the moment its output passes `limit`: the compressed stream is
    /// never held whole, and the output never grows past the limit.
    public final class Inflater {
        public let limit: Int
        /// What the stream has inflated to so far.
        public private(set) var output = Data()
        /// zlib's inflate state points back at its `z_stream` (and checks it does), so the stream lives
        /// at one heap address for the inflater's life rather than in a movable Swift value.
        private let stream: UnsafeMutablePointer<z_stream>
        private var ended = false

        public init(limit: Int) throws(Failure) {
            self.limit = limit
            stream = .allocate(capacity: 1)
            stream.initialize(to: z_stream())
            guard sideline_inflate_init_gzip(stream) == Z_OK else {
                stream.deallocate()
                throw Failure("zlib could not start")
            }
        }

        deinit {
            inflateEnd(stream)
            stream.deallocate()
        }

        /// Inflates the next compressed bytes; the range of `output` they added. `stop` sees each piece
        /// (at most 64 kB) as it is inflated and may end the stream there — a reader that refuses the text
        /// by its first megabytes need not wait for the rest of a bomb (the failure then `isStopped`).
        @discardableResult
        public func feed(_ data: Data, stop: (Data) -> Bool = { _ in false }) throws(Failure) -> Range<Int> {
            let start = output.count
            guard !data.isEmpty else { return start..<start }
            guard !ended else { throw Failure("bytes after the end of the gzip stream") }
            let chunk = 64 * 1024
            var buffer = [UInt8](repeating: 0, count: chunk)
            var input = [UInt8](data)
            var failure: Failure?
            input.withUnsafeMutableBufferPointer { inputBytes in
                stream.pointee.next_in = inputBytes.baseAddress
                stream.pointee.avail_in = uInt(inputBytes.count)
                while true {
                    var status: Int32 = Z_OK
                    buffer.withUnsafeMutableBufferPointer { out in
                        stream.pointee.next_out = out.baseAddress
                        stream.pointee.avail_out = uInt(chunk)
                        status = inflate(stream, Z_NO_FLUSH)
                        let produced = chunk - Int(stream.pointee.avail_out)
                        if output.count + produced > limit {
                            failure = Failure("more than \(limit) bytes once decompressed", tooLarge: true)
                        } else {
                            output.append(out.baseAddress!, count: produced)
                            if produced > 0, stop(output[(output.count - produced)...]) {
                                failure = Failure("stopped by its reader", stopped: true)
                            }
                        }
                    }
                    if failure != nil { return }
                    switch status {
                    case Z_STREAM_END:
                        ended = true
                        if stream.pointee.avail_in != 0 { failure = Failure("bytes after the end of the gzip stream") }
                        return
                    case Z_OK:
                        continue
                    case Z_BUF_ERROR where stream.pointee.avail_in == 0:
                        return  // all of this input taken: the stream goes on in the next piece
                    default:
                        failure = Failure("not a gzip stream (zlib \(status))"); return
                    }
                }
            }
            stream.pointee.next_in = nil
            if let failure { throw failure }
            return start..<output.count
        }

        /// The whole output, once the stream has ended.
        public func finish() throws(Failure) -> Data {
            guard ended else { throw Failure(output.isEmpty && stream.pointee.total_in == 0 ? "not a gzip stream (empty)" : "the gzip stream ends early") }
            return output
        }
    }
}

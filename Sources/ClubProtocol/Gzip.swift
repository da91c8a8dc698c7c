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
        init(_ description: String, tooLarge: Bool = false) {
            self.description = description
            isTooLarge = tooLarge
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
        var stream = z_stream()
        guard sideline_inflate_init_gzip(&stream) == Z_OK else { throw Failure("zlib could not start") }
        defer { inflateEnd(&stream) }
        var output = Data()
        let chunk = 64 * 1024
        var buffer = [UInt8](repeating: 0, count: chunk)
        var input = [UInt8](data)
        var failure: Failure?
        input.withUnsafeMutableBufferPointer { inputBytes in
            stream.next_in = inputBytes.baseAddress
            stream.avail_in = uInt(inputBytes.count)
            while true {
                var status: Int32 = Z_OK
                buffer.withUnsafeMutableBufferPointer { out in
                    stream.next_out = out.baseAddress
                    stream.avail_out = uInt(chunk)
                    status = inflate(&stream, Z_NO_FLUSH)
                    output.append(out.baseAddress!, count: chunk - Int(stream.avail_out))
                }
                if output.count > limit { failure = Failure("more than \(limit) bytes once decompressed", tooLarge: true); return }
                switch status {
                case Z_STREAM_END:
                    if stream.avail_in != 0 { failure = Failure("bytes after the end of the gzip stream") }
                    return
                case Z_OK:
                    continue
                case Z_BUF_ERROR where stream.avail_in == 0:
                    failure = Failure("the gzip stream ends early"); return
                default:
                    failure = Failure("not a gzip stream (zlib \(status))"); return
                }
            }
        }
        if let failure { throw failure }
        return output
    }
}

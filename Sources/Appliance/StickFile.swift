import Foundation
import Localization
#if canImport(Glibc)
import Glibc
#endif

/// A file someone else wrote — a picture or a roster on a USB stick, a path a roster names — read
/// without trusting it: a regular file only (a folder, a device such as /dev/zero, a pipe that
/// would block forever are refused without reading), at most `maxBytes`, the size judged on the
/// open file itself (fstat), so nothing can swap it between the check and the read.
public enum StickFile {
    public struct Refusal: TranslatableError, Equatable, CustomStringConvertible {
        /// What the file is not, as a person reads it; `description` as the log writes it.
        public var message: Message
        public var description: String { message.english }
        init(_ message: Message) { self.message = message }
    }

    public static func read(_ path: String, atMost maxBytes: Int) throws(Refusal) -> [UInt8] {
        // Non-blocking: opening a pipe for reading would otherwise wait for a writer.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else {
            switch errno {
            case ENOENT, ENOTDIR: throw Refusal(Message(N_("no such file")))
            case EACCES, EPERM: throw Refusal(Message(N_("not readable by this user")))
            case ELOOP: throw Refusal(Message(N_("a link that leads back to itself")))
            default: throw Refusal(Message(N_("cannot be opened ({problem})"), ["problem": String(cString: strerror(errno))]))
            }
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Refusal(Message(N_("cannot be read ({problem})"), ["problem": String(cString: strerror(errno))])) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw Refusal(Message(N_("a folder, not a file")))
        default: throw Refusal(Message(N_("not a plain file (a device or a pipe)")))
        }
        guard Int(info.st_size) <= maxBytes else { throw Refusal(Message(N_("{size}: too large (at most {limit})"), ["size": size(Int(info.st_size)), "limit": size(maxBytes)])) }
        // One byte more than allowed: a file that grew since fstat is caught too.
        let bytes = readAll(fd, atMost: maxBytes + 1)
        guard let bytes else { throw Refusal(Message(N_("cannot be read ({problem})"), ["problem": String(cString: strerror(errno))])) }
        guard bytes.count <= maxBytes else { throw Refusal(Message(N_("grew while it was read: too large (at most {limit})"), ["limit": size(maxBytes)])) }
        return bytes
    }

    /// read(2) until end of file or `limit` bytes; nil on an error other than EINTR.
    static func readAll(_ fd: Int32, atMost limit: Int = .max) -> [UInt8]? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while bytes.count < limit {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, min($0.count, limit - bytes.count)) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { return nil }
            if n == 0 { break }
            bytes += chunk[0..<n]
        }
        return bytes
    }

    /// "1.0 GB", "40 MB", "512 kB", "90 bytes": sizes as a coach reads them.
    public static func size(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) bytes" }
        if bytes >= 1 << 30 { return "\((Double(bytes) / Double(1 << 30) * 10).rounded() / 10) GB" }
        if bytes >= 1 << 20 { return "\(Int((Double(bytes) / Double(1 << 20)).rounded())) MB" }
        return "\(Int((Double(bytes) / 1024).rounded())) kB"
    }
}

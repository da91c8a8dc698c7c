import Foundation

/// A file written under a temporary name beside its final one ("<name>.partial") and renamed over
/// it only when complete: a reader never sees half an archive, and a failure (a full disk, a stick
/// pulled out) leaves nothing behind. Whoever does not `commit` it gets it removed.
public final class ArchiveFile: ZipSink {
    /// The file could not be made or written: where, and why in plain words ("the disk is full").
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "cannot write \(path): \(reason)" }
    }

    public let path: String
    private let temporary: String
    private var fd: Int32

    /// Opens the temporary file in the existing folder of `path`; a failure says why in plain words.
    public init(path: String) throws(Failure) {
        self.path = path
        temporary = path + ".partial"
        let folder = (path as NSString).deletingLastPathComponent
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.isEmpty ? "." : folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw Failure(path: path, reason: "there is no folder \(folder)")
        }
        fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Failure(path: path, reason: Self.describe(errno)) }
    }

    deinit { discard() }

    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        precondition(fd >= 0, "ArchiveFile: written after commit or discard")
        var done = 0
        while done < bytes.count {
            let n = Foundation.write(fd, bytes.baseAddress! + done, bytes.count - done)
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure(path: path, reason: Self.describe(errno))
            }
            done += n
        }
    }

    /// Flushes the file to the device and gives it its name.
    public func commit() throws(Failure) {
        precondition(fd >= 0, "ArchiveFile: committed twice")
        var failure: Int32?
        if fsync(fd) != 0 { failure = errno }
        if close(fd) != 0, failure == nil { failure = errno }
        fd = -1
        if failure == nil, rename(temporary, path) != 0 { failure = errno }
        if let failure {
            unlink(temporary)
            throw Failure(path: path, reason: Self.describe(failure))
        }
    }

    /// Removes the unfinished file (nothing once committed).
    public func discard() {
        guard fd >= 0 else { return }
        close(fd)
        fd = -1
        unlink(temporary)
    }

    /// An errno as a person reads it.
    public static func describe(_ code: Int32) -> String {
        code == ENOSPC ? "the disk is full" : String(cString: strerror(code))
    }
}

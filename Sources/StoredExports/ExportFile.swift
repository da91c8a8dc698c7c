import Foundation
import Exports
import Store

/// Writes export files atomically, with errors a person can act on.
enum ExportFile {
    static func write(_ text: String, to path: String) throws {
        try write(Data(text.utf8), to: path)
    }

    static func write(_ data: Data, to path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        if let code = createFolder(directory.isEmpty ? "." : directory) {
            throw StoreError.cannotWriteExport(path: path, reason: "cannot create the folder \(directory): \(describe(code))")
        }
        if let code = writeAtomically(data, to: path) {
            throw StoreError.cannotWriteExport(path: path, reason: describe(code))
        }
    }

    /// The folder and its missing parents; nil when it is there, else the errno that stopped it.
    private static func createFolder(_ path: String) -> Int32? {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) { return isFolder.boolValue ? nil : ENOTDIR }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path, let code = createFolder(parent) { return code }
        return mkdir(path, 0o755) == 0 || errno == EEXIST ? nil : errno
    }

    /// Writes a temporary file beside `path` and renames it over: a reader never sees half a file.
    /// nil when done, else the errno that stopped it (the temporary file is removed).
    private static func writeAtomically(_ data: Data, to path: String) -> Int32? {
        let temporary = path + ".partial"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return errno }
        var failure: Int32?
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Foundation.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 { if errno == EINTR { continue }; failure = errno; return }
                offset += n
            }
        }
        if failure == nil, fsync(fd) != 0 { failure = errno }
        if close(fd) != 0, failure == nil { failure = errno }
        if failure == nil, rename(temporary, path) != 0 { failure = errno }
        if failure != nil { unlink(temporary) }
        return failure
    }

    private static func describe(_ code: Int32) -> String {
        code == ENOSPC ? "the disk is full" : String(cString: strerror(code))
    }
}

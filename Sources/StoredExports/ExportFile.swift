import Exports
import Foundation
import Localization
import Store

/// Writes export files atomically (`ArchiveFile`: a temporary name, renamed when whole), with errors a
/// person can act on.
enum ExportFile {
    static func write(_ text: String, to path: String) throws {
        try write(Data(text.utf8), to: path)
    }

    static func write(_ data: Data, to path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        try makeFolder(directory.isEmpty ? "." : directory, for: path)
        do {
            let file = try ArchiveFile(path: path)
            try data.withUnsafeBytes { try file.write($0) }
            try file.commit()
        } catch let failure as ArchiveFile.Failure {
            throw StoreError.cannotWriteExport(path: failure.path, reason: Message(failure.reason))
        }
    }

    /// The folder `directory` and its missing parents, for the file `path`.
    static func makeFolder(_ directory: String, for path: String) throws {
        if let code = createFolder(directory) {
            throw StoreError.cannotWriteExport(path: path, reason: Message(N_("cannot create the folder {folder}: {reason}"), ["folder": directory, "reason": "\(ArchiveFile.describe(code))"]))
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
}

import Localization
import ClubIdentity
import Foundation

/// The erasure log's copy outside the database: `<database>.erasures` beside it, one canonical JSON
/// `PlayerErasure` a line, appended and flushed before an erasure touches the database.
///
/// A restore replaces the database file with a backup taken before some erasures; this file is not
/// part of the database, so it survives, and opening the store applies every erasure in it again
/// (`SidelineStore.reapplyErasures`). Written first, it also finishes an erasure a power cut
/// interrupted. It holds no personal data (`PlayerErasure` names a player by a one-way digest).
struct ErasureJournal {
    let path: String

    init(databasePath: String) { path = databasePath + ".erasures" }

    /// A line longer than this is not one of ours (a record is about 200 bytes).
    static let maxLineBytes = 1024
    /// More than any club erases; a larger file is refused, not read into memory.
    static let maxBytes = 32 << 20

    /// The erasures the file holds. A line that is not a valid record (the torn last line of a
    /// write a power cut stopped) is skipped; a missing file is an empty log.
    func read() throws -> [PlayerErasure] {
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size <= Self.maxBytes else {
            throw StoreError.cannotOpen(path: path, reason: "the erasure log is larger than \(Self.maxBytes >> 20) MB; it is not Sideline's")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw StoreError.cannotOpen(path: path, reason: "the erasure log cannot be read")
        }
        return data.split(separator: UInt8(ascii: "\n")).compactMap { line in
            guard line.count <= Self.maxLineBytes, let erasure = try? CanonicalJSON.decode(PlayerErasure.self, from: Data(line)),
                  erasure.problem == nil else { return nil }
            return erasure
        }
    }

    /// Appends `erasures` and flushes them to the medium (and, for a new file, its folder's entry).
    func append(_ erasures: [PlayerErasure]) throws {
        guard !erasures.isEmpty else { return }
        let existed = FileManager.default.fileExists(atPath: path)
        let fd = open(path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw failure(String(cString: strerror(errno))) }
        defer { close(fd) }
        var bytes = [UInt8]()
        // A torn last line (a power cut mid-write) ends here, so the next record starts a line of its own.
        var last: UInt8 = 0
        let end = lseek(fd, 0, SEEK_END)
        if end > 0, pread(fd, &last, 1, end - 1) == 1, last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
        for erasure in erasures {
            bytes += try CanonicalJSON.encode(erasure)
            bytes.append(UInt8(ascii: "\n"))
        }
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == bytes.count, fsync(fd) == 0 else { throw failure(String(cString: strerror(errno))) }
        if !existed {
            let folder = (path as NSString).deletingLastPathComponent
            let dir = open(folder.isEmpty ? "." : folder, O_RDONLY | O_CLOEXEC)
            if dir >= 0 { _ = fsync(dir); close(dir) }
        }
    }

    private func failure(_ reason: String) -> StoreError {
        .invalid(Message("cannot write the erasure log \(path) (\(reason)); nothing was erased"))
    }
}

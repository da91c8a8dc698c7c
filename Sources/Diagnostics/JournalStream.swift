import Foundation

/// Whether a file descriptor is the stream systemd connected to journald. systemd sets
/// `JOURNAL_STREAM=<device>:<inode>` of that stream for a service; a child whose stderr was
/// redirected elsewhere inherits the variable but not the stream, so both must match.
public enum JournalStream {
    public static func isJournal(fd: Int32 = 2, environment: [String: String] = ProcessEnvironment.values(of: ["JOURNAL_STREAM"])) -> Bool {
        guard let value = environment["JOURNAL_STREAM"] else { return false }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return false }
        return matches(value, device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// `JOURNAL_STREAM` is two decimal numbers, `device:inode`.
    static func matches(_ value: String, device: UInt64, inode: UInt64) -> Bool {
        let parts = value.split(separator: ":")
        guard parts.count == 2, let d = UInt64(parts[0]), let i = UInt64(parts[1]) else { return false }
        return d == device && i == inode
    }
}

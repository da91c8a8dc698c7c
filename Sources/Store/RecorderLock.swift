import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An advisory lock beside the database, held by the one process that records.
///
/// A session found "running" at start-up is only marked interrupted when no
/// other process holds this lock — otherwise `sideline sessions` run over SSH
/// would cut a live session. The kernel releases the lock when the holder dies,
/// including by `kill -9`.
///
/// The lock file sits beside the database file itself, symlinks resolved: two paths to one
/// database (a symlink, a relative and an absolute path) share one lock.
public final class RecorderLock {
    private let fd: Int32

    /// Takes the lock, or returns nil when another live process holds it.
    public init?(databasePath: String) {
        let fd = open(Self.resolved(databasePath) + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return nil }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            close(fd)
            return nil
        }
        self.fd = fd
    }

    /// The database file's real path: every symlink resolved (of the folder too when the
    /// file does not exist yet).
    static func resolved(_ path: String) -> String {
        if let real = realpath(path, nil) {
            defer { free(real) }
            return String(cString: real)
        }
        let folder = (path as NSString).deletingLastPathComponent
        guard let real = realpath(folder.isEmpty ? "." : folder, nil) else { return path }
        defer { free(real) }
        return (String(cString: real) as NSString).appendingPathComponent((path as NSString).lastPathComponent)
    }

    deinit {
        flock(fd, LOCK_UN)
        close(fd)
    }
}

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
public final class RecorderLock {
    private let fd: Int32

    /// Takes the lock, or returns nil when another live process holds it.
    public init?(databasePath: String) {
        let fd = open(databasePath + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return nil }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            close(fd)
            return nil
        }
        self.fd = fd
    }

    deinit {
        flock(fd, LOCK_UN)
        close(fd)
    }
}

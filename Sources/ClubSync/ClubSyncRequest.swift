import Foundation
import Localization

/// The kiosk asking the appliance's sync service for a pass (`--club-sync service`): the current
/// time written into `<database>.club-sync-request` (mode 0600). Opened, written and closed, so
/// inotify sees IN_CLOSE_WRITE and `sideline-club-sync.path` (PathChanged=) starts the service.
public enum ClubSyncRequest {
    public static func path(forDatabase database: String) -> String { database + ".club-sync-request" }

    public static func write(forDatabase database: String, at time: Date = Date()) throws(ClubSyncError) {
        let path = path(forDatabase: database)
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .local(Message(N_("cannot write {path}: {reason}"), ["path": "\(path)", "reason": "\(String(cString: strerror(errno)))"])) }
        let line = Array((ISO8601DateFormatter().string(from: time) + "\n").utf8)
        let written = line.withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
        let failure = written == line.count ? nil : String(cString: strerror(errno))
        guard close(fd) == 0, failure == nil else { throw .local(Message(N_("cannot write {path}: {reason}"), ["path": "\(path)", "reason": "\(failure ?? String(cString: strerror(errno)))"])) }
    }

    /// When the kiosk last asked: the file's modification time (nil when it never asked).
    public static func lastAsked(forDatabase database: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path(forDatabase: database)))?[.modificationDate] as? Date
    }
}

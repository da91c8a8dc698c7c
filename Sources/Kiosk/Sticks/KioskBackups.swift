import Appliance
import Foundation
import Store
import Synchronization

/// The kiosk's side of backups: which USB sticks are in (under `--usb-mounts`), what to write
/// to them, and what the settings screen says about the last backup.
public final class KioskBackups: Sendable {
    /// Folder on a stick for the kiosk's backups; exports go to `sideline-export/` beside it.
    static let stickFolder = "sideline-backup"
    /// A stick keeps this many of the kiosk's backups.
    static let keepOnStick = 10
    /// The store setting holding when the kiosk last wrote a backup to a stick (Unix ms).
    static let lastStickBackupKey = "backup.last-usb-ms"

    let databasePath: String
    /// Exports go to the stick that is in (unless `--export-dir` named a folder).
    let exportsToStick: Bool
    private let tracker: Mutex<UsbStickTracker>
    /// Sticks whose write ended, reported from the job's thread, taken by the loop.
    private let finishedJobs = Mutex<[String]>([])

    public init(databasePath: String, usbMounts: String, exportsToStick: Bool) {
        self.databasePath = databasePath
        self.exportsToStick = exportsToStick
        tracker = Mutex(UsbStickTracker(root: usbMounts))
    }

    /// The local folder `sideline backup` (and the daily timer) write to by default.
    var localFolder: String { DatabaseBackup.defaultFolder(databasePath: databasePath) }

    /// The stick in now (the first by name when several are).
    var stick: String? { tracker.withLock { $0.present.first } }

    /// New events since the last poll.
    func poll(_ table: MountTable) -> [UsbStickTracker.Event] {
        tracker.withLock { $0.update(table) }
    }

    /// Hands the writes that ended to the tracker (their sticks may be released now); true if any did.
    func takeEndedJobs() -> Bool {
        let finished = finishedJobs.withLock { f in defer { f.removeAll() }; return f }
        tracker.withLock { t in for path in finished { t.jobFinished(path) } }
        return !finished.isEmpty
    }

    func jobStarted(on stick: String) { tracker.withLock { $0.jobStarted(stick) } }
    func jobFinished(on stick: String) { finishedJobs.withLock { $0.append(stick) } }

    /// The newest backup the kiosk wrote to the stick, if one is in.
    func newestOnStick() -> String? {
        guard let stick else { return nil }
        let folder = BackupFolder(path: stick + "/" + Self.stickFolder)
        return folder.latest.map { folder.path + "/" + $0.fileName }
    }
}

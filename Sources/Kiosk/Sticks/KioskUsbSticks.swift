import ClubSync
import Localization
import AppCore
import Appliance
import Exports
import StoredExports
import Foundation
import Store
import TeamCore

/// USB sticks on the kiosk: a stick that appears gets a fresh backup, exports go to it, and the
/// coach is told when it is safe to pull (the automount has let go of it). Restore from it sits
/// behind the settings PIN. Writes run off the loop (`BackgroundJobs`).
extension StickServices {
    /// From `poll`, twice a second.
    func pollUsbSticks() {
        guard let usb else { return }
        let events = usb.poll(MountTable.read())
        for event in events {
            switch event {
            case .inserted(let stick):
                Self.log.info("USB stick at \(stick)")
                backUp(to: stick, usb: usb)
            case .safeToRemove(let stick):
                Self.log.info("USB stick at \(stick) released: safe to remove")
                app.send(.inform(Message(N_("USB stick: everything is written — safe to remove"))))
            case .removed(let stick):
                Self.log.info("USB stick at \(stick) removed")
            }
        }
        if !events.isEmpty { refreshBackupStatus() }
    }

    /// Every frame, with the jobs' notices: a write to a stick that ended changes what Settings shows.
    func takeEndedJobs() {
        if usb?.takeEndedJobs() == true { refreshBackupStatus() }
    }

    private func backUp(to stick: String, usb: KioskBackups) {
        app.send(.inform(Message(N_("USB stick found: writing a backup…"))))
        let store = store
        runOnStick(stick, usb: usb) {
            let written = try DatabaseBackup.write(databasePath: store.path, to: stick + "/" + KioskBackups.stickFolder,
                                                   keep: KioskBackups.keepOnStick)
            try? store.setSetting(KioskBackups.lastStickBackupKey, "\(Int64(written.name.date.timeIntervalSince1970 * 1000))")
            Self.log.info("backup written to \(written.path)")
            return Message(N_("Backup written to the USB stick ({file})"), ["file": written.name.fileName])
        }
    }

    /// A write to (or read from) a stick off the loop; the stick is released (and said so) once it is done.
    func runOnStick(_ stick: String, usb: KioskBackups, then: Effect? = nil, _ work: @escaping @Sendable () throws -> Message) {
        runOnStick(stick, usb: usb, then: { _ in then }, work)
    }

    func runOnStick(_ stick: String, usb: KioskBackups, then: @escaping @Sendable (_ succeeded: Bool) -> Effect?,
                    _ work: @escaping @Sendable () throws -> Message) {
        usb.jobStarted(on: stick)
        jobs.submit(then: then) {
            defer { usb.jobFinished(on: stick) }
            return try work()
        }
    }

    /// Where an export goes now: the stick that is in, else the export folder.
    func exportTarget() -> (directory: String, stick: String?) {
        if let usb, usb.exportsToStick, let stick = usb.stick { return (stick + "/" + SessionExport.folderOnStick, stick) }
        return (exportDirectory, nil)
    }

    /// Runs an export job, releasing the stick afterwards when it went to one.
    func runExport(_ work: @escaping @Sendable (String) throws -> Message) {
        let (directory, stick) = exportTarget()
        if let stick, let usb {
            runOnStick(stick, usb: usb) { try work(directory) }
        } else {
            jobs.submit { try work(directory) }
        }
    }

    /// The settings screen's backup line and whether a stick holds one to restore, in the kiosk's language (made
    /// again when the language changes: `KioskRuntime.applyLanguage`).
    func refreshBackupStatus() {
        guard let usb else { return }
        var newest: (date: Date, onStick: Bool)?
        if let local = BackupFolder(path: usb.localFolder).latest { newest = (local.date, false) }
        if let text = try? store.setting(KioskBackups.lastStickBackupKey), let ms = Double(text) {
            let date = Date(timeIntervalSince1970: ms / 1000)
            if newest == nil || date > newest!.date { newest = (date, true) }
        }
        let onStick = usb.newestOnStick().flatMap { BackupName(fileName: ($0 as NSString).lastPathComponent) }
        let last = newest.map { last in
            let date = Self.backupDate(last.date)
            return last.onStick ? tr("{date}, to a USB stick", ["date": date]) : tr("{date}, on this device", ["date": date])
        }
        app.send(.settings(.backupsChanged(BackupStatus(lastBackup: last,
                                            stickBackup: onStick.map { tr("of {date} from the USB stick", ["date": Self.backupDate($0.date)]) }))))
    }

    /// "Mon 23 Nov, 21:34", "Mo., 23. Nov., 21:34": local time, as the kiosk's language writes a day and a time.
    static func backupDate(_ date: Date) -> String {
        Localization.current.dateFormatter("EEEdMMMHHmm").string(from: date)
    }

    /// Settings → Restore from USB, confirmed (the runtime checks no session records): the newest
    /// backup on the stick becomes the database, checked first, the current one kept aside — off the
    /// loop, since copying, checking and putting back a season's database takes longer than the
    /// watchdog waits for a frame. `.finishRestore` follows on the loop, which reloads everything.
    func restoreNewestBackup() throws {
        guard let usb, let stick = usb.stick, let file = usb.newestOnStick() else { throw KioskError(Message(N_("no backup on a USB stick to restore"))) }
        let store = store
        runOnStick(stick, usb: usb, then: { .finishRestore(restored: $0) }) {
            let restored = try DatabaseRestore.restore(file, into: store.path)
            try store.bringSchemaUpToDate()
            _ = try store.markInterruptedSessions()
            // The restored roster is an edit made now: the club hears of it on the next sync.
            try store.queueWholeRosterForClub(forgettingTombstones: false)
            Self.log.notice("restored \(file); the previous database is kept as \(restored.asidePath ?? "-")")
            return Message(N_("Restored the backup {file}; the data before it is kept on this device"), ["file": (file as NSString).lastPathComponent])
        }
    }
}

import AppCore
import Appliance
import Exports
import Foundation
import Store
import TeamCore

/// USB sticks on the kiosk: a stick that appears gets a fresh backup, exports go to it, and the
/// coach is told when it is safe to pull (the automount has let go of it). Restore from it sits
/// behind the settings PIN. Writes run off the loop (`BackgroundJobs`).
extension KioskRuntime {
    /// From `pollSource`, twice a second.
    func pollUsbSticks() {
        guard let backups else { return }
        let events = backups.poll(MountTable.read())
        for event in events {
            switch event {
            case .inserted(let stick):
                Self.log.info("USB stick at \(stick)")
                backUp(to: stick, backups: backups)
            case .safeToRemove(let stick):
                Self.log.info("USB stick at \(stick) released: safe to remove")
                dispatch(.inform("USB stick: everything is written — safe to remove"))
            case .removed(let stick):
                Self.log.info("USB stick at \(stick) removed")
            }
        }
        if !events.isEmpty { refreshBackupStatus() }
    }

    /// Every frame, with the jobs' notices: a write to a stick that ended changes what Settings shows.
    func takeEndedStickJobs() {
        if backups?.takeEndedJobs() == true { refreshBackupStatus() }
    }

    private func backUp(to stick: String, backups: KioskBackups) {
        dispatch(.inform("USB stick found: writing a backup…"))
        let store = store
        runOnStick(stick, backups: backups) {
            let written = try DatabaseBackup.write(databasePath: store.path, to: stick + "/" + KioskBackups.stickFolder,
                                                   keep: KioskBackups.keepOnStick)
            try? store.setSetting(KioskBackups.lastStickBackupKey, "\(Int64(written.name.date.timeIntervalSince1970 * 1000))")
            Self.log.info("backup written to \(written.path)")
            return "Backup written to the USB stick (\(written.name.fileName))"
        }
    }

    /// A write to (or read from) a stick off the loop; the stick is released (and said so) once it is done.
    func runOnStick(_ stick: String, backups: KioskBackups, then: Effect? = nil, _ work: @escaping @Sendable () throws -> String) {
        backups.jobStarted(on: stick)
        jobs.submit(then: then) {
            defer { backups.jobFinished(on: stick) }
            return try work()
        }
    }

    /// Where an export goes now: the stick that is in, else the export folder.
    func exportTarget() -> (directory: String, stick: String?) {
        if let backups, backups.exportsToStick, let stick = backups.stick { return (stick + "/" + SessionExport.folderOnStick, stick) }
        return (exportDirectory, nil)
    }

    /// Runs an export job, releasing the stick afterwards when it went to one.
    func runExport(_ work: @escaping @Sendable (String) throws -> String) {
        let (directory, stick) = exportTarget()
        if let stick, let backups {
            runOnStick(stick, backups: backups) { try work(directory) }
        } else {
            jobs.submit { try work(directory) }
        }
    }

    /// The settings screen's backup line and whether a stick holds one to restore.
    func refreshBackupStatus() {
        guard let backups else { return }
        var newest: (Date, String)?
        if let local = BackupFolder(path: backups.localFolder).latest { newest = (local.date, "on this device") }
        if let text = try? store.setting(KioskBackups.lastStickBackupKey), let ms = Double(text) {
            let date = Date(timeIntervalSince1970: ms / 1000)
            if newest == nil || date > newest!.0 { newest = (date, "to a USB stick") }
        }
        let onStick = backups.newestOnStick().flatMap { BackupName(fileName: ($0 as NSString).lastPathComponent) }
        dispatch(.settings(.backupsChanged(BackupStatus(lastBackup: newest.map { "\(Self.backupDate($0.0)), \($0.1)" },
                                            stickBackup: onStick.map { "of \(Self.backupDate($0.date)) from the USB stick" }))))
    }

    /// "Mon 23 Nov 21:34", local time, 24-hour clock (as the top bar).
    static func backupDate(_ date: Date) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_GB")
        f.dateFormat = "EEE d MMM HH:mm"
        return f.string(from: date)
    }

    /// Settings → Restore from USB, confirmed: the newest backup on the stick becomes the database
    /// (checked first; the current one kept aside), then the kiosk reloads everything from it.
    func restoreFromStick() throws {
        guard recorder == nil else { throw KioskError("finish the session before restoring") }
        guard let backups, let file = backups.newestOnStick() else { throw KioskError("no backup on a USB stick to restore") }
        let restored = try DatabaseRestore.restore(file, into: store.path)
        try store.bringSchemaUpToDate()
        _ = try store.markInterruptedSessions()
        Self.log.notice("restored \(file); the previous database is kept as \(restored.asidePath ?? "-")")
        let settings = store.kioskSettings()
        persistedSettings = settings
        dispatch(.settings(.loaded(settings)))
        dispatch(.navigate(.home))
        switchSource(to: state.sensors.kind) // the restored strap table, on a fresh source
        refreshBackupStatus()
        dispatch(.inform("Restored the backup \((file as NSString).lastPathComponent); the data before it is kept on this device"))
    }
}

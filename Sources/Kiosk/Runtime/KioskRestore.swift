import Foundation
import TeamCore

/// Settings → Restore from USB, confirmed: the newest backup on the stick becomes the database
/// (`StickServices.restoreNewestBackup`), then the kiosk reloads everything from it and starts a
/// fresh source on its strap table.
extension KioskRuntime {
    func restoreFromStick() throws {
        guard recorder == nil else { throw KioskError("finish the session before restoring") }
        let file = try sticks.restoreNewestBackup()
        let settings = store.kioskSettings()
        persistedSettings = settings
        dispatch(.settings(.loaded(settings)))
        dispatch(.navigate(.home))
        sources.switchSource(to: state.sensors.kind) // the restored strap table, on a fresh source
        sticks.refreshBackupStatus()
        dispatch(.inform("Restored the backup \((file as NSString).lastPathComponent); the data before it is kept on this device"))
    }
}

import AppCore
import Foundation
import Localization
import TeamCore

/// Settings → Restore from USB, confirmed: the newest backup on the stick becomes the database off
/// the loop (`StickServices.restoreNewestBackup`) while the screen says so; then the kiosk reloads
/// everything from it and starts a fresh source on its strap table.
extension KioskRuntime {
    func restoreFromStick() throws {
        guard recorder == nil else {
            dispatch(.settings(.restoreEnded))
            throw KioskError(Message(N_("finish the session before restoring")))
        }
        // What the straps said while the database is being replaced would be written into one or the other.
        sources.holdStrapNotes = true
        do {
            try sticks.restoreNewestBackup()
        } catch {
            sources.holdStrapNotes = false
            dispatch(.settings(.restoreEnded))
            throw error
        }
    }

    /// The restore's job ended (its line is the notice): a database put back is read again.
    func finishRestore(restored: Bool) {
        sources.holdStrapNotes = false
        if restored {
            sources.forgetSightings() // heard under the strap table before the restore
            let settings = store.kioskSettings()
            persistedSettings = settings
            dispatch(.settings(.loaded(settings)))
            dispatch(.navigate(.home))
            sources.switchSource(to: state.sensors.kind) // the restored strap table, on a fresh source
        }
        sticks.refreshBackupStatus()
        dispatch(.settings(.restoreEnded))
    }
}

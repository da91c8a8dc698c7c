import Diagnostics
import Foundation
import Store
import TeamCore

/// The kiosk's USB side and its slow work: sticks coming and going (under `--usb-mounts`), a backup
/// written to each stick that appears, exports (to the stick that is in, else the export folder),
/// photos imported from a stick, restore from one, and the background jobs that do the writing,
/// whose outcomes the runtime takes each frame. Tells the app what happens through `app`.
public final class StickServices {
    let store: SidelineStore
    /// USB sticks and backups (`--usb-mounts`); nil when not asked for.
    let usb: KioskBackups?
    let jobs: BackgroundJobs
    /// Where exports go when no stick takes them (`--export-dir`, else the first stick under /media).
    let exportDirectory: String
    /// Turns a picture file into a stored photo (the shell's, through SDL_image); nil: no photos.
    public var photos: (any PhotoPreparing)?
    /// When the mounts were last read (app clock; nil: never).
    var lastPollNs: UInt64?
    var app = AppLink.unconnected
    static let log = Diagnostics.logger("kiosk")

    init(store: SidelineStore, usb: KioskBackups?, wake: any LoopWake, exportDirectory: String) {
        self.store = store
        self.usb = usb
        jobs = BackgroundJobs(wake: wake)
        self.exportDirectory = exportDirectory
    }

    /// The mounts are read twice a second of the app's clock: a coach plugging a stick in hears of it
    /// at once, and scripted runs read them at the same moments every run.
    static let pollNs: UInt64 = 500_000_000

    /// Once per frame; the mounts are read when due.
    func poll(nowNs now: UInt64) {
        if let last = lastPollNs, now &- last < Self.pollNs { return }
        lastPollNs = now
        pollUsbSticks()
    }

    /// The background jobs' outcomes since the last frame, oldest first.
    func takeOutcomes() -> [BackgroundJobs.Outcome] { jobs.takeOutcomes() }

    func waitForJobs() { jobs.waitUntilIdle() }
}

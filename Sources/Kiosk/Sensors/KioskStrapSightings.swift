import Recording

/// Straps heard by the kiosk are noted in the store (last seen, battery) every half minute of
/// the app's clock and when it stops: the strap list shows them, and a few writes a minute
/// cost an SD card nothing.
extension SourceSupervisor {
    static let sightingsEveryMs: Int64 = 30_000

    func noteSightingsIfDue(force: Bool = false) {
        let now = nowNs
        let nowMs = Int64(now / 1_000_000)
        guard force || nowMs - lastSightingsNoteMs >= Self.sightingsEveryMs else { return }
        lastSightingsNoteMs = nowMs
        let table = app.state().sensors
        do {
            try StrapNotes.note(&sightings, in: store, strapID: { table.slot($0)?.strapID }, clockNs: now, date: wallClock)
        } catch {
            Self.log.warning("could not note the straps heard: \(KioskRuntime.describe(error))")
        }
    }
}

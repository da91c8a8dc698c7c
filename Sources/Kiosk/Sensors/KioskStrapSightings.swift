import Recording
import TeamCore

/// Straps heard by the kiosk are noted in the store (last seen, battery) every half minute of
/// the app's clock and when it stops: the strap list shows them, and a few writes a minute
/// cost an SD card nothing.
extension SourceSupervisor {
    static let sightingsEveryMs: Int64 = 30_000

    func noteSightingsIfDue(force: Bool = false) {
        guard !holdStrapNotes else { return }
        let nowMs = Int64(nowNs / 1_000_000)
        guard force || nowMs - lastSightingsNoteMs >= Self.sightingsEveryMs else { return }
        noteSightings(numberedBy: pump.straps)
    }

    /// Notes what was heard, its strap indices read in `table` (the pump's, or the one a switch replaced).
    func noteSightings(numberedBy table: StrapTable) {
        let now = nowNs
        lastSightingsNoteMs = Int64(now / 1_000_000)
        do {
            try StrapNotes.note(&sightings, in: store, strapID: { table.slot($0)?.strapID }, clockNs: now, date: wallClock)
        } catch {
            Self.log.warning("could not note the straps heard: \(KioskRuntime.describe(error))")
        }
    }

    /// Drops what was heard so far (its strap indices meant straps of a database since replaced).
    func forgetSightings() { _ = sightings.take() }
}

import Foundation
import Store
import TeamCore

/// Straps heard by the kiosk are noted in the store (last seen, battery) every half minute of
/// the app's clock and when it stops: the strap list shows them, and a few writes a minute
/// cost an SD card nothing.
extension KioskRuntime {
    static let sightingsEveryMs: Int64 = 30_000

    func noteSightingsIfDue(force: Bool = false) {
        let now = nowMs
        guard force || now - lastSightingsNoteMs >= Self.sightingsEveryMs else { return }
        lastSightingsNoteMs = now
        let clock = wallClock
        let notes = sightings.take().compactMap { index, sighting -> SidelineStore.StrapNote? in
            guard let slot = state.sensors.slot(index) else { return nil }
            let agoMs = now - Int64(sighting.lastHeardNs / 1_000_000)
            return SidelineStore.StrapNote(strapID: slot.strapID, battery: sighting.battery,
                                           seen: clock.addingTimeInterval(-Double(max(0, agoMs)) / 1000))
        }
        do {
            try store.noteStraps(notes)
        } catch {
            Self.log.warning("could not note the straps heard: \(Self.describe(error))")
        }
    }
}

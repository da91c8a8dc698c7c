import Foundation
import SensorCore
import Store
import TeamCore

/// What the strap list shows of a strap besides its name — when it was last heard and its battery
/// (the sightings), where it is worn and who made it (what it said on connecting) — kept in the
/// store. The kiosk (now and then) and `record` (at the end) both keep them through here.
public enum StrapNotes {
    /// Takes what `sightings` gathered and stores it as the straps' notes. `strapID`: the stored
    /// strap an event's strap index stands for (nil: none of ours). `clockNs` on the app's clock was
    /// `date` on the wall clock: the sightings are dated from there.
    public static func note(_ sightings: inout StrapSightings, in store: SidelineStore, strapID: (StrapIndex) -> Int64?,
                            clockNs: UInt64, date: Date) throws {
        let clockMs = Int64(clockNs / 1_000_000)
        let notes = sightings.take().compactMap { index, sighting in
            strapID(index).map { id in
                let agoMs = clockMs - Int64(sighting.lastHeardNs / 1_000_000)
                return SidelineStore.StrapNote(strapID: id, battery: sighting.battery, seen: date.addingTimeInterval(-Double(agoMs) / 1000))
            }
        }
        try store.noteStraps(notes)
    }

    /// Stores what the source's straps said of themselves since it was last asked (a source whose
    /// straps cannot say anything: nothing). True when there was something new.
    @discardableResult
    public static func keepDescriptions(from source: any SensorSource, in store: SidelineStore) throws -> Bool {
        guard let describing = source as? StrapDescribing else { return false }
        let described = describing.takeStrapDescriptions()
        guard !described.isEmpty else { return false }
        try store.describeStraps(described.map { ($0.address, $0.bodyLocation, $0.manufacturer) })
        return true
    }
}

import TeamCore

/// Keeps a tile's zone colour steady: the shown zone changes only after the
/// heart rate has stayed out of it for `holdMs`, and then to the zone it is in
/// now (so a steady climb through two zones lags by `holdMs`, not more). A
/// brief excursion that comes back resets the wait. The first reading shows at once.
public struct ZoneHysteresis: Sendable, Equatable {
    public private(set) var shown: HeartRateZone?
    /// Since when readings have been outside the shown zone.
    public private(set) var awaySinceMs: Int64?

    public init() {}

    public mutating func observe(_ zone: HeartRateZone, atMs t: Int64, holdMs: Int64) {
        guard let current = shown else { shown = zone; return }
        if zone == current { awaySinceMs = nil; return }
        let since = awaySinceMs ?? t
        awaySinceMs = since
        if t - since >= holdMs {
            shown = zone
            awaySinceMs = nil
        }
    }
}

/// Keeps a tile's zone colour steady: the shown zone changes only after the
/// heart rate has stayed in a new zone for `holdMs`; the first reading shows at once.
public struct ZoneHysteresis: Sendable, Equatable {
    public private(set) var shown: HeartRateZone?
    public private(set) var candidate: HeartRateZone?
    public private(set) var candidateSinceMs: Int64 = 0

    public init() {}

    public mutating func observe(_ zone: HeartRateZone, atMs t: Int64, holdMs: Int64) {
        guard let current = shown else { shown = zone; return }
        if zone == current { candidate = nil; return }
        if candidate != zone {
            candidate = zone
            candidateSinceMs = t
        }
        if t - candidateSinceMs >= holdMs {
            shown = zone
            candidate = nil
        }
    }
}

import TeamCore

/// The zone a tile shows, and the percentage beside it, from one rule so that the colour, the
/// badge and the number agree on every frame (decision 056: a margin, not a time hold).
///
/// The zone changes as soon as the heart rate is `margin` bpm past a boundary of the shown zone
/// (a Schmitt trigger), to the zone the heart rate is in less the margin: noise of a few beats
/// around a boundary keeps the zone, a real change moves it at once. The percentage shown is the
/// intensity rounded down (79.9 % is zone 3 and reads 79), and within the margin past a boundary
/// it reads the shown zone's edge (79 % while zone 3 holds at 80.6 %): off by at most the margin,
/// and only there.
public struct ZoneHysteresis: Sendable, Equatable {
    public private(set) var shown: HeartRateZone?

    public init() {}

    /// A trusted heart rate: the first shows its zone at once; later ones move it only past the margin.
    public mutating func observe(bpm: Double, physiology: Physiology, model: ZoneModel, marginBpm: Double) {
        let now = physiology.zone(bpm, model: model)
        guard let current = shown else { shown = now; return }
        if now > current {
            let beyond = physiology.zone(bpm - marginBpm, model: model)
            if beyond > current { shown = beyond }
        } else if now < current {
            let beyond = physiology.zone(bpm + marginBpm, model: model)
            if beyond < current { shown = beyond }
        }
    }

    /// The whole percentage (of HRmax or of the reserve, as the zone model measures) that goes
    /// beside the shown zone: always inside it.
    public func shownPercent(bpm: Double, physiology: Physiology, model: ZoneModel) -> Int {
        let exact = Int(physiology.intensity(bpm, model: model).rounded(.down))
        guard let zone = shown else { return exact }
        let range = Self.percentRange(zone)
        return min(max(exact, range.lowerBound), range.upperBound)
    }

    /// The whole percentages that read as `zone` (zone 3: 70…79; below zone 1 and zone 5 open-ended).
    public static func percentRange(_ zone: HeartRateZone) -> ClosedRange<Int> { percentRanges[zone.rawValue] }

    /// `percentRange` of each zone by its raw value, worked out once from the zones' bounds: every
    /// frame asks it of every tile, and two dictionary lookups a time hashed a zone each.
    private static let percentRanges: [ClosedRange<Int>] = HeartRateZone.allCases.map { zone in
        let lower = HeartRateZone.lowerBoundPercent[zone].map { Int($0) } ?? Int.min
        let next = HeartRateZone(rawValue: zone.rawValue + 1).flatMap { HeartRateZone.lowerBoundPercent[$0] }
        return lower ... (next.map { Int($0) - 1 } ?? Int.max)
    }
}

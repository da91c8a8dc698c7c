/// The heart rates at which zones 1…5 begin for one player under both zone
/// models, e.g. age 24, resting 65, Gellish: HRmax 190.82, HRR 125.82,
/// Karvonen 60/70/80/90 % from 140.49 / 153.07 / 165.66 / 178.24 bpm.
public struct ZoneBounds: Sendable, Equatable {
    public var maxHR: Double
    public var heartRateReserve: Double
    /// Start of zones 1…5 (50, 60, 70, 80, 90 %) in bpm, %HRmax.
    public var percentOfMax: [Double]
    /// Start of zones 1…5 in bpm, Karvonen %HRR.
    public var heartRateReserveStarts: [Double]

    public init(physiology p: Physiology) {
        maxHR = p.maxHR
        heartRateReserve = p.heartRateReserve
        let percents = [50.0, 60, 70, 80, 90]
        percentOfMax = percents.map { p.heartRate(atIntensity: $0, model: .percentOfMax) }
        heartRateReserveStarts = percents.map { p.heartRate(atIntensity: $0, model: .heartRateReserve) }
    }

    public func starts(_ model: ZoneModel) -> [Double] {
        model == .percentOfMax ? percentOfMax : heartRateReserveStarts
    }

    /// Each zone's whole heart rates under a model, as the player editor and the roster show them:
    /// zone n from the first whole bpm at or above its start to the one before zone n + 1's (zone 5
    /// open-ended), the same bpm `Physiology.zone` puts in it.
    public func wholeBpmRanges(_ model: ZoneModel) -> [(zone: HeartRateZone, from: Int, to: Int?)] {
        let firsts = starts(model).map { Int($0.rounded(.up)) }
        return firsts.enumerated().map { i, from in
            (HeartRateZone(rawValue: i + 1)!, from, i + 1 < firsts.count ? firsts[i + 1] - 1 : nil)
        }
    }

    /// "Z1 100–119 · Z2 120–139 · … · Z5 180+": the zones in whole bpm on one line.
    public func summary(_ model: ZoneModel, separator: String = " · ") -> String {
        wholeBpmRanges(model).map { r in "Z\(r.zone.rawValue) \(r.from)" + (r.to.map { "–\($0)" } ?? "+") }.joined(separator: separator)
    }
}

import TeamCore

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
}

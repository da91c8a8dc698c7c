import TeamCore

/// Everything a heart rate is worth for one player's physiology, tabulated once
/// per whole bpm (samples are whole bpm), so a 2-hour session costs table look-ups.
struct HeartRateWeights: Sendable {
    /// What one whole bpm is worth: one entry a bpm, so a sample costs one look-up.
    struct Entry: Sendable {
        /// `HeartRateZone.rawValue`s, 0..<6.
        let zoneOfMax: Int, zoneOfReserve: Int
        let kcalPerMinute: Double, banisterPerMinute: Double, edwardsPerMinute: Double, effortPerMinute: Double
        /// Whether a heart rate is above `HeartRateStats.highIntensityPercentOfMax` of HRmax.
        let isHighIntensity: Bool
    }

    let physiology: Physiology
    let zoneModel: ZoneModel
    /// Indexed by bpm, 0…`PlausibleHeartRate.bpm.upperBound`.
    let table: [Entry]

    init(physiology p: Physiology, zoneModel: ZoneModel) {
        physiology = p
        self.zoneModel = zoneModel
        table = (0...PlausibleHeartRate.bpm.upperBound).map { bpm in
            let hr = Double(bpm)
            let reserve = p.heartRateReserve > 0 ? (hr - p.restingHR) / p.heartRateReserve : 0
            return Entry(zoneOfMax: p.zone(hr, model: .percentOfMax).rawValue, zoneOfReserve: p.zone(hr, model: .heartRateReserve).rawValue,
                         kcalPerMinute: EnergyExpenditure.kcalPerMinute(bpm: hr, physiology: p),
                         banisterPerMinute: TrainingLoad.banisterPerMinute(fractionOfReserve: reserve, sex: p.sex),
                         edwardsPerMinute: TrainingLoad.edwardsWeight(percentOfMax: p.percentOfMax(hr)),
                         effortPerMinute: TrainingLoad.effortPointsPerMinute(zone: p.zone(hr, model: zoneModel)),
                         // As a product, not a percentage: 170 bpm of an HRmax of 200 is exactly 85 %, not above it.
                         isHighIntensity: hr * 100 > HeartRateStats.highIntensityPercentOfMax * p.maxHR)
        }
    }
}

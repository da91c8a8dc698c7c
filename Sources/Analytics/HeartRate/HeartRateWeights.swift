import TeamCore

/// Everything a heart rate is worth for one player's physiology, tabulated once
/// per whole bpm (samples are whole bpm), so a 2-hour session costs table look-ups.
struct HeartRateWeights: Sendable {
    let physiology: Physiology
    let zoneModel: ZoneModel
    private(set) var zoneOfMax: [HeartRateZone] = []
    private(set) var zoneOfReserve: [HeartRateZone] = []
    private(set) var kcalPerMinute: [Double] = []
    private(set) var banisterPerMinute: [Double] = []
    private(set) var edwardsPerMinute: [Double] = []
    private(set) var effortPerMinute: [Double] = []
    /// Whether a heart rate is above `HeartRateStats.highIntensityPercentOfMax` of HRmax.
    private(set) var isHighIntensity: [Bool] = []

    init(physiology p: Physiology, zoneModel: ZoneModel) {
        physiology = p
        self.zoneModel = zoneModel
        for bpm in 0...PlausibleHeartRate.bpm.upperBound {
            let hr = Double(bpm)
            zoneOfMax.append(p.zone(hr, model: .percentOfMax))
            zoneOfReserve.append(p.zone(hr, model: .heartRateReserve))
            kcalPerMinute.append(EnergyExpenditure.kcalPerMinute(bpm: hr, physiology: p))
            let reserve = p.heartRateReserve > 0 ? (hr - p.restingHR) / p.heartRateReserve : 0
            banisterPerMinute.append(TrainingLoad.banisterPerMinute(fractionOfReserve: reserve, sex: p.sex))
            edwardsPerMinute.append(TrainingLoad.edwardsWeight(percentOfMax: p.percentOfMax(hr)))
            effortPerMinute.append(TrainingLoad.effortPointsPerMinute(zone: p.zone(hr, model: zoneModel)))
            // As a product, not a percentage: 170 bpm of an HRmax of 200 is exactly 85 %, not above it.
            isHighIntensity.append(hr * 100 > HeartRateStats.highIntensityPercentOfMax * p.maxHR)
        }
    }
}

/// Energy expenditure from heart rate, Keytel et al. (2005), "Prediction of
/// energy expenditure from heart rate monitoring during submaximal exercise",
/// J Sports Sci 23(3):289–297 — the equation without VO2max.
public enum EnergyExpenditure {
    /// kcal per minute; never negative (the regression goes below zero at low heart rates).
    public static func kcalPerMinute(bpm: Double, physiology p: Physiology) -> Double {
        let age = Double(p.age), weight = p.weightKg
        let kJPerMinute: Double
        switch p.sex {
        case .male: kJPerMinute = -55.0969 + 0.6309 * bpm + 0.1988 * weight + 0.2017 * age
        case .female: kJPerMinute = -20.4022 + 0.4472 * bpm - 0.1263 * weight + 0.074 * age
        }
        return max(0, kJPerMinute / 4.184)
    }
}

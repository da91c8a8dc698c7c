/// Age-predicted maximum heart rate. A measured maximum always wins over these.
public enum MaxHeartRateFormula: String, Sendable, Codable, CaseIterable {
    /// Tanaka, Monahan & Seals (2001): 208 − 0.7·age. The default: best for adults of all ages.
    case tanaka
    /// Fox (1971): 220 − age.
    case fox
    /// Gellish et al. (2007): 206.9 − 0.67·age.
    case gellish

    public func estimate(age: Int) -> Double {
        let a = Double(age)
        switch self {
        case .tanaka: return 208 - 0.7 * a
        case .fox: return 220 - a
        case .gellish: return 206.9 - 0.67 * a
        }
    }
}

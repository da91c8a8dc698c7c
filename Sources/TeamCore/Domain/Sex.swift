/// Biological sex, as the heart-rate formulas (Keytel kcal, Banister TRIMP) need it.
public enum Sex: String, Sendable, Codable, CaseIterable {
    case male = "M"
    case female = "F"

    /// Accepts what people type in a roster: M/F, male/female, m/w (German "weiblich").
    public init?(parsing text: String) {
        switch text.trimmingCharacters(in: .whitespaces).lowercased() {
        case "m", "male", "man": self = .male
        case "f", "female", "w", "woman": self = .female
        default: return nil
        }
    }
}

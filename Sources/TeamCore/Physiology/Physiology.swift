/// A player's physiology on a given day: what zones, kcal and training load are
/// computed from. Sessions keep a snapshot so review shows zones as they were.
/// It is also a session bundle's physiology as the club's wire carries it: its keys and the raw values of
/// `Sex` and `MaxSource` are the wire's, so renaming one changes every bundle's bytes and hash.
public struct Physiology: Sendable, Equatable, Codable {
    public enum MaxSource: String, Sendable, Codable { case measured, tanaka, fox, gellish }

    public var age: Int
    public var sex: Sex
    public var weightKg: Double
    public var restingHR: Double
    public var maxHR: Double
    public var maxSource: MaxSource

    public init(age: Int, sex: Sex, weightKg: Double, restingHR: Double, maxHR: Double, maxSource: MaxSource) {
        self.age = age
        self.sex = sex
        self.weightKg = weightKg
        self.restingHR = restingHR
        self.maxHR = maxHR
        self.maxSource = maxSource
    }

    /// The player's physiology in a given year, with the max HR from a measurement if there is one.
    public init(player: Player, year: Int, formula: MaxHeartRateFormula = .tanaka) {
        let age = player.age(inYear: year)
        let measured = player.measuredMaxHR.map(Double.init)
        self.init(age: age, sex: player.sex, weightKg: player.weightKg, restingHR: Double(player.restingHR),
                  maxHR: measured ?? formula.estimate(age: age),
                  maxSource: measured != nil ? .measured : MaxSource(rawValue: formula.rawValue)!)
    }

    /// Heart-rate reserve (Karvonen): max − resting.
    public var heartRateReserve: Double { maxHR - restingHR }

    /// Heart rate as a percentage of maximum.
    public func percentOfMax(_ bpm: Double) -> Double { bpm / maxHR * 100 }

    /// Heart rate as a percentage of the reserve (Karvonen %HRR); 0 at rest, 100 at max.
    public func percentOfReserve(_ bpm: Double) -> Double {
        guard heartRateReserve > 0 else { return 0 }
        return (bpm - restingHR) / heartRateReserve * 100
    }

    /// Intensity in percent under a zone model.
    public func intensity(_ bpm: Double, model: ZoneModel) -> Double {
        switch model {
        case .percentOfMax: return percentOfMax(bpm)
        case .heartRateReserve: return percentOfReserve(bpm)
        }
    }

    /// The heart rate at which a given intensity percentage begins.
    public func heartRate(atIntensity percent: Double, model: ZoneModel) -> Double {
        switch model {
        case .percentOfMax: return maxHR * percent / 100
        case .heartRateReserve: return restingHR + heartRateReserve * percent / 100
        }
    }

    public func zone(_ bpm: Double, model: ZoneModel) -> HeartRateZone {
        HeartRateZone(intensity: intensity(bpm, model: model))
    }
}

/// A number a screen or an export may show, or the reason there is none.
/// Bad input never turns into NaN: it turns into `.notEnoughData`.
public enum Metric<Value: Sendable & Equatable>: Sendable, Equatable {
    case value(Value)
    case notEnoughData(NotEnoughData)

    public var value: Value? {
        if case .value(let v) = self { return v }
        return nil
    }

    public func map<T: Sendable & Equatable>(_ transform: (Value) -> T) -> Metric<T> {
        switch self {
        case .value(let v): return .value(transform(v))
        case .notEnoughData(let reason): return .notEnoughData(reason)
        }
    }
}

extension Metric where Value == Double {
    /// A finite number, or the given reason (guards every division that reaches a screen).
    public static func finite(_ number: Double, else reason: NotEnoughData) -> Metric<Double> {
        number.isFinite ? .value(number) : .notEnoughData(reason)
    }
}

/// Why a metric has no value, in words a coach can read.
public enum NotEnoughData: String, Sendable, Equatable, CaseIterable {
    case noHeartRate = "no heart rate with skin contact"
    case noDataAfterEnd = "no heart rate 60 s after the end"
    case noDataAtEnd = "no heart rate at the end"
    case tooFewBeats = "too few beats for HRV"
    case tooShortForFrequencyDomain = "RR series too short for LF/HF"
    case noHighFrequencyPower = "no HF power"
}

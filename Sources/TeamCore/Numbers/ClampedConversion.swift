/// Whole numbers from doubles that never trap: `Int(x)` traps on NaN, on ±infinity and on
/// anything past the type's range, and a stored session (a club's, a restored backup's) can
/// hold such a double. Pages and exports print through these instead.
extension FixedWidthInteger {
    /// `value` rounded to the nearest whole number (halves away from zero) and held to the
    /// type's range; nil for NaN.
    public init?(roundedClamping value: Double) {
        guard !value.isNaN else { return nil }
        self.init(clampingTruncated: value.rounded())
    }

    /// `value` with its fraction dropped, held to the type's range; nil for NaN.
    public init?(truncatedClamping value: Double) {
        guard !value.isNaN else { return nil }
        self.init(clampingTruncated: value)
    }

    /// A double that is not NaN, truncated, and held to the range. `Double(Self.max)` rounds up to
    /// a power of two past the range, so the comparisons are ≥ and ≤, never an exact fit.
    private init(clampingTruncated value: Double) {
        if value >= Double(Self.max) {
            self = .max
        } else if value <= Double(Self.min) {
            self = .min
        } else {
            self.init(value)
        }
    }
}

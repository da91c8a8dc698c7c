extension ClosedRange where Bound: Comparable {
    /// `value`, or the nearer end when it lies outside.
    public func clamp(_ value: Bound) -> Bound { Swift.min(Swift.max(value, lowerBound), upperBound) }
}

extension FixedWidthInteger {
    /// `self + other`, held to the type's range instead of trapping (a stored start time near the end
    /// of Int64 plus an offset).
    public func addingClamped(_ other: Self) -> Self {
        let (sum, overflow) = addingReportingOverflow(other)
        guard overflow else { return sum }
        return other > 0 ? .max : .min
    }
}

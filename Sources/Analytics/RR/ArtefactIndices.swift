/// Beats the Lipponen–Tarvainen classifier flagged, by class; indices into the
/// peak series it was given (peak j ends RR interval j).
public struct ArtefactIndices: Sendable, Equatable {
    public var extra: [Int] = []
    public var missed: [Int] = []
    public var ectopic: [Int] = []
    public var longShort: [Int] = []

    public init() {}

    public var count: Int { extra.count + missed.count + ectopic.count + longShort.count }

    /// Every flagged index, sorted.
    public var all: [Int] { (extra + missed + ectopic + longShort).sorted() }
}

import TeamCore

/// One heart-rate point of a review graph.
public struct SeriesPoint: Sendable, Equatable {
    public var tMs: Int64
    public var bpm: Int
    public init(tMs: Int64, bpm: Int) {
        self.tMs = tMs
        self.bpm = bpm
    }
}

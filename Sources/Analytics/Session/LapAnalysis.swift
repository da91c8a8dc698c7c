/// One lap of one player: the numbers of the session, over the lap's span,
/// and the recovery in the minute after it ended.
public struct LapAnalysis: Sendable, Equatable {
    /// 1-based, as the coach counts laps.
    public var number: Int
    public var label: String?
    public var fromMs: Int64
    public var toMs: Int64
    public var stats: HeartRateStats
    public var recoveryBPM: Metric<Double>

    /// The label of the lap after the effort (`PlayerAnalysis.recoveryLap`).
    public static let recoveryLabel = "Recovery"
}

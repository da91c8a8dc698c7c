import TeamCore

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

/// One phase of one player (a drill, an interval block): the session's numbers over the phase's span —
/// minutes with a signal, mean and peak heart rate, time above 85 % HRmax, TRIMP, zones (`HeartRateStats`).
public struct PhaseAnalysis: Sendable, Equatable {
    public var phase: SessionPhase
    public var stats: HeartRateStats
}

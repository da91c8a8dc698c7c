/// The team in one stretch of a session: the mean heart rate of the players with a signal, and
/// the lowest and highest of them (the team graph's band).
public struct TeamBandPoint: Sendable, Equatable {
    /// The stretch's middle, ms since the session start.
    public var tMs: Int64
    public var meanBPM: Double
    public var minBPM: Double
    public var maxBPM: Double
    public init(tMs: Int64, meanBPM: Double, minBPM: Double, maxBPM: Double) {
        self.tMs = tMs
        self.meanBPM = meanBPM
        self.minBPM = minBPM
        self.maxBPM = maxBPM
    }
}

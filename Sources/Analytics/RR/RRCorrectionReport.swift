/// What the RR pipeline did to one player's beats: the coach sees how many
/// beats were corrected, so HRV numbers from a noisy strap are not taken at face value.
public struct RRCorrectionReport: Sendable, Equatable {
    /// RR intervals as recorded.
    public var recorded = 0
    /// Recorded intervals that are no interval at all (0): left out before the correction; a stretch breaks there.
    public var rejected = 0
    /// Intervals still outside `PlausibleHeartRate.rrMs` after the correction: left out; a stretch breaks there.
    public var implausible = 0
    /// Continuous stretches (a dropout starts a new one).
    public var stretches = 0
    /// Beats the classifier flagged, per class, summed over every pass (a beat flagged
    /// in two passes counts twice: these say what was found, not how many beats changed).
    public var extra = 0
    public var missed = 0
    public var ectopic = 0
    public var longShort = 0
    /// Detection-and-correction passes run, summed over stretches.
    public var passes = 0
    /// Intervals the correction changed, inserted or removed ("RR fixed").
    public var corrected = 0

    public init() {}

    mutating func add(_ artefacts: ArtefactIndices) {
        extra += artefacts.extra.count
        missed += artefacts.missed.count
        ectopic += artefacts.ectopic.count
        longShort += artefacts.longShort.count
    }
}

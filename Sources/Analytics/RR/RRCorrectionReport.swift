/// What the RR pipeline did to one player's beats: the coach sees how many
/// beats were corrected, so HRV numbers from a noisy strap are not taken at face value.
public struct RRCorrectionReport: Sendable, Equatable {
    /// RR intervals as recorded.
    public var recorded = 0
    /// Intervals left out as impossible (0 or beyond 3 s); a stretch breaks there.
    public var rejected = 0
    /// Continuous stretches (a dropout starts a new one).
    public var stretches = 0
    public var extra = 0
    public var missed = 0
    public var ectopic = 0
    public var longShort = 0
    /// Detection-and-correction passes run, summed over stretches.
    public var passes = 0

    public init() {}

    /// Beats the artefact correction changed, inserted or removed.
    public var corrected: Int { extra + missed + ectopic + longShort }

    mutating func add(_ artefacts: ArtefactIndices) {
        extra += artefacts.extra.count
        missed += artefacts.missed.count
        ectopic += artefacts.ectopic.count
        longShort += artefacts.longShort.count
    }
}

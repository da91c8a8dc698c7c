/// One player's result of the readiness check just taken, read against their own earlier checks in
/// the same posture: for the coach's screen and the wall's team grid.
public struct ReadinessResult: Sendable, Equatable {
    public var playerID: Int64
    public var name: String
    public var number: Int
    /// ln(RMSSD in ms) of the clean RR of the check's last two minutes; nil: too little clean RR.
    public var lnRMSSD: Double?
    public var restingBPM: Double?
    /// The share of the check's beats the artefact correction changed, percent.
    public var correctedPercent: Double?
    /// Within, below or above the normal range, or building a baseline.
    public var status: SeasonWord
    /// The 7-day baseline and the normal range it is read against (nil while building a baseline).
    public var baseline: Double?
    public var normalLow: Double?
    public var normalHigh: Double?

    public init(playerID: Int64, name: String, number: Int, lnRMSSD: Double?, restingBPM: Double?, correctedPercent: Double?,
                status: SeasonWord, baseline: Double? = nil, normalLow: Double? = nil, normalHigh: Double? = nil) {
        self.playerID = playerID
        self.name = name
        self.number = number
        self.lnRMSSD = lnRMSSD
        self.restingBPM = restingBPM
        self.correctedPercent = correctedPercent
        self.status = status
        self.baseline = baseline
        self.normalLow = normalLow
        self.normalHigh = normalHigh
    }
}

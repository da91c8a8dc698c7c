/// The numbers review shows for one player in one session. Filled from the session's
/// analysis (`Analytics`, through `SessionReview`), never computed here: the review, every
/// export and `record`'s summary are one analysis, so they cannot disagree.
public struct SessionDigest: Sendable, Equatable {
    public var samples: Int
    /// Time covered by plausible samples with skin contact, up to the effort's end.
    public var signalMs: Int64
    public var averageBPM: Double?
    public var minBPM: Int?
    public var maxBPM: Int?
    public var peakPercentOfMax: Double?
    /// Milliseconds in zones rest, 1…5 (index = zone raw value) under the session's zone model.
    public var zoneMs: [Int64]
    public var kcal: Double?
    public var banisterTRIMP: Double?
    public var effortPoints: Double?
    /// Drop in the minute after the effort (bpm).
    public var recoveryBPM: Double?
    /// What the HRV figures are over: a stated window ("recovery minute", "first 5 min", a readiness
    /// check's "last 2 min"), never the whole session with its exercise.
    public var hrvWindow: String?
    /// HRV of the corrected NN intervals in that window (nil: too few beats).
    public var rmssdMs: Double?
    public var sdnnMs: Double?
    /// Standard deviation of successive differences.
    public var sdsdMs: Double?
    /// Share of successive differences over 50 ms, percent.
    public var pnn50: Double?
    /// LF/HF power ratio; nil when no stretch of clean beats is long enough (about 2 minutes).
    public var lfHfRatio: Double?
    /// Share of the recorded RR intervals the artefact correction changed, percent; nil without RR.
    public var correctedBeatsPercent: Double?

    public init(samples: Int = 0, signalMs: Int64 = 0, averageBPM: Double? = nil, minBPM: Int? = nil, maxBPM: Int? = nil,
                peakPercentOfMax: Double? = nil, zoneMs: [Int64] = Array(repeating: 0, count: HeartRateZone.allCases.count),
                kcal: Double? = nil, banisterTRIMP: Double? = nil, effortPoints: Double? = nil,
                recoveryBPM: Double? = nil, hrvWindow: String? = nil, rmssdMs: Double? = nil, sdnnMs: Double? = nil,
                sdsdMs: Double? = nil, pnn50: Double? = nil, lfHfRatio: Double? = nil, correctedBeatsPercent: Double? = nil) {
        self.samples = samples
        self.signalMs = signalMs
        self.averageBPM = averageBPM
        self.minBPM = minBPM
        self.maxBPM = maxBPM
        self.peakPercentOfMax = peakPercentOfMax
        self.zoneMs = zoneMs
        self.kcal = kcal
        self.banisterTRIMP = banisterTRIMP
        self.effortPoints = effortPoints
        self.recoveryBPM = recoveryBPM
        self.hrvWindow = hrvWindow
        self.rmssdMs = rmssdMs
        self.sdnnMs = sdnnMs
        self.sdsdMs = sdsdMs
        self.pnn50 = pnn50
        self.lfHfRatio = lfHfRatio
        self.correctedBeatsPercent = correctedBeatsPercent
    }
}

import Localization
/// HRV over one stretch of a session: the whole session or a chosen window.
public struct HRVSummary: Sendable, Equatable {
    public var window: HRVWindow
    public var timeDomain: Metric<TimeDomainHRV>
    public var frequencyDomain: Metric<FrequencyDomainHRV>

    public init(window: HRVWindow, series: NNSeries) {
        self.window = window
        let part = series.window(fromMs: Double(window.fromMs), toMs: Double(window.toMs))
        timeDomain = TimeDomainHRV.compute(part)
        frequencyDomain = FrequencyDomainHRV.compute(part)
    }

    /// A summary computed earlier (`RecordingFigures`).
    public init(window: HRVWindow, timeDomain: Metric<TimeDomainHRV>, frequencyDomain: Metric<FrequencyDomainHRV>) {
        self.window = window
        self.timeDomain = timeDomain
        self.frequencyDomain = frequencyDomain
    }
}

/// A span of a session to compute HRV over, e.g. a 5-minute rest before the drills.
public struct HRVWindow: Sendable, Equatable {
    public var label: String
    public var fromMs: Int64
    public var toMs: Int64

    public init(label: String, fromMs: Int64, toMs: Int64) {
        self.label = label
        self.fromMs = fromMs
        self.toMs = toMs
    }

    public static let wholeSession = HRVWindow(label: "session", fromMs: .min / 2, toMs: .max / 2)

    /// The first five minutes: the rest the coach asks for before a session.
    public static let firstFiveMinutes = HRVWindow(label: N_("first 5 min"), fromMs: 0, toMs: 300_000)
}

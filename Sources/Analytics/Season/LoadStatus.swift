import Localization
import TeamCore

/// Polar Training Load Pro's cardio load status: Strain (mean daily load, 7 days) against Tolerance
/// (mean daily load, 28 days). Words as Polar uses them; "building baseline" until 28 days of history.
public enum LoadStatus: String, Sendable, Equatable, CaseIterable {
    case buildingBaseline = "building baseline"
    case detraining, maintaining, productive, overreaching

    /// The word as shown (a message: the kiosk draws it translated; the raw value stays for JSON).
    public var label: String {
        switch self {
        case .buildingBaseline: N_("building baseline")
        case .detraining: N_("detraining")
        case .maintaining: N_("maintaining")
        case .productive: N_("productive")
        case .overreaching: N_("overreaching")
        }
    }
}

/// Where Strain ÷ Tolerance changes its word (docs/ANALYTICS.md cites the source); a club may move them.
public struct LoadStatusThresholds: Sendable, Equatable {
    /// Below this ratio: detraining.
    public var maintainingFrom: Double
    /// From here: productive.
    public var productiveFrom: Double
    /// Above this: overreaching.
    public var overreachingAbove: Double

    public init(maintainingFrom: Double = 0.8, productiveFrom: Double = 1.0, overreachingAbove: Double = 1.5) {
        self.maintainingFrom = maintainingFrom
        self.productiveFrom = productiveFrom
        self.overreachingAbove = overreachingAbove
    }

    public static let polar = LoadStatusThresholds()

    /// Whether the thresholds rise (a hand-edited setting might not).
    public var isValid: Bool { 0 < maintainingFrom && maintainingFrom <= productiveFrom && productiveFrom <= overreachingAbove }

    public func status(ratio: Double) -> LoadStatus {
        if ratio > overreachingAbove { return .overreaching }
        if ratio >= productiveFrom { return .productive }
        if ratio >= maintainingFrom { return .maintaining }
        return .detraining
    }
}

/// Acute:chronic workload ratio bands, as *guidance*: the bands come from Gabbett (2016) and are
/// disputed (Impellizzeri et al. 2020), so they are never shown as a risk diagnosis.
public enum ACWRBand: String, Sendable, Equatable {
    case low = "below 0.8"
    case moderate = "0.8–1.3"
    case high = "1.3–1.5"
    case veryHigh = "above 1.5"

    public init(ratio: Double) {
        switch ratio {
        case ..<0.8: self = .low
        case ...1.3: self = .moderate
        case ...1.5: self = .high
        default: self = .veryHigh
        }
    }
}

extension LoadStatusThresholds {
    /// The club's thresholds as the settings keep them (Polar's unless changed).
    public init(settings: KioskSettings) {
        let r = settings.loadStatusRatios.count == 3 ? settings.loadStatusRatios : KioskSettings.polarLoadStatusRatios
        self.init(maintainingFrom: r[0], productiveFrom: r[1], overreachingAbove: r[2])
    }
}

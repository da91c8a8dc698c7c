import Foundation
import Localization
import TeamCore

/// One player's result of one readiness check: a short resting measurement of the whole team,
/// taken in one posture, its lnRMSSD from the clean RR of the check's last two minutes.
public struct ReadinessCheck: Sendable, Equatable {
    public var sessionID: Int64
    public var day: CalendarDay
    /// "lying", "sitting" or "standing": only checks in the same posture compare.
    public var posture: String
    /// ln(RMSSD in ms); nil when the RR was too short or too broken to tell.
    public var lnRMSSD: Double?
    public var restingBPM: Double?
    /// The share of beats the artefact correction replaced, 0…1.
    public var correctedShare: Double?

    public init(sessionID: Int64, day: CalendarDay, posture: String, lnRMSSD: Double?, restingBPM: Double? = nil, correctedShare: Double? = nil) {
        self.sessionID = sessionID
        self.day = day
        self.posture = posture
        self.lnRMSSD = lnRMSSD
        self.restingBPM = restingBPM
        self.correctedShare = correctedShare
    }
}

/// Where a check's 7-day baseline stands against the player's normal range.
public enum ReadinessStatus: String, Sendable, Equatable, CaseIterable {
    case buildingBaseline = "building baseline"
    case within, below, above

    /// The word as shown (a message: the kiosk draws it translated; the raw value stays for JSON).
    public var label: String {
        switch self {
        case .buildingBaseline: N_("building baseline")
        case .within: N_("within")
        case .below: N_("below")
        case .above: N_("above")
        }
    }
}

/// A check read against the player's own history (docs/ANALYTICS.md: Plews et al. 2012; Buchheit 2014).
public struct ReadinessAssessment: Sendable, Equatable {
    public var check: ReadinessCheck
    /// Mean lnRMSSD of the days with a comparable check in the 7 days ending on the check's day.
    public var baseline: Double?
    /// The normal range: mean ± ½ SD (the smallest worthwhile change) of the comparable days in the
    /// 60 days ending on the check's day; nil while building a baseline.
    public var normalLow: Double?
    public var normalHigh: Double?
    /// Days with a comparable check in those 60 days.
    public var comparableDays: Int
    public var status: ReadinessStatus
}

public enum Readiness {
    /// lnRMSSD comes from the check's last two minutes.
    public static let windowMs = ReadinessCheckPlan.measuredMs
    public static let windowLabel = N_("last 2 min")
    public static let baselineDays = 7
    public static let rangeDays = 60
    /// Fewer comparable days than this: "building baseline".
    public static let minimumDays = 5
    /// The normal range's half-width in standard deviations (the smallest worthwhile change).
    public static let rangeSDs = 0.5

    /// Reads `check` against `history` (the player's checks, any order, `check` among them or not).
    /// One value a day: a day's last check (the highest session id) counts.
    public static func assess(_ check: ReadinessCheck, history: [ReadinessCheck]) -> ReadinessAssessment {
        var byDay: [Int: ReadinessCheck] = [:]
        for c in history + [check] where c.posture == check.posture && c.lnRMSSD != nil && c.day <= check.day
                                         && c.day.dayNumber > check.day.dayNumber - rangeDays {
            if let kept = byDay[c.day.dayNumber], kept.sessionID >= c.sessionID { continue }
            byDay[c.day.dayNumber] = c
        }
        let values = byDay.values.compactMap(\.lnRMSSD)
        let recent = byDay.filter { $0.key > check.day.dayNumber - baselineDays }.values.compactMap(\.lnRMSSD)
        var result = ReadinessAssessment(check: check, baseline: nil, normalLow: nil, normalHigh: nil,
                                         comparableDays: values.count, status: .buildingBaseline)
        guard check.lnRMSSD != nil, values.count >= minimumDays, !recent.isEmpty else { return result }
        let mean = values.reduce(0, +) / Double(values.count)
        let sd = (values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count - 1)).squareRoot()
        let baseline = recent.reduce(0, +) / Double(recent.count)
        result.baseline = baseline
        result.normalLow = mean - rangeSDs * sd
        result.normalHigh = mean + rangeSDs * sd
        result.status = baseline < mean - rangeSDs * sd ? .below : baseline > mean + rangeSDs * sd ? .above : .within
        return result
    }

    /// ln(RMSSD) of an RMSSD in milliseconds; nil for none.
    public static func lnRMSSD(_ rmssdMs: Double?) -> Double? {
        guard let rmssdMs, rmssdMs > 0, rmssdMs.isFinite else { return nil }
        return log(rmssdMs)
    }
}

import Analytics
import Foundation
import TeamCore

/// The season's numbers as JSON objects (numbers unrounded, words lowercase as the analysis names
/// them, null for none): `sideline season --json`, `sideline readiness --json` and a player's own data.
public enum SeasonJSON {
    /// A row of the season table.
    public static func row(_ r: SeasonRow) -> [String: Any] {
        var out = figures(r)
        out["playerID"] = r.playerID
        out["name"] = r.name
        out["number"] = r.number
        return out
    }

    /// A row's figures on its day, without who it is.
    public static func figures(_ r: SeasonRow) -> [String: Any] {
        let f = r.figures
        return ["loadToday": f.load, "strain": f.strain, "tolerance": f.tolerance,
                "loadStatus": f.status.rawValue, "acwrEwma": value(f.acwrEWMA), "acwrRolling": value(f.acwrRolling),
                "acuteEwma": f.acuteEWMA, "chronicEwma": f.chronicEWMA,
                "readiness": r.readiness.map { $0.status.rawValue as Any } ?? NSNull(),
                "readinessCheck": r.readiness.map { readiness($0) as Any } ?? NSNull(),
                "lastSession": r.lastSession.map { $0.description as Any } ?? NSNull(),
                "srpeLoadToday": r.srpe.today, "srpeWeek": r.srpe.week.load, "srpeMonotony": value(r.srpe.week.monotony),
                "srpeStrain": value(r.srpe.week.strain), "srpeRatedSessions": r.srpe.ratedSessions,
                "srpeUnratedSessions": r.srpe.unratedSessions, "trimpToSrpeWeek": value(r.srpe.trimpToSRPE),
                "hrex": value(r.fitness?.result.hrex), "fitnessTest": r.fitness.map { fitness($0) as Any } ?? NSNull()]
            .merging(wellness(r.wellness).filter { $0.key.hasPrefix("wellness") }) { a, _ in a }
    }

    /// One fitness test of a player's against their previous one of the same protocol (`sideline fitness --json`; a
    /// season row carries the latest): HRex (% HRmax) and HRR60 (bpm), the change in HRex, and whether it is beyond the
    /// typical error ("better", "worse", "within"; null for a first test).
    public static func fitness(_ a: FitnessAssessment) -> [String: Any] {
        ["sessionID": a.result.sessionID, "date": a.result.day.description, "protocol": a.result.protocolKey,
         "hrex": value(a.result.hrex), "hrr60": value(a.result.hrr60), "previousSessionID": a.previous.map { $0.sessionID as Any } ?? NSNull(),
         "hrexChange": value(a.hrexChange), "change": a.change.map { $0.rawValue as Any } ?? NSNull(),
         "typicalError": FitnessTest.typicalErrorPoints]
    }

    /// A day's wellness as JSON (null when not answered): the answers, each item's and the total's
    /// value, mean, SD, z and drop, unrounded (`sideline wellness --json`); a season row carries its
    /// total, z and flag.
    public static func wellness(_ day: WellnessDay?) -> [String: Any] {
        func value(_ x: Double?) -> Any { x.map { $0 as Any } ?? NSNull() }
        func score(_ s: WellnessScore) -> [String: Any] {
            ["value": s.value, "mean": value(s.mean), "sd": value(s.sd), "z": value(s.z), "dropped": s.dropped]
        }
        guard let day else {
            return ["answered": false, "wellnessTotal": NSNull(), "wellnessZ": NSNull(), "wellnessFlagged": NSNull(), "items": NSNull(),
                    "total": NSNull(), "baselineAnswers": NSNull()]
        }
        var items: [String: Any] = [:]
        for item in WellnessItem.allCases {
            var out = score(day.score(item))
            out["words"] = item.words(day.answers[item]) ?? ""
            items[item.rawValue] = out
        }
        return ["answered": true, "wellnessTotal": day.total.value, "wellnessZ": value(day.total.z), "wellnessFlagged": day.flagged,
                "items": items, "total": score(day.total), "baselineAnswers": day.baselineAnswers]
    }

    /// One player's readiness check and its reading against their history.
    public static func readiness(_ a: ReadinessAssessment) -> [String: Any] {
        ["sessionID": a.check.sessionID, "date": a.check.day.description, "posture": a.check.posture,
         "lnRMSSD": value(a.check.lnRMSSD), "restingBPM": value(a.check.restingBPM), "correctedShare": value(a.check.correctedShare),
         "status": a.status.rawValue, "baseline": value(a.baseline), "normalLow": value(a.normalLow),
         "normalHigh": value(a.normalHigh), "comparableDays": a.comparableDays]
    }

    static func value(_ x: Double?) -> Any { x.map { $0 as Any } ?? NSNull() }
}

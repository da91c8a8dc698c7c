import Analytics
import Foundation

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
                "srpeUnratedSessions": r.srpe.unratedSessions, "trimpToSrpeWeek": value(r.srpe.trimpToSRPE)]
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

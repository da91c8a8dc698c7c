import AppCore
import Foundation
import TeamCore

/// The season screens' and the readiness check's state as JSON, for the state dump: every number
/// unrounded, every word as shown.
enum SeasonDump {
    static func season(_ season: Season) -> [String: Any] {
        ["sort": season.sort.rawValue, "descending": season.descending,
         "day": season.table.map { day($0.day) as Any } ?? NSNull(),
         "lines": season.table.map { $0.lines.map(line) as Any } ?? NSNull(),
         "shown": season.shownLines.map(\.playerID),
         "historyPlayer": season.historyPlayerID.map { $0 as Any } ?? NSNull(),
         "history": season.history.map { history($0) as Any } ?? NSNull()]
    }

    static func plan(_ plan: ReadinessCheckPlan) -> Any {
        ["lengthMs": plan.lengthMs, "posture": plan.posture.rawValue] as [String: Any]
    }

    static func plan(_ plan: FitnessTestPlan) -> Any {
        ["runMs": plan.runMs, "speedKmh": plan.speedKmh, "shuttleMetres": plan.shuttleMetres, "beepIntervalMs": plan.beepIntervalMs] as [String: Any]
    }

    static func result(_ r: ReadinessResult) -> [String: Any] {
        ["playerID": r.playerID, "name": r.name, "number": r.number, "lnRMSSD": value(r.lnRMSSD), "restingBPM": value(r.restingBPM),
         "correctedPercent": value(r.correctedPercent), "status": word(r.status), "baseline": value(r.baseline),
         "normalLow": value(r.normalLow), "normalHigh": value(r.normalHigh)]
    }

    private static func line(_ l: SeasonLine) -> [String: Any] {
        ["playerID": l.playerID, "name": l.name, "number": l.number, "loadToday": l.loadToday, "strain": l.strain,
         "tolerance": l.tolerance, "status": word(l.status), "acwr": value(l.acwr), "readiness": word(l.readiness),
         "lastSession": l.lastSession.map { day($0) as Any } ?? NSNull(), "srpeToday": l.srpeToday, "srpeWeek": l.srpeWeek,
         "wellness": l.wellness.map { wellness($0) as Any } ?? NSNull()]
    }

    private static func wellness(_ w: WellnessFigure) -> [String: Any] {
        ["day": w.dayNumber, "total": w.total, "z": value(w.z), "flagged": w.flagged, "mean": value(w.mean), "sd": value(w.sd),
         "dropped": w.droppedItems]
    }

    private static func history(_ h: PlayerHistory) -> [String: Any] {
        ["playerID": h.playerID, "line": line(h.line),
         "days": h.days.map { ["day": $0.dayNumber, "load": $0.load, "strain": $0.strain, "tolerance": $0.tolerance,
                               "srpe": $0.srpe, "trimpToSrpe": value($0.trimpToSRPE)] as [String: Any] },
         "weeks": h.weeks.map { ["lastDay": day($0.lastDay), "zoneMs": $0.zoneMs, "load": $0.load, "monotony": value($0.monotony)] as [String: Any] },
         "recoveries": h.recoveries.map { ["day": $0.dayNumber, "bpm": $0.value] },
         "checkPosture": h.checkPosture.map { $0 as Any } ?? NSNull(),
         "checks": h.checks.map { ["day": $0.dayNumber, "lnRMSSD": $0.lnRMSSD, "normalLow": value($0.normalLow),
                                   "normalHigh": value($0.normalHigh), "status": word($0.status)] as [String: Any] },
         "sessions": h.sessions.map { ["sessionID": $0.sessionID, "team": $0.teamName, "day": day($0.day), "tags": $0.tags,
                                       "load": value($0.load), "lnRMSSD": value($0.lnRMSSD), "rpe": $0.rpe.map { $0 as Any } ?? NSNull(),
                                       "srpeLoad": value($0.srpeLoad), "hrex": value($0.hrex),
                                       "hrexChange": $0.hrexChange.map { word($0) } ?? NSNull()] as [String: Any] },
         "wellness": h.wellness.map(wellness)]
    }

    private static func word(_ w: SeasonWord) -> [String: Any] { ["text": w.text, "tone": w.tone.rawValue] }

    private static func day(_ d: SeasonDay) -> [String: Any] { ["dayNumber": d.dayNumber, "label": d.label] }

    private static func value(_ x: Double?) -> Any { x.map { $0 as Any } ?? NSNull() }
}

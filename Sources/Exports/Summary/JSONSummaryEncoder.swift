import Analytics
import Foundation
import TeamCore

/// The whole analysis as JSON for other tools: every number of the review
/// screens. A number without enough data is `null`, with the reason beside it
/// under "notEnoughData" — never NaN, which JSON cannot carry. When the session's UUIDs are known
/// (a club's bundle), "sessionUUID" and each player's "playerUUID" name them beside the numbers.
public enum JSONSummaryEncoder {
    public static func encode(_ context: AnalysedSession, rankedBy key: RankKey = .banisterTRIMP) throws -> Data {
        let a = context.analysis
        var root: [String: Any] = [
            "format": "sideline-session-summary/1",
            "team": context.teamName,
            "sessionID": a.session.id,
            "startedAt": ISOTime.string(unixMs: a.session.startedAt.unixMs),
            "durationSeconds": Double(a.durationMs) / 1000,
            "effortEndSeconds": Double(a.effortEndMs) / 1000,
            "zoneModel": a.zoneModel.rawValue,
            "tags": a.session.tags,
            // Its drills and interval blocks (decision 077); each player's figures over them under "phases".
            "phases": a.phases.map(DrillJSON.phase),
            "rankedBy": key.rawValue,
            "players": a.ranked(by: key).enumerated().map { player($1, rank: $0 + 1, context: context) },
        ]
        if let uuids = context.uuids { root["sessionUUID"] = uuids.session.uuidString.lowercased() }
        // A fitness test: the protocol it ran and each player's HRex (% HRmax; null for a run cut short or too little signal).
        if let plan = FitnessTestPlan(session: a.session) {
            root["fitnessTest"] = ["runSeconds": Double(plan.runMs) / 1000, "speedKmh": plan.speedKmh, "shuttleMetres": plan.shuttleMetres,
                                   "beepSeconds": Double(plan.beepIntervalMs) / 1000, "protocol": FitnessTest.protocolKey(plan)] as [String: Any]
            let hrex = FitnessTest.hrex(of: a)
            root["players"] = (root["players"] as? [[String: Any]] ?? []).map { player in
                var player = player
                player["hrex"] = (player["playerID"] as? Int64).flatMap { hrex[$0] } ?? NSNull()
                return player
            }
        }
        return try JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys])
    }

    private static func player(_ p: PlayerAnalysis, rank: Int, context: AnalysedSession) -> [String: Any] {
        var reasons: [String: String] = [:]
        var out: [String: Any] = [
            "rank": rank, "playerID": p.playerID, "name": context.name(of: p), "shirtNumber": p.shirtNumber,
            "physiology": [
                "age": p.physiology.age, "sex": p.physiology.sex.rawValue, "weightKg": p.physiology.weightKg,
                "restingHR": p.physiology.restingHR, "maxHR": p.physiology.maxHR, "maxHRSource": p.physiology.maxSource.rawValue,
                "heartRateReserve": p.zoneBounds.heartRateReserve,
                "zoneStartsPercentOfMax": p.zoneBounds.percentOfMax, "zoneStartsHeartRateReserve": p.zoneBounds.heartRateReserveStarts,
            ] as [String: Any],
            "session": stats(p.stats, recovery: p.recoveryBPM, reasons: &reasons, prefix: ""),
            "laps": p.laps.map { lap -> [String: Any] in
                var lapReasons: [String: String] = [:]
                var s = stats(lap.stats, recovery: lap.recoveryBPM, reasons: &lapReasons, prefix: "")
                s["number"] = lap.number
                s["label"] = lap.label ?? NSNull()
                s["fromSeconds"] = Double(lap.fromMs) / 1000
                s["toSeconds"] = Double(lap.toMs) / 1000
                s["notEnoughData"] = lapReasons
                return s
            },
            "phases": p.phases.map { phase -> [String: Any] in
                var phaseReasons: [String: String] = [:]
                var s = stats(phase.stats, recovery: nil, reasons: &phaseReasons, prefix: "")
                s.merge(DrillJSON.phase(phase.phase)) { a, _ in a }
                s["notEnoughData"] = phaseReasons
                return s
            },
            "rr": [
                "recorded": p.rr.recorded, "rejected": p.rr.rejected, "implausible": p.rr.implausible, "stretches": p.rr.stretches,
                "corrected": p.rr.corrected, "extra": p.rr.extra, "missed": p.rr.missed,
                "ectopic": p.rr.ectopic, "longShort": p.rr.longShort, "passes": p.rr.passes,
            ],
            "hrv": p.hrv.map { hrv(for: $0) },
            // What the review's HRV panel shows: HRV over a stated window (a readiness check's last
            // two minutes, the recovery minute, or the first five), not over the exercise.
            "reportedHRV": hrv(for: p.reportedHRV),
        ]
        out["notEnoughData"] = reasons
        // The player's own rating (session RPE) and its load; null: not rated.
        let rating = context.ratings[p.playerID]
        out["rpe"] = rating.map { ["value": $0.rpe, "byCoach": $0.byCoach, "ratedAt": ISOTime.string(unixMs: $0.ratedAt.unixMs)] as [String: Any] }
            ?? NSNull()
        out["srpeLoad"] = context.srpeLoad(of: p) ?? NSNull()
        if let uuid = context.uuids?.players[p.playerID] { out["playerUUID"] = uuid.uuidString.lowercased() }
        return out
    }

    private static func stats(_ s: HeartRateStats, recovery: Metric<Double>?, reasons: inout [String: String], prefix: String) -> [String: Any] {
        func number(_ name: String, _ m: Metric<Double>) -> Any {
            if case .notEnoughData(let why) = m { reasons[name] = why.rawValue }
            return m.value ?? NSNull()
        }
        func integer(_ name: String, _ m: Metric<Int>) -> Any {
            if case .notEnoughData(let why) = m { reasons[name] = why.rawValue }
            return m.value ?? NSNull()
        }
        let zoneNames = HeartRateZone.allCases.map { $0 == .rest ? "rest" : "z\($0.rawValue)" }
        return [
            "samples": s.sampleCount,
            "signalSeconds": Double(s.signalMs) / 1000,
            "avgBPM": number("avgBPM", s.averageBPM), "minBPM": integer("minBPM", s.minBPM), "maxBPM": integer("maxBPM", s.maxBPM),
            "peakPercentOfMax": number("peakPercentOfMax", s.peakPercentOfMax),
            "zoneSecondsPercentOfMax": Dictionary(uniqueKeysWithValues: zip(zoneNames, s.zonesOfMax.ms.map { Double($0) / 1000 })),
            "zoneSecondsHeartRateReserve": Dictionary(uniqueKeysWithValues: zip(zoneNames, s.zonesOfReserve.ms.map { Double($0) / 1000 })),
            "kcal": number("kcal", s.kcal), "trimpBanister": number("trimpBanister", s.banisterTRIMP),
            "trimpEdwards": number("trimpEdwards", s.edwardsTRIMP), "effortPoints": number("effortPoints", s.effortPoints),
            "highIntensitySeconds": Double(s.highIntensityMs) / 1000,
            "highIntensityPercent": number("highIntensityPercent", s.highIntensityPercent),
        ].merging(recovery.map { ["recovery60sBPM": number("recovery60sBPM", $0)] } ?? [:]) { a, _ in a }
    }

    private static func hrv(for h: HRVSummary) -> [String: Any] {
        var out: [String: Any] = ["window": h.window.label]
        if h.window != .wholeSession {
            out["fromSeconds"] = Double(h.window.fromMs) / 1000
            out["toSeconds"] = Double(h.window.toMs) / 1000
        }
        var reasons: [String: String] = [:]
        switch h.timeDomain {
        case .value(let t):
            out["time"] = ["beats": t.beats, "meanNNMs": t.meanNNMs, "sdnnMs": t.sdnnMs, "rmssdMs": t.rmssdMs,
                           "sdsdMs": t.sdsdMs, "pnn50": t.pnn50] as [String: Any]
        case .notEnoughData(let why):
            out["time"] = NSNull(); reasons["time"] = why.rawValue
        }
        switch h.frequencyDomain {
        case .value(let f):
            out["frequency"] = ["lfMs2": f.lfPowerMs2, "hfMs2": f.hfPowerMs2, "lfHf": f.lfHfRatio,
                                "welchWindows": f.windows, "welchWindowSeconds": f.windowSeconds] as [String: Any]
        case .notEnoughData(let why):
            out["frequency"] = NSNull(); reasons["frequency"] = why.rawValue
        }
        out["notEnoughData"] = reasons
        return out
    }
}

import Analytics
import ClubProtocol
import Foundation
import TeamCore

/// `GET /api/v1/sessions/{uuid}`: a stored session as one JSON document, from the same analysis the
/// kiosk's review runs. The one function to change when the export module's JSON (the document
/// `sideline export --format json` writes) becomes the server's: it receives the whole analysis input.
public enum SessionDocument {
    /// The document's layout and the analysis behind it: a new version makes every cached document stale.
    public static let algorithm = "sideline-club-session/1 analytics/2026-11"

    public static func json(for source: BundleAnalysisInput) throws -> Data {
        let analysis = SessionAnalysis(source.input)
        let session = source.input.session
        let players: [[String: Any]] = analysis.players.map { p in
            let who = source.identities.players[p.playerID]
            let zones = HeartRateZone.allCases.map { $0 == .rest ? "rest" : "z\($0.rawValue)" }
            return [
                "playerUUID": who?.uuid.uuidString.lowercased() ?? "",
                "name": who?.fullName ?? "",
                "shirtNumber": p.shirtNumber,
                "samples": p.stats.sampleCount,
                "avgBPM": p.stats.averageBPM.value ?? NSNull(),
                "minBPM": p.stats.minBPM.value ?? NSNull(),
                "maxBPM": p.stats.maxBPM.value ?? NSNull(),
                "peakPercentOfMax": p.stats.peakPercentOfMax.value ?? NSNull(),
                "kcal": p.stats.kcal.value ?? NSNull(),
                "trimpBanister": p.stats.banisterTRIMP.value ?? NSNull(),
                "trimpEdwards": p.stats.edwardsTRIMP.value ?? NSNull(),
                "effortPoints": p.stats.effortPoints.value ?? NSNull(),
                "recovery60sBPM": p.recoveryBPM.value ?? NSNull(),
                "zoneSecondsPercentOfMax": Dictionary(uniqueKeysWithValues: zip(zones, p.stats.zonesOfMax.ms.map { Double($0) / 1000 })),
                "rrRecorded": p.rr.recorded,
            ]
        }
        let root: [String: Any] = [
            "format": "sideline-club-session/1",
            "uuid": source.identities.sessionUUID.uuidString.lowercased(),
            "team": source.identities.teamName,
            "teamUUID": source.identities.teamUUID.uuidString.lowercased(),
            "startedAt": ISOTime.string(unixMs: Int64((session.startedAt.timeIntervalSince1970 * 1000).rounded())),
            "durationSeconds": Double(analysis.durationMs) / 1000,
            "effortEndSeconds": Double(analysis.effortEndMs) / 1000,
            "zoneModel": analysis.zoneModel.rawValue,
            "tags": session.tags,
            "teamAverageBPM": analysis.teamAverageBPM ?? NSNull(),
            "players": players,
        ]
        return try JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys])
    }
}

import Analytics
import ClubStorage
import Foundation
import TeamCore

/// A session's drills as its document (the JSON summary, `phases`) gives them, each player's numbers read back
/// into `HeartRateStats`, so the page's figures, the team's mean and the week-by-week pooling are Analytics'
/// own (`DrillFigures`, `TeamDrillFigures`, `DrillSeason`) — one definition for the kiosk, the command line and
/// the web.
struct DocumentDrills {
    struct Player {
        var uuid: String
        var name: String
        var number: Int
        var stats: HeartRateStats
    }

    struct Drill {
        var phase: SessionPhase
        /// In shirt-number order.
        var players: [Player]
    }

    var zoneModel: ZoneModel
    var drills: [Drill]

    init(_ data: Data) throws {
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any] else { throw ClubError.unprocessable("the session's document is not an object") }
        zoneModel = ZoneModel(rawValue: root["zoneModel"] as? String ?? "") ?? .percentOfMax
        func n(_ d: [String: Any], _ k: String) -> Double? { (d[k] as? NSNumber)?.doubleValue }
        let phases = (root["phases"] as? [[String: Any]] ?? []).enumerated().filter { ($0.element["kind"] as? String) == SessionPhase.Kind.drill.rawValue }
        let players = (root["players"] as? [[String: Any]] ?? []).sorted { (n($0, "shirtNumber") ?? 0) < (n($1, "shirtNumber") ?? 0) }
        drills = phases.map { index, p in
            let phase = SessionPhase(kind: .drill, name: p["name"] as? String ?? "", fromMs: Int64(((n(p, "fromSeconds") ?? 0) * 1000).rounded()),
                                     toMs: Int64(((n(p, "toSeconds") ?? 0) * 1000).rounded()))
            return Drill(phase: phase, players: players.map { player in
                let own = (player["phases"] as? [[String: Any]]).flatMap { index < $0.count ? $0[index] : nil } ?? [:]
                return Player(uuid: player["playerUUID"] as? String ?? "", name: player["name"] as? String ?? "",
                              number: Int(n(player, "shirtNumber") ?? 0), stats: Self.stats(own))
            })
        }
    }

    /// The numbers of one phase of one player, as the document wrote them (`JSONSummaryEncoder`'s `stats`).
    static func stats(_ d: [String: Any]) -> HeartRateStats {
        func n(_ k: String) -> Double? { (d[k] as? NSNumber)?.doubleValue }
        func ms(_ seconds: Double?) -> Int64 { Int64(((seconds ?? 0) * 1000).rounded()) }
        var s = HeartRateStats()
        s.signalMs = ms(n("signalSeconds"))
        s.highIntensityMs = ms(n("highIntensitySeconds"))
        if let v = n("avgBPM") { s.averageBPM = .value(v) }
        if let v = n("maxBPM") { s.maxBPM = .value(Int(v)) }
        if let v = n("trimpBanister") { s.banisterTRIMP = .value(v) }
        for (key, model) in [("zoneSecondsPercentOfMax", ZoneModel.percentOfMax), ("zoneSecondsHeartRateReserve", .heartRateReserve)] {
            let seconds = d[key] as? [String: Any] ?? [:]
            var zones = ZoneTimes()
            for zone in HeartRateZone.allCases {
                zones[zone] = ms((seconds[zone == .rest ? "rest" : "z\(zone.rawValue)"] as? NSNumber)?.doubleValue)
            }
            if model == .percentOfMax { s.zonesOfMax = zones } else { s.zonesOfReserve = zones }
        }
        return s
    }
}

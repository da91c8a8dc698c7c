import Analytics
import Foundation
import Store
import TeamCore

/// Gathers what the review screen shows for one session: every player's
/// series and digest, the laps, and each player's previous session for comparison.
struct ReviewLoader {
    let store: SidelineStore
    let model: ZoneModel

    func load(sessionID: Int64) throws -> ReviewData {
        let session = try store.session(sessionID)
        let players = try store.sessionPlayers(sessionID)
        let samples = Dictionary(grouping: try store.samples(sessionID), by: \.playerID)
        let laps = try store.laps(sessionID).map(\.tMs)
        let earlier = try store.sessions(teamID: session.teamID)
            .filter { $0.session.startedAt < session.startedAt && $0.session.state != .running && $0.session.state != .paused }
        let rr = Dictionary(grouping: try store.rrIntervals(sessionID), by: \.playerID)
        let analysis = SessionAnalysis(SessionInput(session: session, players: players, samples: samples, rrIntervals: rr,
                                                    laps: try store.laps(sessionID)))
        let figures = Dictionary(analysis.players.map { ($0.playerID, Self.figures($0)) }, uniquingKeysWith: { a, _ in a })
        var duration = KioskApp.durationMs(session)
        if let last = samples.values.compactMap({ $0.last?.tMs }).max() { duration = max(duration, last) }
        let review = try players.map { sp -> ReviewPlayer in
            let own = samples[sp.playerID] ?? []
            let valid = own.filter { $0.contact != .notDetected && SessionDigest.plausibleBPM.contains($0.bpm) }
            // The graph shows the recovery minute; the totals, like the analysis's, cover the effort.
            return ReviewPlayer(playerID: sp.playerID, name: try store.player(id: sp.playerID)?.fullName ?? "?",
                                shirtNumber: sp.shirtNumber, physiology: sp.physiology,
                                series: valid.map { SeriesPoint(tMs: $0.tMs, bpm: $0.bpm) },
                                digest: SessionDigest(samples: Self.effort(own, endingAt: analysis.totalsEndMs),
                                                      physiology: sp.physiology, model: model),
                                previous: try previous(of: sp.playerID, among: earlier),
                                analytics: figures[sp.playerID] ?? [])
        }
        return ReviewData(sessionID: sessionID, startedAt: session.startedAt, durationMs: duration, lapsMs: laps,
                          players: review.sorted { $0.shirtNumber < $1.shirtNumber }, effortEndMs: analysis.totalsEndMs)
    }

    /// The samples of the effort: those before its end when a recovery minute follows it.
    static func effort(_ samples: [Sample], endingAt end: Int64?) -> [Sample] {
        guard let end else { return samples }
        return samples.filter { $0.tMs < end }
    }

    /// The analytics module's numbers the player panel has room for.
    static func figures(_ p: PlayerAnalysis) -> [AnalyticsFigure] {
        func show(_ label: String, _ metric: Metric<Double>, _ format: String) -> AnalyticsFigure? {
            metric.value.map { AnalyticsFigure(label: label, value: String(format: format, $0)) }
        }
        let rmssd = p.hrv.first?.timeDomain.value.map { AnalyticsFigure(label: "RMSSD", value: String(format: "%.0f ms", $0.rmssdMs)) }
        return [show("TRIMP", p.stats.banisterTRIMP, "%.0f"), show("Effort points", p.stats.effortPoints, "%.0f"),
                p.recoveryBPM.value.map { AnalyticsFigure(label: "Recovery 1 min", value: recovery($0)) }, rmssd].compactMap { $0 }
    }

    /// "−29 bpm" for a heart rate that fell by 29 in the minute; "+3 bpm" if it rose.
    static func recovery(_ drop: Double) -> String {
        let bpm = Int(drop.rounded())
        return bpm > 0 ? "−\(bpm) bpm" : (bpm < 0 ? "+\(-bpm) bpm" : "0 bpm")
    }

    /// The player's most recent earlier session of this team.
    private func previous(of playerID: Int64, among earlier: [SessionOverview]) throws -> SessionDigest? {
        for overview in earlier {
            guard let id = overview.session.id,
                  let sp = try store.sessionPlayers(id).first(where: { $0.playerID == playerID }) else { continue }
            let own = Self.effort(try store.samples(id).filter { $0.playerID == playerID }, endingAt: overview.session.effortEndMs)
            guard !own.isEmpty else { continue }
            return SessionDigest(samples: own, physiology: sp.physiology, model: model)
        }
        return nil
    }
}

import Analytics
import Foundation
import Store
import TeamCore

/// Gathers what the review screen shows for one session: every player's
/// series and digest, the laps, and each player's previous session for comparison.
///
/// The analysis comes from `SessionReview.load`: rows read through SQLite's C API and
/// the NN series from the cache, so a 2-hour team session opens quickly on the kiosk.
/// Earlier sessions are read once each, not once per player.
public struct ReviewScreenLoader {
    let store: SidelineStore
    let model: ZoneModel

    public init(store: SidelineStore, model: ZoneModel) {
        self.store = store
        self.model = model
    }

    public func load(sessionID: Int64) throws -> ReviewData {
        let (context, samples) = try SessionReview.loadWithSamples(store: store, sessionID: sessionID)
        let analysis = context.analysis
        let session = analysis.session
        let players = try store.sessionPlayers(sessionID)
        let earlier = try store.sessions(teamID: session.teamID)
            .filter { $0.session.startedAt < session.startedAt && $0.session.state != .running && $0.session.state != .paused }
        let previous = try previousDigests(of: players.map(\.playerID), among: earlier)
        let figures = Dictionary(analysis.players.map { ($0.playerID, Self.figures($0)) }, uniquingKeysWith: { a, _ in a })
        var duration = Self.durationMs(session)
        if let last = samples.values.compactMap({ $0.last?.tMs }).max() { duration = max(duration, last) }
        let review = players.map { sp -> ReviewPlayer in
            let own = samples[sp.playerID] ?? []
            let valid = own.filter { $0.contact != .notDetected && SessionDigest.plausibleBPM.contains($0.bpm) }
            // The graph shows the recovery minute; the totals, like the analysis's, cover the effort.
            return ReviewPlayer(playerID: sp.playerID, name: context.playerNames[sp.playerID] ?? "?",
                                shirtNumber: sp.shirtNumber, physiology: sp.physiology,
                                series: valid.map { SeriesPoint(tMs: $0.tMs, bpm: $0.bpm) },
                                digest: SessionDigest(samples: Self.effort(own, endingAt: analysis.totalsEndMs),
                                                      physiology: sp.physiology, model: model),
                                previous: previous[sp.playerID],
                                analytics: figures[sp.playerID] ?? [])
        }
        return ReviewData(sessionID: sessionID, startedAt: session.startedAt, durationMs: duration,
                          lapsMs: try store.laps(sessionID).map(\.tMs),
                          players: review.sorted { $0.shirtNumber < $1.shirtNumber }, effortEndMs: analysis.totalsEndMs)
    }

    /// How long a session ran: to its end, else as planned.
    public static func durationMs(_ s: Session) -> Int64 {
        if let end = s.endedAt { return max(0, Int64(end.timeIntervalSince(s.startedAt) * 1000)) }
        return s.plannedDurationMs ?? 0
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

    /// Each player's digest of their most recent earlier session of this team that has
    /// samples of them. Sessions are visited newest first and each is read at most once.
    private func previousDigests(of playerIDs: [Int64], among earlier: [SessionOverview]) throws -> [Int64: SessionDigest] {
        var wanted = Set(playerIDs)
        var found: [Int64: SessionDigest] = [:]
        for overview in earlier where !wanted.isEmpty {
            guard let id = overview.session.id else { continue }
            let present = try store.sessionPlayers(id).filter { wanted.contains($0.playerID) }
            guard !present.isEmpty else { continue }
            let samples = try store.recordedSeries(id, includingRR: false).samples
            for sp in present {
                let own = Self.effort(samples[sp.playerID] ?? [], endingAt: overview.session.effortEndMs)
                guard !own.isEmpty else { continue }
                found[sp.playerID] = SessionDigest(samples: own, physiology: sp.physiology, model: model)
                wanted.remove(sp.playerID)
            }
        }
        return found
    }
}

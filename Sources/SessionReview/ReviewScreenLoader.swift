import Analytics
import Foundation
import Store
import TeamCore

/// Gathers what the review screen shows for one session: every player's
/// series and numbers, the laps, and each player's previous session for comparison.
///
/// Every number comes from the session's analysis (`SessionReview.load`), the one the
/// exports and `record`'s summary print, under the zone model and physiology the session
/// was recorded with — never today's settings. Rows are read through SQLite's C API and
/// the NN series from the cache, so a 2-hour team session opens quickly on the kiosk.
/// Earlier sessions are read once each, not once per player.
public struct ReviewScreenLoader {
    let store: SidelineStore

    public init(store: SidelineStore) {
        self.store = store
    }

    public func load(sessionID: Int64) throws -> ReviewData {
        let context = try SessionReview.load(store: store, sessionID: sessionID)
        let analysis = context.analysis
        let session = analysis.session
        let earlier = try store.sessions(teamID: session.teamID)
            .filter { $0.session.startedAt < session.startedAt && $0.session.state != .running && $0.session.state != .paused }
        let previous = try previousDigests(of: analysis.players.map(\.playerID), among: earlier)
        var duration = Self.durationMs(session)
        if let last = analysis.players.compactMap({ $0.track.tMs.last }).max() { duration = max(duration, last) }
        let review = analysis.players.map { p -> ReviewPlayer in
            // The graph shows every sample the analysis kept, the recovery minute included.
            ReviewPlayer(playerID: p.playerID, name: context.name(of: p), shirtNumber: p.shirtNumber, physiology: p.physiology,
                         series: zip(p.track.tMs, p.track.bpm).map { SeriesPoint(tMs: $0, bpm: $1) },
                         digest: Self.digest(p, model: analysis.zoneModel),
                         previous: previous[p.playerID],
                         analytics: Self.figures(p))
        }
        return ReviewData(sessionID: sessionID, startedAt: session.startedAt, durationMs: duration,
                          lapsMs: try store.laps(sessionID).map(\.tMs),
                          players: review.sorted { $0.shirtNumber < $1.shirtNumber }, effortEndMs: analysis.totalsEndMs,
                          zoneModel: analysis.zoneModel)
    }

    /// How long a session ran: to its end, else as planned.
    public static func durationMs(_ s: Session) -> Int64 {
        if let end = s.endedAt { return max(0, Int64(end.timeIntervalSince(s.startedAt) * 1000)) }
        return s.plannedDurationMs ?? 0
    }

    /// The analysis's session totals of one player, as review shows them.
    static func digest(_ p: PlayerAnalysis, model: ZoneModel) -> SessionDigest {
        let s = p.stats
        return SessionDigest(samples: s.sampleCount, signalMs: s.signalMs, averageBPM: s.averageBPM.value,
                             minBPM: s.minBPM.value, maxBPM: s.maxBPM.value, peakPercentOfMax: s.peakPercentOfMax.value,
                             zoneMs: s.zones(model).ms, kcal: s.kcal.value, banisterTRIMP: s.banisterTRIMP.value,
                             effortPoints: s.effortPoints.value, recoveryBPM: p.recoveryBPM.value,
                             rmssdMs: p.hrv.first?.timeDomain.value?.rmssdMs)
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

    /// Each player's numbers in their most recent earlier session of this team that has
    /// samples of them, by the same analysis (heart rates only: the comparison shows none of
    /// the HRV). Sessions are visited newest first and each is read at most once.
    private func previousDigests(of playerIDs: [Int64], among earlier: [SessionOverview]) throws -> [Int64: SessionDigest] {
        var wanted = Set(playerIDs)
        var found: [Int64: SessionDigest] = [:]
        for overview in earlier where !wanted.isEmpty {
            guard let id = overview.session.id else { continue }
            let present = try store.sessionPlayers(id).filter { wanted.contains($0.playerID) }
            guard !present.isEmpty else { continue }
            let samples = try store.recordedSeries(id, includingRR: false).samples
            let input = SessionInput(session: overview.session, players: present, samples: samples, rrIntervals: [:],
                                     laps: [], hrvWindows: [])
            for p in SessionAnalysis(input).players where p.stats.hasSignal {
                found[p.playerID] = Self.digest(p, model: overview.session.zoneModel)
                wanted.remove(p.playerID)
            }
        }
        return found
    }
}

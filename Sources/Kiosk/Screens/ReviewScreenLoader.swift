import Localization
import Analytics
import AppCore
import Foundation
import SessionReview
import Store
import TeamCore

/// Gathers what the review screen shows for one session: every player's
/// series and numbers, the laps, the team's band, and each player's previous comparable
/// session (same team, same tags) for comparison.
///
/// Every number comes from the session's analysis (`SessionReview.load`), the one the
/// exports and `record`'s summary print, under the zone model and physiology the session
/// was recorded with — never today's settings; a previous session's numbers are that
/// session's own analysis. Rows are read through SQLite's C API and the NN series from the
/// cache, so a 2-hour team session opens quickly on the kiosk. Earlier sessions are read
/// once each, not once per player.
public struct ReviewScreenLoader {
    let store: SidelineStore

    public init(store: SidelineStore) {
        self.store = store
    }

    public func load(sessionID: Int64) throws -> ReviewData {
        let context = try SessionReview.load(store: store, sessionID: sessionID)
        let analysis = context.analysis
        let session = analysis.session
        let earlier = try store.sessions(teamID: session.teamID).map(\.session)
            .filter { $0.startedAt < session.startedAt && Self.isComparable($0, to: session) }
        let previous = try previousSessions(of: analysis.players.map(\.playerID), among: earlier)
        var duration = Self.durationMs(session)
        if let last = analysis.players.compactMap({ $0.track.tMs.last }).max() { duration = max(duration, last) }
        // A fitness test's HRex leads each player's figures (HRR60 is the recovery minute's, as every session's).
        let hrex = FitnessTest.hrex(of: analysis)
        let review = analysis.players.map { p -> ReviewPlayer in
            // The graph shows every sample the analysis kept, the recovery minute included.
            ReviewPlayer(playerID: p.playerID, name: context.name(of: p), shirtNumber: p.shirtNumber, physiology: p.physiology,
                         series: zip(p.track.tMs, p.track.bpm).map { SeriesPoint(tMs: $0, bpm: $1) },
                         digest: Self.digest(p, model: analysis.zoneModel),
                         previous: previous[p.playerID],
                         analytics: (hrex[p.playerID].map { [AnalyticsFigure(label: "HRex", value: ReviewPanelLines.decimal($0, digits: 1) + " % HRmax")] } ?? [])
                            + Self.figures(p))
        }
        let laps = try store.laps(sessionID)
        return ReviewData(sessionID: sessionID, startedAt: session.startedAt, durationMs: duration,
                          lapsMs: laps.map(\.tMs),
                          players: review.sorted { $0.shirtNumber < $1.shirtNumber }, effortEndMs: analysis.totalsEndMs,
                          zoneModel: analysis.zoneModel, tags: session.tags,
                          teamBand: TeamBand.compute(tracks: analysis.players.map(\.track), durationMs: duration),
                          intervalBlocks: SessionPhase.intervalBlocks(fromLaps: laps), challenge: try store.challenge(sessionID),
                          maxHRSuggestions: try maxHRSuggestions(context), drills: SessionDrillReport(context).reviewDrills)
    }

    /// The players who held a heart rate above the HRmax on file (their own today, a formula's at
    /// their age in the session's year), in shirt-number order; players deleted since are left out.
    func maxHRSuggestions(_ context: AnalysedSession) throws -> [MaxHeartRateSuggestion] {
        let players = context.analysis.players.sorted { $0.shirtNumber < $1.shirtNumber }
        let dismissed = try store.dismissedMaxHR(playerIDs: players.map(\.playerID))
        let formula = store.kioskSettings().maxFormula
        let year = Calendar.current.component(.year, from: context.analysis.session.startedAt)
        return try players.compactMap { p in
            guard let player = try store.player(id: p.playerID) else { return nil }
            return MaxHeartRateSuggestion.suggest(playerID: p.playerID, name: context.name(of: p), observedBPM: p.sustainedPeakBPM,
                                                  onFile: Physiology(player: player, year: year, formula: formula),
                                                  dismissedUpToBPM: dismissed[p.playerID])
        }
    }

    /// Sessions whose numbers compare: finished (not recording now), with the same tags in any
    /// order — HRV and effort only compare across like sessions (a match against a rest test does not).
    public static func isComparable(_ earlier: Session, to session: Session) -> Bool {
        earlier.state != .running && earlier.state != .paused && Set(earlier.tags) == Set(session.tags)
    }

    /// How long a session ran: to its end, else as planned.
    public static func durationMs(_ s: Session) -> Int64 {
        if let end = s.endedAt { return max(0, Int64(end.timeIntervalSince(s.startedAt) * 1000)) }
        return s.plannedDurationMs ?? 0
    }

    /// The analysis's session totals of one player, as review shows them.
    static func digest(_ p: PlayerAnalysis, model: ZoneModel) -> SessionDigest {
        let s = p.stats
        // HRV over the stated window (the exports' "reportedHRV"), not over the exercise.
        let time = p.reportedHRV.timeDomain.value
        return SessionDigest(samples: s.sampleCount, signalMs: s.signalMs, averageBPM: s.averageBPM.value,
                             minBPM: s.minBPM.value, maxBPM: s.maxBPM.value, peakPercentOfMax: s.peakPercentOfMax.value,
                             zoneMs: s.zones(model).ms, kcal: s.kcal.value, banisterTRIMP: s.banisterTRIMP.value,
                             effortPoints: s.effortPoints.value, recoveryBPM: p.recoveryBPM.value,
                             hrvWindow: p.reportedHRV.window.label, rmssdMs: time?.rmssdMs, sdnnMs: time?.sdnnMs,
                             sdsdMs: time?.sdsdMs, pnn50: time?.pnn50,
                             lfHfRatio: p.reportedHRV.frequencyDomain.value?.lfHfRatio,
                             correctedBeatsPercent: p.rr.recorded > 0 ? Double(p.rr.corrected) / Double(p.rr.recorded) * 100 : nil)
    }

    /// The analytics module's numbers beside the heart rates (HRV has a panel of its own, from the digest).
    static func figures(_ p: PlayerAnalysis) -> [AnalyticsFigure] {
        func show(_ label: String, _ metric: Metric<Double>, _ format: String) -> AnalyticsFigure? {
            metric.value.map { AnalyticsFigure(label: label, value: String(format: format, $0)) }
        }
        return [show("TRIMP", p.stats.banisterTRIMP, "%.0f"), show(N_("Effort points"), p.stats.effortPoints, "%.0f"),
                p.recoveryBPM.value.map { AnalyticsFigure(label: N_("Recovery 1 min"), value: recovery($0)) }].compactMap { $0 }
    }

    /// "−29 bpm" for a heart rate that fell by 29 in the minute; "+3 bpm" if it rose.
    static func recovery(_ drop: Double) -> String {
        let bpm = Int(drop.rounded())
        return bpm > 0 ? tr("−{n} bpm", ["n": "\(bpm)"]) : (bpm < 0 ? tr("+{n} bpm", ["n": "\(-bpm)"]) : tr("{n} bpm", ["n": "0"]))
    }

    /// Each player's most recent earlier comparable session that has samples of them: its date,
    /// its own analysis's numbers and its line. Sessions are visited newest first and each is
    /// read at most once (its NN series come from the cache, as its own review left them).
    private func previousSessions(of playerIDs: [Int64], among earlier: [Session]) throws -> [Int64: ReviewComparison] {
        var wanted = Set(playerIDs)
        var found: [Int64: ReviewComparison] = [:]
        for session in earlier where !wanted.isEmpty {
            let id = session.id
            guard try store.sessionPlayers(id).contains(where: { wanted.contains($0.playerID) }) else { continue }
            let analysis = try SessionReview.load(store: store, sessionID: id).analysis
            for p in analysis.players where wanted.contains(p.playerID) && p.stats.hasSignal {
                found[p.playerID] = ReviewComparison(sessionID: id, startedAt: session.startedAt,
                                                     digest: Self.digest(p, model: analysis.zoneModel),
                                                     series: zip(p.track.tMs, p.track.bpm).map { SeriesPoint(tMs: $0, bpm: $1) })
                wanted.remove(p.playerID)
            }
        }
        return found
    }
}

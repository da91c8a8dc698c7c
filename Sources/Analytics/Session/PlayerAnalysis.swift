import TeamCore

/// Everything review shows about one player in one session.
public struct PlayerAnalysis: Sendable, Equatable {
    public var playerID: Int64
    public var shirtNumber: Int
    /// Physiology as it was that day (the session's snapshot).
    public var physiology: Physiology
    /// Zone bounds of that day under both models.
    public var zoneBounds: ZoneBounds
    /// The session's totals: up to the effort's end when a recovery minute was recorded after it.
    public var stats: HeartRateStats
    /// The coach's laps: they split the effort, [0, effort end).
    public var laps: [LapAnalysis]
    /// The session's phases (`SessionInput.phases`: drills and interval blocks), in time order.
    public var phases: [PhaseAnalysis]
    /// What was recorded after the effort (the recovery minute), as a lap of its own, so a
    /// file's laps add up to the whole recording; nil when the recording stopped with the effort.
    public var recoveryLap: LapAnalysis?
    /// The whole recording, the recovery minute included: what a FIT file's session message
    /// summarises (its laps add up to it). Equal to `stats` when there is no recovery lap.
    public var recordingStats: HeartRateStats
    /// Drop in the minute after the effort ended.
    public var recoveryBPM: Metric<Double>
    public var rr: RRCorrectionReport
    /// The whole session first, then the chosen windows.
    public var hrv: [HRVSummary]
    /// HRV over the window review reports it over (`SessionInput.reportedHRVWindow`: a readiness
    /// check's last two minutes, the recovery minute, or the first five minutes), not over exercise.
    public var reportedHRV: HRVSummary
    public var track: HeartRateTrack
    /// The corrected NN intervals HRV was computed from (review may cache them).
    public var nnSeries: NNSeries

    public init(player: SessionPlayer, samples: [Sample], rrIntervals: [RRInterval], zoneModel: ZoneModel,
                lapSpans: [(fromMs: Int64, toMs: Int64, label: String?)], phases: [SessionPhase] = [], effortEndMs: Int64, hrvWindows: [HRVWindow],
                recorded cached: RecordingFigures? = nil, totalsEndMs: Int64? = nil, recordingEndMs: Int64? = nil,
                reportedHRVWindow: HRVWindow = .firstFiveMinutes) {
        playerID = player.playerID
        shirtNumber = player.shirtNumber
        physiology = player.physiology
        zoneBounds = ZoneBounds(physiology: player.physiology)
        let figures = cached ?? RecordingFigures(track: HeartRateTrack(samples: samples), rrIntervals: rrIntervals)
        track = figures.track
        let weights = HeartRateWeights(physiology: player.physiology, zoneModel: zoneModel)
        stats = HeartRateStats(track: track, weights: weights, fromMs: .min / 2, toMs: totalsEndMs ?? .max / 2)
        laps = lapSpans.enumerated().map { [track] i, span in
            LapAnalysis(number: i + 1, label: span.label, fromMs: span.fromMs, toMs: span.toMs,
                        stats: HeartRateStats(track: track, weights: weights, fromMs: span.fromMs, toMs: span.toMs),
                        recoveryBPM: HeartRateRecovery.drop(track: track, afterEndAt: span.toMs))
        }
        self.phases = phases.map { [track] phase in
            PhaseAnalysis(phase: phase, stats: HeartRateStats(track: track, weights: weights, fromMs: phase.fromMs, toMs: phase.toMs))
        }
        recoveryBPM = HeartRateRecovery.drop(track: track, afterEndAt: effortEndMs)
        if let end = recordingEndMs, end > effortEndMs {
            recoveryLap = LapAnalysis(number: lapSpans.count + 1, label: LapAnalysis.recoveryLabel, fromMs: effortEndMs, toMs: end,
                                      stats: HeartRateStats(track: track, weights: weights, fromMs: effortEndMs, toMs: end),
                                      recoveryBPM: .notEnoughData(.noDataAfterEnd))
            recordingStats = HeartRateStats(track: track, weights: weights, fromMs: .min / 2, toMs: .max / 2)
        } else {
            recordingStats = stats
        }
        let series = figures.nnSeries
        nnSeries = series
        rr = series.report
        hrv = [figures.wholeSessionHRV] + hrvWindows.map { HRVSummary(window: $0, series: series) }
        reportedHRV = hrv.first { $0.window == reportedHRVWindow } ?? HRVSummary(window: reportedHRVWindow, series: series)
    }

    /// What the store keeps of this analysis for later reviews (`RecordingFigures`).
    public var recordingFigures: RecordingFigures {
        RecordingFigures(track: track, nnSeries: nnSeries, wholeSessionHRV: hrv[0])
    }

    /// The highest heart rate held for five seconds anywhere in the recording (`SustainedPeak`): what an
    /// HRmax found in the data may be. Asked for once a review, so not kept.
    public var sustainedPeakBPM: Int? { SustainedPeak.bpm(of: track) }
}

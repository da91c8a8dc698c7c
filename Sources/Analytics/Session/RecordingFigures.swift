import TeamCore

/// What a player's analysis computes from the recording alone, whatever a review asks besides (its
/// HRV windows, laps, phases, zone model): the heart-rate track, the corrected NN series and the
/// whole session's HRV. A finished session's recording no longer changes, so the store keeps these
/// (decision 081) and later reviews read them instead of every sample and RR interval: reading the
/// samples and the whole session's spectrum were most of a review's cost.
public struct RecordingFigures: Sendable, Equatable {
    public var track: HeartRateTrack
    public var nnSeries: NNSeries
    /// HRV over `HRVWindow.wholeSession`.
    public var wholeSessionHRV: HRVSummary

    public init(track: HeartRateTrack, nnSeries: NNSeries, wholeSessionHRV: HRVSummary) {
        self.track = track
        self.nnSeries = nnSeries
        self.wholeSessionHRV = wholeSessionHRV
    }

    /// Computed from a player's recording: the RR intervals corrected into the NN series and the
    /// whole session's HRV from it — the costly part of an analysis, made once a session (the first
    /// analysis; later ones read what the store kept).
    public init(track: HeartRateTrack, rrIntervals: [RRInterval]) {
        let series = NNSeries(intervals: rrIntervals)
        self.init(track: track, nnSeries: series, wholeSessionHRV: HRVSummary(window: .wholeSession, series: series))
    }
}

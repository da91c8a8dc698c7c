import Analytics
import Foundation

/// A player's `RecordingFigures` as the bytes the store keeps (`nn_cache.series`), little-endian
/// UInt64 words whatever the machine: the NN series (`NNSeriesCoding`'s layout), then the whole
/// session's HRV — time domain: a code (0 a value, else why not), the beat count and six Float64s
/// (mean NN, mean HR, SDNN, RMSSD, SDSD, pNN50); frequency domain: a code, LF, HF, LF/HF, the
/// window count and the window's seconds — then the heart-rate track: its length n, the samples it
/// left out, n times (Int64) and n heart rates.
///
/// A damaged entry decodes to nil (the review then recomputes from the recording), never a trap.
enum RecordingFiguresCoding {
    /// Names the methods and this layout; a change of either makes old entries stale.
    /// NN v2: corrected on the raw series, plausibility judged after; the report counts changed intervals.
    /// figures v1: the whole session's HRV and the heart-rate track kept beside the NN series (decision 081).
    static let algorithm = "lipponen-tarvainen-2019/nn-v2/figures-v1"

    static func encode(_ figures: RecordingFigures) -> Data {
        var words = CacheWords()
        NNSeriesCoding.append(figures.nnSeries, to: &words)
        let hrv = figures.wholeSessionHRV
        switch hrv.timeDomain {
        case .value(let t):
            words.append(0)
            words.append(t.beats)
            for v in [t.meanNNMs, t.meanHRBPM, t.sdnnMs, t.rmssdMs, t.sdsdMs, t.pnn50] { words.append(v) }
        case .notEnoughData(let reason): words.append(code(reason))
        }
        switch hrv.frequencyDomain {
        case .value(let f):
            words.append(0)
            for v in [f.lfPowerMs2, f.hfPowerMs2, f.lfHfRatio] { words.append(v) }
            words.append(f.windows)
            words.append(f.windowSeconds)
        case .notEnoughData(let reason): words.append(code(reason))
        }
        let track = figures.track
        words.append(track.count)
        words.append(track.rejected)
        for t in track.tMs { words.append(t) }
        for bpm in track.bpm { words.append(bpm) }
        return words.data
    }

    static func decode(_ data: Data) -> RecordingFigures? {
        CacheWordReader.read(data) { reader in
            guard let series = NNSeriesCoding.next(from: &reader),
                  let timeDomain = timeDomain(from: &reader), let frequencyDomain = frequencyDomain(from: &reader),
                  let n = reader.count(), let rejected = reader.count(),
                  let times = reader.integers(n), let rates = reader.integers(n), reader.isAtEnd,
                  let track = HeartRateTrack(tMs: times, bpm: rates.map { Int(truncatingIfNeeded: $0) }, rejected: rejected)
            else { return nil }
            return RecordingFigures(track: track, nnSeries: series,
                                    wholeSessionHRV: HRVSummary(window: .wholeSession, timeDomain: timeDomain, frequencyDomain: frequencyDomain))
        }
    }

    private static func timeDomain(from reader: inout CacheWordReader) -> Metric<TimeDomainHRV>? {
        guard let code = reader.count() else { return nil }
        guard code == 0 else { return reason(code).map { .notEnoughData($0) } }
        guard let beats = reader.count(), let v = reader.doubles(6) else { return nil }
        return .value(TimeDomainHRV(beats: beats, meanNNMs: v[0], meanHRBPM: v[1], sdnnMs: v[2], rmssdMs: v[3], sdsdMs: v[4], pnn50: v[5]))
    }

    private static func frequencyDomain(from reader: inout CacheWordReader) -> Metric<FrequencyDomainHRV>? {
        guard let code = reader.count() else { return nil }
        guard code == 0 else { return reason(code).map { .notEnoughData($0) } }
        guard let powers = reader.doubles(3), let windows = reader.count(), let seconds = reader.double() else { return nil }
        return .value(FrequencyDomainHRV(lfPowerMs2: powers[0], hfPowerMs2: powers[1], lfHfRatio: powers[2], windows: windows, windowSeconds: seconds))
    }

    /// Why a figure has none, as a code of this layout (fixed numbers: a new reason must not renumber the old).
    private static func code(_ reason: NotEnoughData) -> Int {
        switch reason {
        case .noHeartRate: 1
        case .noDataAfterEnd: 2
        case .noDataAtEnd: 3
        case .tooFewBeats: 4
        case .tooShortForFrequencyDomain: 5
        case .noHighFrequencyPower: 6
        }
    }

    private static func reason(_ code: Int) -> NotEnoughData? { NotEnoughData.allCases.first { Self.code($0) == code } }
}

import Foundation

/// Time-domain HRV (Task Force of the ESC and NASPE, 1996) over NN intervals:
/// successive differences are taken within a stretch only, never across a dropout.
public struct TimeDomainHRV: Sendable, Equatable {
    public var beats: Int
    public var meanNNMs: Double
    /// Mean of the beat-to-beat heart rates 60 000 / NN (bpm), as Kubios and pyhrv report it.
    public var meanHRBPM: Double
    /// Standard deviation of NN intervals (n − 1).
    public var sdnnMs: Double
    /// Root mean square of successive differences.
    public var rmssdMs: Double
    /// Standard deviation of successive differences (n − 1).
    public var sdsdMs: Double
    /// Percentage of successive differences larger than 50 ms.
    public var pnn50: Double

    public static let minimumBeats = 20

    public init(beats: Int, meanNNMs: Double, meanHRBPM: Double, sdnnMs: Double, rmssdMs: Double, sdsdMs: Double, pnn50: Double) {
        (self.beats, self.meanNNMs, self.meanHRBPM, self.sdnnMs) = (beats, meanNNMs, meanHRBPM, sdnnMs)
        (self.rmssdMs, self.sdsdMs, self.pnn50) = (rmssdMs, sdsdMs, pnn50)
    }

    public static func compute(_ series: NNSeries) -> Metric<TimeDomainHRV> {
        var n = 0, sum = 0.0, heartRates = 0.0
        var diffs = 0, diffSum = 0.0, diffSquares = 0.0, over50 = 0
        for s in series.stretches {
            for (k, nn) in s.nnMs.enumerated() {
                n += 1; sum += nn; heartRates += 60_000 / nn
                guard k > 0 else { continue }
                let d = nn - s.nnMs[k - 1]
                diffs += 1; diffSum += d; diffSquares += d * d
                if abs(d) > 50 { over50 += 1 }
            }
        }
        guard n >= minimumBeats, diffs >= 2 else { return .notEnoughData(.tooFewBeats) }
        let mean = sum / Double(n)
        var squares = 0.0
        for s in series.stretches { for nn in s.nnMs { squares += (nn - mean) * (nn - mean) } }
        let diffMean = diffSum / Double(diffs)
        let sdsd = sqrt(max(0, (diffSquares - Double(diffs) * diffMean * diffMean) / Double(diffs - 1)))
        return .value(TimeDomainHRV(beats: n, meanNNMs: mean, meanHRBPM: heartRates / Double(n), sdnnMs: sqrt(squares / Double(n - 1)),
                                    rmssdMs: sqrt(diffSquares / Double(diffs)), sdsdMs: sdsd,
                                    pnn50: Double(over50) / Double(diffs) * 100))
    }
}

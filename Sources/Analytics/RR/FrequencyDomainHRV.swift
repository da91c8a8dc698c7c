/// Frequency-domain HRV: NN intervals interpolated by a natural cubic spline,
/// resampled at 4 Hz, Welch PSD (256 s Hann windows, 50 % overlap; 128 s when no
/// stretch is that long), power in LF 0.04–0.15 Hz and HF 0.15–0.40 Hz (ms²).
public struct FrequencyDomainHRV: Sendable, Equatable {
    public var lfPowerMs2: Double
    public var hfPowerMs2: Double
    public var lfHfRatio: Double
    /// Welch windows averaged.
    public var windows: Int
    public var windowSeconds: Double

    public static let sampleRate = 4.0
    public static let lfBand = (0.04, 0.15), hfBand = (0.15, 0.40)
    static let windowSizes = [1024, 512]

    public init(lfPowerMs2: Double, hfPowerMs2: Double, lfHfRatio: Double, windows: Int, windowSeconds: Double) {
        (self.lfPowerMs2, self.hfPowerMs2, self.lfHfRatio) = (lfPowerMs2, hfPowerMs2, lfHfRatio)
        (self.windows, self.windowSeconds) = (windows, windowSeconds)
    }

    public static func compute(_ series: NNSeries) -> Metric<FrequencyDomainHRV> {
        let resampled = resample(series)
        let longest = resampled.map(\.count).max() ?? 0
        guard let size = windowSizes.first(where: { $0 <= longest }) else {
            return .notEnoughData(.tooShortForFrequencyDomain)
        }
        let psd = WelchPSD(series: resampled, sampleRate: sampleRate, windowSize: size)
        let lf = psd.power(from: lfBand.0, to: lfBand.1), hf = psd.power(from: hfBand.0, to: hfBand.1)
        guard hf > 0, lf.isFinite, hf.isFinite else { return .notEnoughData(.noHighFrequencyPower) }
        return .value(FrequencyDomainHRV(lfPowerMs2: lf, hfPowerMs2: hf, lfHfRatio: lf / hf,
                                         windows: psd.windowsAveraged, windowSeconds: Double(size) / sampleRate))
    }

    /// Each stretch as an even 4 Hz series of NN values (ms), time in seconds from its first beat.
    public static func resample(_ series: NNSeries) -> [[Double]] {
        series.stretches.compactMap { s in
            guard s.nnMs.count >= 3 else { return nil }
            let spline = NaturalCubicSpline(x: s.endMs.map { $0 / 1000 }, y: s.nnMs)
            return spline.sampled(step: 1 / sampleRate)
        }
    }
}

import Foundation

/// Welch's averaged periodogram: Hann windows (periodic), 50 % overlap, each
/// window's mean removed, one-sided power spectral density — the parameters of
/// `scipy.signal.welch(x, fs, window="hann", nperseg, noverlap=nperseg/2)`.
/// Windows from several series (stretches between dropouts) are averaged together.
struct WelchPSD {
    let sampleRate: Double
    let windowSize: Int
    /// Density per frequency bin k·sampleRate/windowSize, k = 0…windowSize/2.
    private(set) var density: [Double]
    private(set) var windowsAveraged = 0

    init(series: [[Double]], sampleRate: Double, windowSize: Int) {
        self.sampleRate = sampleRate
        self.windowSize = windowSize
        density = [Double](repeating: 0, count: windowSize / 2 + 1)
        let fft = FFT.of(size: windowSize)
        let hann = Self.hann(windowSize)
        let scale = 1 / (sampleRate * hann.reduce(0) { $0 + $1 * $1 })
        var segment = [Double](repeating: 0, count: windowSize)
        // Through buffer pointers (every index below is under windowSize, or windowSize / 2 + 1 for the
        // bins; the window lies in x): the same arithmetic in the same order, the mean's sum one value
        // after another as before; the loops without checks, which the compiler then vectorises
        // (issue 34).
        let bins = windowSize / 2 + 1
        for x in series where x.count >= windowSize {
            var start = 0
            while start + windowSize <= x.count {
                x.withUnsafeBufferPointer { x in
                    hann.withUnsafeBufferPointer { hann in
                        segment.withUnsafeMutableBufferPointer { segment in
                            let window = x.baseAddress! + start
                            var sum = 0.0
                            for i in 0..<windowSize { sum += window[i] }
                            let mean = sum / Double(windowSize)
                            for i in 0..<windowSize { segment[i] = (window[i] - mean) * hann[i] }
                        }
                    }
                }
                let power = fft.powerSpectrum(segment)
                power.withUnsafeBufferPointer { power in
                    density.withUnsafeMutableBufferPointer { density in
                        // One-sided: every bin but DC and Nyquist counts twice.
                        density[0] += power[0] * scale * 1.0
                        for k in 1..<max(bins - 1, 1) { density[k] += power[k] * scale * 2.0 }
                        if bins > 1 { density[bins - 1] += power[bins - 1] * scale * 1.0 }
                    }
                }
                windowsAveraged += 1
                start += windowSize / 2
            }
        }
        if windowsAveraged > 0 { density = density.map { $0 / Double(windowsAveraged) } }
    }

    /// The periodic Hann window of `size` points, computed once a process for the sizes HRV uses.
    private static func hann(_ size: Int) -> [Double] {
        switch size {
        case 1024: hann1024
        case 512: hann512
        default: hann(computing: size)
        }
    }

    private static let hann1024 = hann(computing: 1024), hann512 = hann(computing: 512)

    private static func hann(computing size: Int) -> [Double] {
        (0..<size).map { 0.5 - 0.5 * cos(2 * .pi * Double($0) / Double(size)) }
    }

    /// Power in [low, high) Hz: the density summed over its bins times the bin width.
    func power(from low: Double, to high: Double) -> Double {
        let binWidth = sampleRate / Double(windowSize)
        var sum = 0.0
        for (k, p) in density.enumerated() {
            let f = Double(k) * binWidth
            if f >= low && f < high { sum += p }
        }
        return sum * binWidth
    }
}

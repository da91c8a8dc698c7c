import Foundation

/// `FFT` as it was before its butterflies ran two at a time in vectors of two doubles (decision
/// 107): one butterfly at a time. Kept verbatim (renamed, its shared instances left out) as the
/// oracle of `FFTTests`: the vectors must give the same spectrum, bit for bit.
struct ScalarFFT {
    let size: Int
    private let cosines: [Double], sines: [Double]
    private let bitReversed: [Int]

    init(size: Int) {
        precondition(size >= 2 && size & (size - 1) == 0, "FFT size must be a power of two")
        self.size = size
        cosines = (0..<size / 2).map { cos(-2 * .pi * Double($0) / Double(size)) }
        sines = (0..<size / 2).map { sin(-2 * .pi * Double($0) / Double(size)) }
        // The half-size complex transform's input order.
        let half = size / 2, bits = half.trailingZeroBitCount
        bitReversed = (0..<half).map { i in
            var r = 0
            for b in 0..<bits where i & (1 << b) != 0 { r |= 1 << (bits - 1 - b) }
            return r
        }
    }

    /// |X[k]|² for k = 0…size/2 of a real input.
    ///
    /// A real input of N points is transformed as a complex one of N/2 (z[n] = x[2n] + i·x[2n + 1]),
    /// then split into the transforms of the even and odd samples, E[k] = (Z[k] + Z*[N/2 − k]) / 2
    /// and O[k] = (Z[k] − Z*[N/2 − k]) / 2i, and joined, X[k] = E[k] + e^(−2πik/N)·O[k]: half the
    /// butterflies of transforming N complex points whose imaginary parts are all zero. The
    /// arithmetic differs from the full transform's by rounding only (≈ 1e-16 of the power; tests
    /// hold it to the full transform and to a direct DFT).
    ///
    /// Memory safety: `re`/`im` hold N/2 values, written at every index by the loading loop (the
    /// bit reversal is a permutation of 0..<N/2); butterflies index start + k + h < N/2; the twiddle
    /// index k · stride < h · (N / length) = N/2, the tables' size; the final pass reads k and
    /// N/2 − k for 1 ≤ k < N/2, and index 0. The input holds at least N values (the precondition).
    func powerSpectrum(_ input: [Double]) -> [Double] {
        precondition(input.count >= size, "FFT input shorter than its size")
        let size = self.size, half = size / 2
        var re = [Double](repeating: 0, count: half), im = [Double](repeating: 0, count: half)
        var power = [Double](repeating: 0, count: half + 1)
        re.withUnsafeMutableBufferPointer { re in
            im.withUnsafeMutableBufferPointer { im in
                let re = re.baseAddress!, im = im.baseAddress!
                input.withUnsafeBufferPointer { input in
                    bitReversed.withUnsafeBufferPointer { reversed in
                        for n in 0..<half {
                            let at = reversed[n]
                            re[at] = input[2 &* n]; im[at] = input[2 &* n &+ 1]
                        }
                    }
                }
                cosines.withUnsafeBufferPointer { cosines in
                    sines.withUnsafeBufferPointer { sines in
                        let cosines = cosines.baseAddress!, sines = sines.baseAddress!
                        var length = 2
                        while length <= half {
                            let h = length / 2, stride = size / length
                            var start = 0
                            while start < half {
                                for k in 0..<h {
                                    let wr = cosines[k &* stride], wi = sines[k &* stride]
                                    let a = start &+ k, b = a &+ h
                                    let tr = re[b] * wr - im[b] * wi, ti = re[b] * wi + im[b] * wr
                                    re[b] = re[a] - tr; im[b] = im[a] - ti
                                    re[a] += tr; im[a] += ti
                                }
                                start &+= length
                            }
                            length &*= 2
                        }
                        power.withUnsafeMutableBufferPointer { power in
                            let dc = re[0] + im[0], nyquist = re[0] - im[0]
                            power[0] = dc * dc
                            power[half] = nyquist * nyquist
                            for k in 1..<max(half, 1) {
                                let ar = re[k], ai = im[k], br = re[half &- k], bi = im[half &- k]
                                let er = 0.5 * (ar + br), ei = 0.5 * (ai - bi)
                                let or = 0.5 * (ai + bi), oi = -0.5 * (ar - br)
                                let wr = cosines[k], wi = sines[k]
                                let xr = er + (or * wr - oi * wi), xi = ei + (or * wi + oi * wr)
                                power[k] = xr * xr + xi * xi
                            }
                        }
                    }
                }
            }
        }
        return power
    }
}

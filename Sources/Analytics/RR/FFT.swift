import Foundation

/// Iterative radix-2 FFT of one power-of-two size, twiddles computed once.
struct FFT {
    let size: Int
    private let cosines: [Double], sines: [Double]
    /// The twiddles of the stage of butterflies h apart at [h, 2h): w[h + k] = cosines[k · size / 2h]
    /// (sines alike), so a stage reads its twiddles in order, two at a time.
    private let stageCosines: [Double], stageSines: [Double]
    private let bitReversed: [Int]

    /// The transform of `size`, its twiddles computed once a process for the sizes Welch's PSD uses
    /// (a review makes one a player and window, each of 256–512 cosines and sines).
    static func of(size: Int) -> FFT {
        switch size {
        case 1024: return fft1024
        case 512: return fft512
        default: return FFT(size: size)
        }
    }

    private static let fft1024 = FFT(size: 1024), fft512 = FFT(size: 512)

    init(size: Int) {
        precondition(size >= 2 && size & (size - 1) == 0, "FFT size must be a power of two")
        self.size = size
        cosines = (0..<size / 2).map { cos(-2 * .pi * Double($0) / Double(size)) }
        sines = (0..<size / 2).map { sin(-2 * .pi * Double($0) / Double(size)) }
        var stageCosines = [Double](repeating: 0, count: max(size / 2, 2)), stageSines = stageCosines
        var h = 1
        while 2 * h <= size / 2 {
            for k in 0..<h { (stageCosines[h + k], stageSines[h + k]) = (cosines[k * size / (2 * h)], sines[k * size / (2 * h)]) }
            h *= 2
        }
        (self.stageCosines, self.stageSines) = (stageCosines, stageSines)
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
    /// The butterflies more than one apart run two neighbours at once in a vector of two doubles
    /// (decision 107): each lane does the operations one butterfly did, on the same values, in the
    /// same order (no fused multiply-add), so the spectrum is the same bit for bit (`FFTTests`,
    /// against `ScalarFFT`, the transform as it was) in ≈ 40 % fewer instructions.
    ///
    /// Memory safety: `re`/`im` hold N/2 values, written at every index by the loading loop (the
    /// bit reversal is a permutation of 0..<N/2); butterflies index start + k + h < N/2 — the two-lane
    /// ones (h ≥ 2, k even, so k + 1 < h) also start + k + 1 + h < N/2 —; the twiddle index
    /// k · stride < h · (N / length) = N/2, the tables' size, and a stage's table reads h + k + 1 < 2h ≤ N/2,
    /// its size (at least 2); the final pass reads k and
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
                        // Butterflies 1 apart: the twiddle is w⁰ (cos 0, sin −0), multiplied as every other.
                        if half >= 2 {
                            let wr = cosines[0], wi = sines[0]
                            var a = 0
                            while a < half {
                                let b = a &+ 1
                                let tr = re[b] * wr - im[b] * wi, ti = re[b] * wi + im[b] * wr
                                re[b] = re[a] - tr; im[b] = im[a] - ti
                                re[a] += tr; im[a] += ti
                                a &+= 2
                            }
                        }
                        // Butterflies h ≥ 2 apart, two neighbours at once: two lanes, each lane the same
                        // operations on the same values as one butterfly alone, so the same bits.
                        stageCosines.withUnsafeBufferPointer { stageCosines in
                            stageSines.withUnsafeBufferPointer { stageSines in
                                let twr = UnsafeRawPointer(stageCosines.baseAddress!), twi = UnsafeRawPointer(stageSines.baseAddress!)
                                let rre = UnsafeMutableRawPointer(re), rim = UnsafeMutableRawPointer(im)
                                var h = 2
                                while 2 &* h <= half {
                                    var start = 0
                                    while start < half {
                                        var k = 0
                                        while k < h {
                                            let wr = twr.loadUnaligned(fromByteOffset: (h &+ k) &* 8, as: SIMD2<Double>.self)
                                            let wi = twi.loadUnaligned(fromByteOffset: (h &+ k) &* 8, as: SIMD2<Double>.self)
                                            let a = (start &+ k) &* 8, b = a &+ h &* 8
                                            let reA = rre.loadUnaligned(fromByteOffset: a, as: SIMD2<Double>.self)
                                            let imA = rim.loadUnaligned(fromByteOffset: a, as: SIMD2<Double>.self)
                                            let reB = rre.loadUnaligned(fromByteOffset: b, as: SIMD2<Double>.self)
                                            let imB = rim.loadUnaligned(fromByteOffset: b, as: SIMD2<Double>.self)
                                            let tr = reB * wr - imB * wi, ti = reB * wi + imB * wr
                                            rre.storeBytes(of: reA - tr, toByteOffset: b, as: SIMD2<Double>.self)
                                            rim.storeBytes(of: imA - ti, toByteOffset: b, as: SIMD2<Double>.self)
                                            rre.storeBytes(of: reA + tr, toByteOffset: a, as: SIMD2<Double>.self)
                                            rim.storeBytes(of: imA + ti, toByteOffset: a, as: SIMD2<Double>.self)
                                            k &+= 2
                                        }
                                        start &+= 2 &* h
                                    }
                                    h &*= 2
                                }
                            }
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

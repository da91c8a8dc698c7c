import Foundation

/// `FFT` as it was before real inputs were transformed as half-size complex ones (issue 34):
/// an N-point complex transform of the input with zero imaginary parts. Kept verbatim (renamed, its
/// shared instances left out) as the oracle of `FFTTests`.
struct FullSizeFFT {
    let size: Int
    private let cosines: [Double], sines: [Double]
    private let bitReversed: [Int]

    init(size: Int) {
        precondition(size >= 2 && size & (size - 1) == 0, "FFT size must be a power of two")
        self.size = size
        cosines = (0..<size / 2).map { cos(-2 * .pi * Double($0) / Double(size)) }
        sines = (0..<size / 2).map { sin(-2 * .pi * Double($0) / Double(size)) }
        let bits = size.trailingZeroBitCount
        bitReversed = (0..<size).map { i in
            var r = 0
            for b in 0..<bits where i & (1 << b) != 0 { r |= 1 << (bits - 1 - b) }
            return r
        }
    }

    /// |X[k]|² for k = 0…size/2 of a real input.
    ///
    /// The butterflies run on unsafe buffers: a review's HRV takes thousands of these transforms,
    /// and through the arrays every access paid a bounds and a uniqueness check. The arithmetic,
    /// and its order, is the same as on the arrays: the results are bit for bit the same.
    func powerSpectrum(_ input: [Double]) -> [Double] {
        precondition(input.count >= size, "FFT input shorter than its size")
        var re = [Double](repeating: 0, count: size), im = [Double](repeating: 0, count: size)
        let size = self.size
        re.withUnsafeMutableBufferPointer { re in
            im.withUnsafeMutableBufferPointer { im in
                input.withUnsafeBufferPointer { input in
                    bitReversed.withUnsafeBufferPointer { reversed in
                        for i in 0..<size { re[reversed[i]] = input[i] }
                    }
                }
                cosines.withUnsafeBufferPointer { cosines in
                    sines.withUnsafeBufferPointer { sines in
                        var length = 2
                        while length <= size {
                            let half = length / 2, stride = size / length
                            var start = 0
                            while start < size {
                                for k in 0..<half {
                                    let wr = cosines[k * stride], wi = sines[k * stride]
                                    let a = start + k, b = a + half
                                    let tr = re[b] * wr - im[b] * wi, ti = re[b] * wi + im[b] * wr
                                    re[b] = re[a] - tr; im[b] = im[a] - ti
                                    re[a] += tr; im[a] += ti
                                }
                                start += length
                            }
                            length *= 2
                        }
                    }
                }
            }
        }
        return (0...size / 2).map { re[$0] * re[$0] + im[$0] * im[$0] }
    }
}

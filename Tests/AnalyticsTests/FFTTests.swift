import Foundation
import XCTest
@testable import Analytics

/// The real-input FFT (a half-size complex transform, split and joined) against the full-size
/// transform it replaced and against the DFT's definition.
final class FFTTests: XCTestCase {
    /// The two-lane butterflies against the one-at-a-time ones they replaced: the same bits in every
    /// bin, for every size up to past HRV's, on noise, whole numbers with ties, NN-like series,
    /// signed zeros and tiny values, and a constant.
    func testTheSameBitsAsOneButterflyAtATime() {
        var rng = SplitMix(state: 107)
        for size in [2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048] {
            let fft = FFT(size: size), scalar = ScalarFFT(size: size)
            for trial in 0..<40 {
                let x: [Double] = (0..<size).map { i in
                    switch trial % 5 {
                    case 0: rng.gaussian() * 1000
                    case 1: Double(Int(rng.next() % 7) - 3)
                    case 2: i % 3 == 0 ? -0.0 : (i % 3 == 1 ? 1e-300 : 0)
                    case 3: (700 + 80 * rng.gaussian()).rounded() * 1000 / 1024
                    default: 7
                    }
                }
                XCTAssertEqual(fft.powerSpectrum(x).map(\.bitPattern), scalar.powerSpectrum(x).map(\.bitPattern), "size \(size), trial \(trial)")
            }
        }
        XCTAssertEqual(FFT.of(size: 1024).powerSpectrum((0..<1024).map { Double($0 % 17) }).map(\.bitPattern),
                       ScalarFFT(size: 1024).powerSpectrum((0..<1024).map { Double($0 % 17) }).map(\.bitPattern), "the shared instance")
    }

    /// Every size HRV could use and the smallest ones, on noise, a pure tone, a constant and an
    /// impulse: each bin within 1e-12 of the spectrum's largest bin of the old transform's power.
    func testEqualsTheFullSizeTransformUpToRounding() {
        var rng = SplitMix(state: 34)
        for size in [2, 4, 8, 16, 64, 256, 512, 1024, 2048] {
            let inputs: [[Double]] = [
                (0..<size).map { _ in rng.gaussian() * 40 },
                (0..<size).map { 25 * sin(2 * .pi * 0.1 * Double($0)) + 3 },
                [Double](repeating: 7, count: size),
                [1] + [Double](repeating: 0, count: size - 1),
                (0..<size).map { _ in (700 + 80 * rng.gaussian()).rounded() }, // NN-like, whole ms, mean kept
            ]
            for (kind, x) in inputs.enumerated() {
                let new = FFT(size: size).powerSpectrum(x), old = FullSizeFFT(size: size).powerSpectrum(x)
                XCTAssertEqual(new.count, size / 2 + 1)
                let scale = max(old.max()!, 1e-300)
                for k in old.indices {
                    XCTAssertLessThanOrEqual(abs(new[k] - old[k]), 1e-12 * scale, "size \(size), input \(kind), bin \(k)")
                }
            }
        }
    }

    /// |Σ x[n]·e^(−2πikn/N)|², summed directly, for sizes small enough to sum.
    func testEqualsTheDFTsDefinition() {
        var rng = SplitMix(state: 35)
        for size in [2, 4, 8, 32, 128] {
            let x = (0..<size).map { _ in rng.gaussian() }
            let power = FFT(size: size).powerSpectrum(x)
            var largest = 0.0
            let direct: [Double] = (0...size / 2).map { k in
                var re = 0.0, im = 0.0
                for n in 0..<size {
                    let angle = -2 * .pi * Double(k * n % size) / Double(size)
                    re += x[n] * cos(angle); im += x[n] * sin(angle)
                }
                largest = max(largest, re * re + im * im)
                return re * re + im * im
            }
            for k in direct.indices {
                XCTAssertEqual(power[k], direct[k], accuracy: 1e-11 * largest, "size \(size), bin \(k)")
            }
        }
    }

    /// Only the first N values are transformed (Welch's PSD passes whole windows, longer arrays too).
    func testReadsTheFirstSizeValues() {
        let x = (0..<16).map { Double($0 % 5) }
        XCTAssertEqual(FFT(size: 8).powerSpectrum(x), FFT(size: 8).powerSpectrum(Array(x.prefix(8))))
    }
}

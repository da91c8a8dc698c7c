import AppCore
@testable import KioskSound
import TeamCore
import XCTest

/// The generated sounds: frequency (by zero crossings), length, loudness, and the gap after each.
final class ToneSynthesisTests: XCTestCase {
    private let rate = 48_000

    /// Crossings from negative to non-negative per second over the sounding part: the fundamental.
    private func frequency(_ samples: ArraySlice<Int16>) -> Double {
        var crossings = 0
        var previous = samples.first ?? 0
        for s in samples.dropFirst() {
            if previous < 0 && s >= 0 { crossings += 1 }
            previous = s
        }
        return Double(crossings) * Double(rate) / Double(samples.count)
    }

    private func sounding(_ samples: [Int16]) -> ArraySlice<Int16> {
        let last = samples.lastIndex { $0 != 0 } ?? 0
        return samples[0...last]
    }

    func testEachSoundHasItsPitchLengthAndAGapAfterIt() {
        for sound in Sound.allCases {
            let shape = ToneSynthesis.shape(of: sound)
            let samples = ToneSynthesis.samples(sound, sampleRate: rate, volumePercent: 100)
            XCTAssertEqual(samples.count, rate * (shape.durationMs + shape.silenceAfterMs) / 1000, "\(sound)")
            let body = sounding(samples)
            XCTAssertEqual(Double(body.count), Double(rate * shape.durationMs / 1000), accuracy: 2, "\(sound)")
            XCTAssertEqual(frequency(body), shape.frequency, accuracy: shape.frequency * 0.02, "\(sound)")
            XCTAssertTrue(samples[body.endIndex...].allSatisfy { $0 == 0 }, "silence after \(sound)")
        }
        XCTAssertNotEqual(ToneSynthesis.shape(of: .buzzer).frequency, ToneSynthesis.shape(of: .countdownBeep).frequency)
    }

    func testVolumeScalesThePeakAndNeverClips() {
        for sound in Sound.allCases {
            let loud = ToneSynthesis.samples(sound, sampleRate: rate, volumePercent: 100).map { abs(Int($0)) }.max()!
            let quiet = ToneSynthesis.samples(sound, sampleRate: rate, volumePercent: 30).map { abs(Int($0)) }.max()!
            XCTAssertLessThanOrEqual(loud, 32767)
            XCTAssertGreaterThan(loud, 26_000, "\(sound) at full volume is loud")
            XCTAssertEqual(Double(quiet) / Double(loud), 0.3, accuracy: 0.01, "\(sound)")
            XCTAssertTrue(ToneSynthesis.samples(sound, sampleRate: rate, volumePercent: 0).allSatisfy { $0 == 0 })
        }
    }

    func testNoClickAtEitherEnd() {
        let samples = sounding(ToneSynthesis.samples(.buzzer, sampleRate: rate, volumePercent: 100))
        XCTAssertLessThan(abs(Int(samples.first!)), 200)
        XCTAssertLessThan(abs(Int(samples.last!)), 3000, "the ramp brings it down")
    }
}

@testable import KioskSound
import XCTest

/// The voice's output made fit for the audio device: espeak-ng's streamed WAVE read, resampled,
/// trimmed and levelled like the tones.
final class WaveAudioTests: XCTestCase {
    /// A WAVE file as espeak-ng streams it: 16-bit mono, size fields saying "unknown" (0x7FFFFFFF).
    private func wave(_ samples: [Int16], rate: Int, streamed: Bool = true) -> [UInt8] {
        func u32(_ v: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
        func u16(_ v: Int) -> [UInt8] { (0..<2).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
        let data = samples.flatMap { u16(Int(UInt16(bitPattern: $0))) }
        return Array("RIFF".utf8) + u32(streamed ? 0x7FFF_FFFF : 36 + data.count) + Array("WAVE".utf8)
            + Array("fmt ".utf8) + u32(16) + u16(1) + u16(1) + u32(rate) + u32(rate * 2) + u16(2) + u16(16)
            + Array("data".utf8) + u32(streamed ? 0x7FFF_FFFF : data.count) + data
    }

    func testAStreamedAndAPlainFileDecodeAlike() {
        let samples: [Int16] = [0, 1000, -1000, 32767, -32768, 5]
        for streamed in [true, false] {
            let decoded = WaveAudio.decode(wave(samples, rate: 22_050, streamed: streamed))
            XCTAssertEqual(decoded?.samples, samples)
            XCTAssertEqual(decoded?.sampleRate, 22_050)
        }
        XCTAssertNil(WaveAudio.decode(Array("RIFF....WAVEjunk".utf8)))
        XCTAssertNil(WaveAudio.decode([]))
    }

    func testResamplingKeepsTheLengthInTimeAndThePitch() {
        // 441 Hz at 22 050 Hz for a second → 48 000 samples, still 441 crossings.
        let tone = (0..<22_050).map { Int16((sin(2 * Double.pi * 441 * Double($0) / 22_050) * 10_000).rounded()) }
        let out = WaveAudio.resample(tone, from: 22_050, to: 48_000)
        XCTAssertEqual(out.count, 48_000)
        let rising = zip(out, out.dropFirst()).filter { $0.0 < 0 && $0.1 >= 0 }.count
        XCTAssertEqual(Double(rising), 441, accuracy: 2)
        XCTAssertEqual(WaveAudio.resample(tone, from: 48_000, to: 48_000), tone)
    }

    func testQuietEndsGoAndThePeakIsTheTonesAtTheSameVolume() {
        let phrase: [Int16] = [0, 3, -100, 4000, -8000, 2000, 50, 0]
        let loud = WaveAudio.levelled(phrase, volumePercent: 100)
        XCTAssertEqual(loud.count, 3, "the quiet ends trimmed")
        XCTAssertEqual(loud.map { abs(Int($0)) }.max(), Int((0.9 * 32767).rounded()))
        let quiet = WaveAudio.levelled(phrase, volumePercent: 30)
        XCTAssertEqual(Double(quiet.map { abs(Int($0)) }.max()!), 0.3 * 0.9 * 32767, accuracy: 1)
        XCTAssertEqual(WaveAudio.levelled([0, 1, -2], volumePercent: 100), [], "silence says nothing")
    }
}

import AppCore
import Foundation
import TeamCore

/// The kiosk's sounds, generated (no audio files to ship or license): 16-bit mono PCM at the
/// device's rate. Each ends with a little silence, so sounds queued back to back stay apart.
///
/// - countdown beep: 880 Hz, 150 ms — the last three seconds;
/// - lap beep: 1320 Hz, 90 ms — short and higher, not mistaken for the countdown;
/// - buzzer: 1.2 s at 220 Hz with odd harmonics (a band-limited square wave): rough and low, heard
///   across a gym over the players' noise, and nothing like the beeps;
/// - work start: 660 Hz with two odd harmonics, 400 ms — bright, an interval program's "go";
/// - rest start: 440 Hz, a plain sine for 600 ms — softer and lower, "ease off"; neither is
///   mistaken for a beep, the buzzer or the other (the last 3 s of a block beep as the countdown's).
public enum ToneSynthesis {
    public struct Shape: Sendable, Equatable {
        public var frequency: Double
        public var durationMs: Int
        /// Odd harmonics added (1: a plain sine).
        public var harmonics: Int
        public var silenceAfterMs: Int
    }

    public static func shape(of sound: Sound) -> Shape {
        switch sound {
        case .countdownBeep: Shape(frequency: 880, durationMs: 150, harmonics: 1, silenceAfterMs: 100)
        case .lapBeep: Shape(frequency: 1320, durationMs: 90, harmonics: 1, silenceAfterMs: 80)
        case .buzzer: Shape(frequency: 220, durationMs: 1200, harmonics: 9, silenceAfterMs: 150)
        case .workStart: Shape(frequency: 660, durationMs: 400, harmonics: 5, silenceAfterMs: 120)
        case .restStart: Shape(frequency: 440, durationMs: 600, harmonics: 1, silenceAfterMs: 120)
        }
    }

    /// Fade in and out over this long: no click at either end.
    static let rampMs = 8.0

    /// The samples of `sound` at `sampleRate`, peaking at `volumePercent` % of full scale.
    public static func samples(_ sound: Sound, sampleRate: Int, volumePercent: Int) -> [Int16] {
        let s = shape(of: sound)
        let rate = Double(sampleRate)
        let n = Int(rate * Double(s.durationMs) / 1000)
        let silence = Int(rate * Double(s.silenceAfterMs) / 1000)
        // The harmonics' sum of a square wave peaks at about 1.18 of its fundamental's 1: normalise it.
        let terms = stride(from: 1, through: max(1, s.harmonics), by: 2).map { Double($0) }
        let peak = peakOfSum(terms)
        let gain = 0.9 * 32767 * Double(min(100, max(0, volumePercent))) / 100 / peak
        let ramp = rate * rampMs / 1000
        var out = [Int16](repeating: 0, count: n + silence)
        for i in 0..<n {
            let t = Double(i) / rate
            var v = 0.0
            for k in terms { v += sin(2 * .pi * s.frequency * k * t) / k }
            let envelope = min(1, Double(i) / ramp, Double(n - 1 - i) / ramp)
            out[i] = Int16((v * gain * envelope).rounded())
        }
        return out
    }

    /// The highest value of Σ sin(kx)/k over a period, found by sampling it.
    private static func peakOfSum(_ terms: [Double]) -> Double {
        var best = 0.0
        for i in 0..<2048 {
            let x = 2 * Double.pi * Double(i) / 2048
            best = max(best, abs(terms.reduce(0) { $0 + sin($1 * x) / $1 }))
        }
        return max(best, 1e-9)
    }
}

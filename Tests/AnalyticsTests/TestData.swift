import Foundation
@testable import Analytics
import TeamCore

/// A seeded generator, so artefact tests see the same series on every run.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func gaussian() -> Double {
        let u = Double.random(in: Double.ulpOfOne..<1, using: &self), v = Double.random(in: 0..<1, using: &self)
        return sqrt(-2 * log(u)) * cos(2 * .pi * v)
    }
}

enum TestData {
    static let male30 = Physiology(age: 30, sex: .male, weightKg: 80, restingHR: 60, maxHR: 190, maxSource: .measured)
    static let female30 = Physiology(age: 30, sex: .female, weightKg: 80, restingHR: 60, maxHR: 190, maxSource: .measured)

    /// One sample a second at a constant heart rate.
    static func steady(bpm: Int, seconds: Int, from startMs: Int64 = 0, player: Int64 = 1) -> [Sample] {
        (0..<seconds).map { Sample(playerID: player, strapID: player, tMs: startMs + Int64($0) * 1000, bpm: bpm, contact: .detected) }
    }

    /// Realistic RR intervals (ms): a mean, respiratory sinus arrhythmia and noise.
    static func cleanRR(count: Int, meanMs: Double = 800, seed: UInt64 = 7) -> [Double] {
        var rng = SplitMix(state: seed)
        var t = 0.0
        return (0..<count).map { _ in
            let rr = meanMs + 30 * sin(2 * .pi * 0.25 * t / 1000) + 12 * rng.gaussian()
            t += rr
            return rr
        }
    }

    /// RR intervals as a strap would report them, beat end times from the cumulative sum.
    static func intervals(_ rrMs: [Double], player: Int64 = 1, startMs: Double = 0) -> [RRInterval] {
        var t = startMs
        return rrMs.map { rr in
            let r1024 = UInt16((rr * 1.024).rounded())
            t += Double(r1024) * 1000 / 1024
            return RRInterval(playerID: player, tMs: Int64(t.rounded()), rr1024: r1024)
        }
    }

    static func peaks(_ rrMs: [Double]) -> [Double] {
        var p = [0.0]
        for rr in rrMs { p.append(p[p.count - 1] + rr) }
        return p
    }
}

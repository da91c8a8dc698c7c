import TeamCore

/// One player's heart rate as time intervals: each plausible sample with skin
/// contact stands for the time until the next one (straps notify about once a
/// second), capped at `maxGapMs` so a dropout counts as no signal.
public struct HeartRateTrack: Sendable, Equatable {
    public static let maxGapMs: Int64 = 5000
    /// The last sample (or one before a gap) stands for one notification period.
    public static let lastSampleMs: Int64 = 1000

    public private(set) var tMs: [Int64] = []
    public private(set) var bpm: [Int] = []
    /// How long each sample stands for.
    public private(set) var spanMs: [Int64] = []
    /// Samples left out: no contact, or an impossible heart rate.
    public private(set) var rejected = 0

    /// - Parameter samples: one player's samples in time order.
    public init(samples: [Sample]) {
        self.init(columns: SampleColumns(samples))
    }

    /// - Parameter columns: one player's samples in time order, as columns (the first analysis reads them so).
    public init(columns: SampleColumns) {
        let n = columns.count
        tMs.reserveCapacity(n)
        bpm.reserveCapacity(n)
        for i in 0..<n {
            let t = columns.tMs[i], rate = columns.bpm[i]
            guard PlausibleHeartRate.accepts(bpm: rate, contact: columns.contact[i]) else { rejected += 1; continue }
            // Two readings at the same millisecond: keep the later one.
            if let last = tMs.last, t <= last { bpm[bpm.count - 1] = rate; continue }
            tMs.append(t)
            bpm.append(rate)
        }
        spanMs = Self.spans(tMs)
    }

    /// A track kept earlier (`RecordingFigures`): nil unless its times ascend strictly within ±2⁵² ms
    /// and every heart rate is plausible, as a track built from samples always is (a damaged cache
    /// entry must neither overflow a difference of times nor index the weight tables out of range).
    public init?(tMs: [Int64], bpm: [Int], rejected: Int) {
        let bound: Int64 = 1 << 52
        guard tMs.count == bpm.count, rejected >= 0 else { return nil }
        var previous = -bound
        for (t, rate) in zip(tMs, bpm) {
            guard t > previous, t < bound, PlausibleHeartRate.bpm.contains(rate) else { return nil }
            previous = t
        }
        self.tMs = tMs
        self.bpm = bpm
        self.rejected = rejected
        spanMs = Self.spans(tMs)
    }

    /// How long each sample stands for: until the next one, a gap longer than the cap one period only
    /// (as the last sample: one period).
    private static func spans(_ tMs: [Int64]) -> [Int64] {
        var spanMs = [Int64](repeating: lastSampleMs, count: tMs.count)
        for i in tMs.indices.dropLast() {
            let gap = tMs[i + 1] - tMs[i]
            spanMs[i] = gap > maxGapMs ? lastSampleMs : gap
        }
        return spanMs
    }

    public var isEmpty: Bool { tMs.isEmpty }
    public var count: Int { tMs.count }

    /// Index of the first sample at or after `t`.
    public func firstIndex(atOrAfter t: Int64) -> Int {
        var lo = 0, hi = tMs.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if tMs[mid] < t { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// Mean heart rate of the samples within ±`halfWidthMs` of `t`, if any.
    public func heartRate(near t: Int64, halfWidthMs: Int64 = 2500) -> Double? {
        var i = firstIndex(atOrAfter: t - halfWidthMs)
        var sum = 0, n = 0
        while i < tMs.count, tMs[i] <= t + halfWidthMs {
            sum += bpm[i]; n += 1; i += 1
        }
        return n > 0 ? Double(sum) / Double(n) : nil
    }
}

/// The first numbers a coach wants after a session, per player: how long the
/// strap gave a signal, average and peak heart rate, peak %HRmax, time in
/// zones and kcal. Samples without skin contact or with an impossible heart
/// rate are left out; a gap longer than `maxGapMs` counts as no signal.
public struct SessionDigest: Sendable, Equatable {
    public var samples: Int
    public var signalMs: Int64
    public var averageBPM: Double?
    public var minBPM: Int?
    public var maxBPM: Int?
    public var peakPercentOfMax: Double?
    /// Milliseconds in zones rest, 1…5 (index = zone raw value).
    public var zoneMs: [Int64]
    public var kcal: Double

    public static let maxGapMs: Int64 = 5000
    /// Heart rates outside this range are sensor errors, not physiology.
    public static let plausibleBPM = 25...250

    /// - Parameter samples: one player's samples, in time order.
    public init(samples: [Sample], physiology: Physiology, model: ZoneModel = .percentOfMax) {
        let valid = samples.filter { $0.contact != .notDetected && Self.plausibleBPM.contains($0.bpm) }
        self.samples = valid.count
        zoneMs = Array(repeating: 0, count: HeartRateZone.allCases.count)
        kcal = 0
        signalMs = 0
        guard !valid.isEmpty else { return }
        var weightedSum = 0.0
        for (i, s) in valid.enumerated() {
            // Each sample stands for the time until the next one (a strap notifies about once a second).
            let dt = i + 1 < valid.count ? min(valid[i + 1].tMs - s.tMs, Self.maxGapMs) : 1000
            guard dt > 0 else { continue }
            let bpm = Double(s.bpm)
            signalMs += dt
            weightedSum += bpm * Double(dt)
            zoneMs[physiology.zone(bpm, model: model).rawValue] += dt
            kcal += EnergyExpenditure.kcalPerMinute(bpm: bpm, physiology: physiology) * Double(dt) / 60_000
        }
        averageBPM = signalMs > 0 ? weightedSum / Double(signalMs) : nil
        minBPM = valid.map(\.bpm).min()
        maxBPM = valid.map(\.bpm).max()
        peakPercentOfMax = maxBPM.map { physiology.percentOfMax(Double($0)) }
    }
}

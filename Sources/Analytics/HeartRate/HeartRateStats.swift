import TeamCore

/// The heart-rate numbers of one player over a stretch of time (a session or a
/// lap): signal time, average / min / max, peak %HRmax, time in zones under
/// both models, kcal (Keytel 2005), Banister and Edwards TRIMP, effort points.
public struct HeartRateStats: Sendable, Equatable {
    public var sampleCount = 0
    /// Time covered by plausible samples with skin contact.
    public var signalMs: Int64 = 0
    public var averageBPM: Metric<Double> = .notEnoughData(.noHeartRate)
    public var minBPM: Metric<Int> = .notEnoughData(.noHeartRate)
    public var maxBPM: Metric<Int> = .notEnoughData(.noHeartRate)
    public var peakPercentOfMax: Metric<Double> = .notEnoughData(.noHeartRate)
    public var zonesOfMax = ZoneTimes()
    public var zonesOfReserve = ZoneTimes()
    public var kcal: Metric<Double> = .notEnoughData(.noHeartRate)
    public var banisterTRIMP: Metric<Double> = .notEnoughData(.noHeartRate)
    public var edwardsTRIMP: Metric<Double> = .notEnoughData(.noHeartRate)
    public var effortPoints: Metric<Double> = .notEnoughData(.noHeartRate)
    /// Signal time above `highIntensityPercentOfMax` of HRmax (docs/ANALYTICS.md, "Drills").
    public var highIntensityMs: Int64 = 0

    /// The threshold of "high intensity" team sport studies of drills report time above (% HRmax).
    public static let highIntensityPercentOfMax = 85.0

    public init() {}

    /// The share of the signal time above 85 % HRmax, in percent.
    public var highIntensityPercent: Metric<Double> {
        signalMs > 0 ? .value(Double(highIntensityMs) * 100 / Double(signalMs)) : .notEnoughData(.noHeartRate)
    }

    public func zones(_ model: ZoneModel) -> ZoneTimes {
        model == .percentOfMax ? zonesOfMax : zonesOfReserve
    }

    public var hasSignal: Bool { signalMs > 0 }

    /// Stats of the part of `track` inside [fromMs, toMs): a sample interval that
    /// straddles a bound counts for its share inside.
    init(track: HeartRateTrack, weights w: HeartRateWeights, fromMs: Int64, toMs: Int64) {
        var weightedSum = 0.0, kcal = 0.0, banister = 0.0, edwards = 0.0, effort = 0.0
        var lo = Int.max, hi = Int.min, count = 0, signal: Int64 = 0, high: Int64 = 0
        var i = track.firstIndex(atOrAfter: fromMs)
        // The sample before the range may reach into it.
        if i > 0, track.tMs[i - 1] + track.spanMs[i - 1] > fromMs { i -= 1 }
        // The zones' times add up in local buffers, not through `ZoneTimes`' array a sample at a time
        // (a uniqueness and a bounds check each): a review runs this loop over every sample of every
        // player twice or more. Safe: a zone's raw value is within 0..<HeartRateZone.allCases.count,
        // the buffers' size.
        var ofMax = [Int64](repeating: 0, count: HeartRateZone.allCases.count), ofReserve = ofMax
        let tMs = track.tMs, spans = track.spanMs, rates = track.bpm, table = w.table
        ofMax.withUnsafeMutableBufferPointer { ofMax in
            ofReserve.withUnsafeMutableBufferPointer { ofReserve in
                while i < tMs.count, tMs[i] < toMs {
                    let start = max(tMs[i], fromMs), end = min(tMs[i] + spans[i], toMs)
                    let bpm = rates[i]
                    i += 1
                    guard end > start else { continue }
                    // Wrapping arithmetic where nothing can overflow: start ≥ tMs[i] and end ≤ tMs[i] + spans[i],
                    // so 0 < ms ≤ a span ≤ `HeartRateTrack.maxGapMs`; a bpm is at most 250 (the table's size);
                    // so every sum stays below maxGapMs × the track's length.
                    let ms = end &- start, minutes = Double(ms) / 60_000
                    let entry = table[bpm]
                    count &+= 1
                    signal &+= ms
                    weightedSum += Double(bpm &* Int(ms))
                    lo = min(lo, bpm); hi = max(hi, bpm)
                    ofMax[entry.zoneOfMax] &+= ms
                    ofReserve[entry.zoneOfReserve] &+= ms
                    if entry.isHighIntensity { high &+= ms }
                    kcal += entry.kcalPerMinute * minutes
                    banister += entry.banisterPerMinute * minutes
                    edwards += entry.edwardsPerMinute * minutes
                    effort += entry.effortPerMinute * minutes
                }
            }
        }
        (sampleCount, signalMs, highIntensityMs) = (count, signal, high)
        zonesOfMax = ZoneTimes(ms: ofMax)
        zonesOfReserve = ZoneTimes(ms: ofReserve)
        guard signalMs > 0 else { return }
        averageBPM = .value(weightedSum / Double(signalMs))
        minBPM = .value(lo)
        maxBPM = .value(hi)
        peakPercentOfMax = .finite(w.physiology.percentOfMax(Double(hi)), else: .noHeartRate)
        self.kcal = .value(kcal)
        banisterTRIMP = .value(banister)
        edwardsTRIMP = .value(edwards)
        effortPoints = .value(effort)
    }
}

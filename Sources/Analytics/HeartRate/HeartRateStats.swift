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
        var lo = Int.max, hi = Int.min
        var i = track.firstIndex(atOrAfter: fromMs)
        // The sample before the range may reach into it.
        if i > 0, track.tMs[i - 1] + track.spanMs[i - 1] > fromMs { i -= 1 }
        while i < track.count, track.tMs[i] < toMs {
            let start = max(track.tMs[i], fromMs), end = min(track.tMs[i] + track.spanMs[i], toMs)
            let bpm = track.bpm[i]
            i += 1
            guard end > start else { continue }
            let ms = end - start, minutes = Double(ms) / 60_000
            sampleCount += 1
            signalMs += ms
            weightedSum += Double(bpm * Int(ms))
            lo = min(lo, bpm); hi = max(hi, bpm)
            zonesOfMax[w.zoneOfMax[bpm]] += ms
            zonesOfReserve[w.zoneOfReserve[bpm]] += ms
            if w.isHighIntensity[bpm] { highIntensityMs += ms }
            kcal += w.kcalPerMinute[bpm] * minutes
            banister += w.banisterPerMinute[bpm] * minutes
            edwards += w.edwardsPerMinute[bpm] * minutes
            effort += w.effortPerMinute[bpm] * minutes
        }
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

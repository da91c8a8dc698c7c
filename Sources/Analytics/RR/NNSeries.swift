import TeamCore

/// Normal-to-normal intervals of one player: the recorded RR intervals split
/// into continuous stretches, each corrected by Lipponen–Tarvainen on the raw
/// series, then judged for plausibility.
///
/// Order matters: an extra beat splits one interval into a short and a long part
/// (e.g. 200 + 600 ms). Dropped before the correction, the short part would break
/// the stretch and leave the long part as the first interval of the next, where no
/// correction reaches it; kept, the correction sees the pair and merges it back.
/// So only intervals that cannot be beats at all (0) are left out before; what is
/// still implausible after the correction (`PlausibleHeartRate.rrMs`) is dropped then,
/// and the stretch breaks there.
public struct NNSeries: Sendable, Equatable {
    /// One continuous stretch of beats.
    public struct Stretch: Sendable, Equatable {
        /// When each beat ended, ms since session start.
        public var endMs: [Double]
        /// NN interval ending at that beat, ms.
        public var nnMs: [Double]

        public init(endMs: [Double], nnMs: [Double]) {
            self.endMs = endMs
            self.nnMs = nnMs
        }
    }

    /// One recorded beat: when it ended (ms since session start) and the interval before it (ms).
    public struct Beat: Sendable, Equatable {
        public var endMs: Double
        public var ms: Double

        public init(endMs: Double, ms: Double) {
            self.endMs = endMs
            self.ms = ms
        }
    }

    /// A run of recorded beats whose times follow from their intervals: the correction's input.
    public struct Segment: Sendable, Equatable {
        /// When the first interval began, ms since session start.
        public var startMs: Double
        /// Beat times relative to `startMs`: 0, then the cumulative sum of the intervals.
        public var peaks: [Double]
        /// For each peak after the first, the index of its beat in the recorded series.
        public var beatIndices: [Int]
    }

    /// A beat whose recorded time is further than this from where the previous
    /// beat plus its interval puts it means intervals were lost (dropout, full packet).
    public static let breakToleranceMs = 1000.0

    public private(set) var stretches: [Stretch] = []
    public private(set) var report = RRCorrectionReport()

    public init(stretches: [Stretch], report: RRCorrectionReport) {
        self.stretches = stretches
        self.report = report
    }

    /// - Parameter intervals: one player's RR intervals in time order, exact in the strap's 1/1024 s.
    public init(intervals: [RRInterval]) {
        self.init(beats: intervals.map { Beat(endMs: Double($0.tMs), ms: $0.milliseconds) })
    }

    /// - Parameter beats: one player's beats in time order (intervals in ms, kept exactly).
    public init(beats: [Beat]) {
        report.recorded = beats.count
        let segments = Self.segments(beats)
        report.rejected = beats.count - segments.reduce(0) { $0 + $1.beatIndices.count }
        for segment in segments where segment.peaks.count >= 2 { appendCleaned(segment, beats: beats) }
    }

    /// Splits recorded beats into the runs the correction works on. An interval that is no
    /// interval at all (0 or less, not a number) is left out and breaks the run, as does a
    /// beat whose time does not follow from the previous one (intervals were lost).
    public static func segments(_ beats: [Beat]) -> [Segment] {
        // Each run found first, then its peaks and indices written into arrays of its exact size:
        // appending a beat at a time to an optional `Segment` took ≈ 90 instructions a beat (issue 34).
        var out: [Segment] = []
        beats.withUnsafeBufferPointer { beats in
            let n = beats.count
            var first = 0
            while first < n {
                let start = beats[first]
                guard start.ms > 0, start.ms.isFinite, start.endMs.isFinite else { first += 1; continue }
                // The run goes on while the next beat is one and follows from the previous beat.
                var end = first + 1, previousEnd = start.endMs
                while end < n {
                    let beat = beats[end]
                    guard beat.ms > 0, beat.ms.isFinite, beat.endMs.isFinite,
                          !(abs(beat.endMs - (previousEnd + beat.ms)) > breakToleranceMs) else { break }
                    previousEnd = beat.endMs
                    end += 1
                }
                let count = end - first
                let peaks = [Double](unsafeUninitializedCapacity: count + 1) { peaks, initialized in
                    var last = 0.0
                    peaks[0] = last
                    for k in 0..<count {
                        last += beats[first + k].ms
                        peaks[k + 1] = last
                    }
                    initialized = count + 1
                }
                let indices = [Int](unsafeUninitializedCapacity: count) { indices, initialized in
                    for k in 0..<count { indices[k] = first + k }
                    initialized = count
                }
                out.append(Segment(startMs: start.endMs - start.ms, peaks: peaks, beatIndices: indices))
                first = end
            }
        }
        return out
    }

    private mutating func appendCleaned(_ segment: Segment, beats: [Beat]) {
        let (cleaned, passes) = LipponenTarvainen.clean(peaks: segment.peaks)
        for pass in passes { report.add(pass) }
        report.passes += passes.count
        let origin = Self.origins(of: cleaned, in: segment.peaks)
        report.corrected += Self.intervalsChanged(origin, originalCount: segment.peaks.count)
        let count = cleaned.count
        guard count >= 2 else { return }
        // Every interval first, then each stretch's arrays written at their size: appending a beat at
        // a time to a growing stretch took ≈ 75 instructions a beat (issue 34). Memory safety: k and
        // k − 1 are in [0, count); origin[k] > 0 is below the original peaks' count, so origin[k] − 1
        // indexes `beatIndices` (one a peak after the first), whose values index `beats`.
        let nn = [Double](unsafeUninitializedCapacity: count) { nn, initialized in
            cleaned.withUnsafeBufferPointer { cleaned in
                origin.withUnsafeBufferPointer { origin in
                    segment.beatIndices.withUnsafeBufferPointer { indices in
                        beats.withUnsafeBufferPointer { beats in
                            nn[0] = 0 // no interval ends at the first peak; never read
                            for k in 1..<count {
                                // An interval the correction left alone is the recorded one, exactly (not a
                                // difference of cumulative sums, which would round it).
                                let untouched = origin[k] > 0 && origin[k - 1] == origin[k] - 1
                                nn[k] = untouched ? beats[indices[origin[k] - 1]].ms : cleaned[k] - cleaned[k - 1]
                            }
                        }
                    }
                }
            }
            initialized = count
        }
        // Plausibility after the correction: an interval no heart makes breaks the stretch.
        let plausible = PlausibleHeartRate.rrMs, startMs = segment.startMs
        var from = 1 // the stretch being gathered: intervals [from, k)
        for k in 1...count {
            if k < count {
                guard !plausible.contains(nn[k]) else { continue }
                report.implausible += 1
            }
            if k > from {
                let endMs = [Double](unsafeUninitializedCapacity: k - from) { endMs, initialized in
                    for j in from..<k { endMs[j - from] = startMs + cleaned[j] }
                    initialized = k - from
                }
                stretches.append(Stretch(endMs: endMs, nnMs: Array(nn[from..<k])))
                report.stretches += 1
            }
            from = k + 1
        }
    }

    /// For each corrected peak, the index of the same peak among the original ones, or −1
    /// for a peak the correction inserted or moved. The correction copies the peaks it
    /// leaves alone, so they are equal bit for bit; both series ascend.
    static func origins(of corrected: [Double], in original: [Double]) -> [Int] {
        // Through buffer pointers (j < corrected.count, i < original.count where read): ≈ 40
        // instructions a beat went to the arrays' checks (issue 34).
        [Int](unsafeUninitializedCapacity: corrected.count) { out, initialized in
            corrected.withUnsafeBufferPointer { corrected in
                original.withUnsafeBufferPointer { original in
                    let originalCount = original.count, correctedCount = corrected.count
                    var i = 0, j = 0
                    while j < correctedCount {
                        let peak = corrected[j]
                        while i < originalCount, original[i] < peak { i += 1 }
                        guard i < originalCount, original[i] == peak else { out[j] = -1; j += 1; continue }
                        out[j] = i; i += 1; j += 1
                        // Most peaks after a kept one are the next original ones: eight at a time while all eight
                        // are equal (==, as above: each would be found at i, nothing below it), ≈ 15 instructions
                        // a beat the one-at-a-time merge took (issue 34).
                        while j &+ 8 <= correctedCount, i &+ 8 <= originalCount {
                            var same = SIMD2<Double>(repeating: 0) .== SIMD2<Double>(repeating: 0)
                            for t in stride(from: 0, to: 8, by: 2) {
                                let a = UnsafeRawPointer(corrected.baseAddress! + j + t).loadUnaligned(as: SIMD2<Double>.self)
                                let b = UnsafeRawPointer(original.baseAddress! + i + t).loadUnaligned(as: SIMD2<Double>.self)
                                same = same .& (a .== b)
                            }
                            guard all(same) else { break }
                            for t in 0..<8 { out[j &+ t] = i &+ t }
                            i &+= 8; j &+= 8
                        }
                    }
                }
            }
            initialized = corrected.count
        }
    }

    /// How many intervals the correction changed, inserted or removed. The peaks it left
    /// alone cut both series into runs; a run that differs counts the larger of its interval
    /// counts before and after: a moved beat changes its two intervals, an extra beat merged
    /// into the next turns two recorded intervals into one, a missed beat one into two.
    static func intervalsChanged(_ origin: [Int], originalCount: Int) -> Int {
        var changed = 0, lastOriginal = -1, lastCorrected = -1
        origin.withUnsafeBufferPointer { origin in
            let n = origin.count
            var j = 0
            while j < n {
                // A kept peak right after the last one in both series changes nothing (`runChange(1, 1)`):
                // eight such at a time, ≈ 26 instructions a beat one at a time took (issue 34).
                if lastOriginal >= 0, j == lastCorrected &+ 1 {
                    while j &+ 8 <= n {
                        var apart = 0
                        for t in 0..<8 { apart |= origin[j &+ t] ^ (lastOriginal &+ 1 &+ t) }
                        guard apart == 0 else { break }
                        j &+= 8; lastOriginal &+= 8; lastCorrected &+= 8
                    }
                    guard j < n else { break }
                }
                let i = origin[j]
                if i >= 0 {
                    if lastOriginal >= 0 { changed += Self.runChange(i - lastOriginal, j - lastCorrected) }
                    (lastOriginal, lastCorrected) = (i, j)
                }
                j += 1
            }
        }
        guard lastOriginal >= 0 else { return max(originalCount, origin.count) - 1 }
        return changed + max(originalCount - 1 - lastOriginal, origin.count - 1 - lastCorrected)
    }

    /// Intervals changed between two shared peaks `originalSteps` and `correctedSteps` apart.
    private static func runChange(_ originalSteps: Int, _ correctedSteps: Int) -> Int {
        originalSteps == 1 && correctedSteps == 1 ? 0 : max(originalSteps, correctedSteps)
    }

    /// The beats that ended within [fromMs, toMs), stretch by stretch.
    public func window(fromMs: Double, toMs: Double) -> NNSeries {
        var out: [Stretch] = []
        for s in stretches {
            guard let first = s.endMs.firstIndex(where: { $0 >= fromMs }) else { continue }
            var last = first
            while last < s.endMs.count, s.endMs[last] < toMs { last += 1 }
            if last > first { out.append(Stretch(endMs: Array(s.endMs[first..<last]), nnMs: Array(s.nnMs[first..<last]))) }
        }
        return NNSeries(stretches: out, report: report)
    }

    public var beatCount: Int { stretches.reduce(0) { $0 + $1.nnMs.count } }
}

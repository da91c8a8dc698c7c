import TeamCore

/// Normal-to-normal intervals of one player: the recorded RR intervals split
/// into continuous stretches, each cleaned by Lipponen–Tarvainen.
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

    /// A beat whose recorded time is further than this from where the previous
    /// beat plus its interval puts it means intervals were lost (dropout, full packet).
    public static let breakToleranceMs = 1000.0

    public private(set) var stretches: [Stretch] = []
    public private(set) var report = RRCorrectionReport()

    public init(stretches: [Stretch], report: RRCorrectionReport) {
        self.stretches = stretches
        self.report = report
    }

    /// - Parameter intervals: one player's RR intervals in time order.
    public init(intervals: [RRInterval]) {
        report.recorded = intervals.count
        var peaks: [Double] = []
        var startMs = 0.0
        func close() {
            if peaks.count >= 2 { appendCleaned(peaks, startMs: startMs) }
            peaks.removeAll(keepingCapacity: true)
        }
        var previousEnd = -Double.infinity
        for r in intervals {
            let ms = r.milliseconds, end = Double(r.tMs)
            guard PlausibleHeartRate.rrMs.contains(ms) else { report.rejected += 1; close(); previousEnd = -.infinity; continue }
            if peaks.isEmpty || abs(end - (previousEnd + ms)) > Self.breakToleranceMs {
                close()
                startMs = end - ms
                peaks = [0]
            }
            peaks.append(peaks[peaks.count - 1] + ms)
            previousEnd = end
        }
        close()
    }

    private mutating func appendCleaned(_ peaks: [Double], startMs: Double) {
        let (cleaned, passes) = LipponenTarvainen.clean(peaks: peaks)
        for pass in passes { report.add(pass) }
        report.passes += passes.count
        guard cleaned.count >= 2 else { return }
        var stretch = Stretch(endMs: [], nnMs: [])
        stretch.endMs.reserveCapacity(cleaned.count - 1)
        stretch.nnMs.reserveCapacity(cleaned.count - 1)
        for k in 1..<cleaned.count {
            stretch.endMs.append(startMs + cleaned[k])
            stretch.nnMs.append(cleaned[k] - cleaned[k - 1])
        }
        stretches.append(stretch)
        report.stretches += 1
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

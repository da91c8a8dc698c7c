/// Turns the sensor worker's events into the rows a session stores, and hands
/// them out in batches (the store commits one batch per second of session).
///
/// Pure: no clock of its own. Event timestamps are the app's monotonic nanoseconds;
/// `start` is the same clock's reading when the session began.
public struct SessionRecording: Sendable {
    /// Rows for one transaction.
    public struct Batch: Sendable, Equatable {
        public var samples: [Sample] = []
        public var rrIntervals: [RRInterval] = []
        public var strapEvents: [StrapEvent] = []
        public init() {}
        public var isEmpty: Bool { samples.isEmpty && rrIntervals.isEmpty && strapEvents.isEmpty }
    }

    /// What happened to the events offered, for the session's loss report.
    public struct Counters: Sendable, Equatable {
        public var samples = 0
        public var rrIntervals = 0
        public var strapEvents = 0
        /// Events from straps nobody in this session wears.
        public var unassigned = 0
        /// Events stamped before the session started.
        public var early = 0
        public init() {}
    }

    public let start: SessionStart
    /// Who wears which strap: an event of a strap nobody in the session wears is counted, not kept.
    public let lineup: Lineup
    public private(set) var counters = Counters()
    private var pending = Batch()
    private var lastBattery: [StrapIndex: UInt8] = [:]
    /// Per player, where the last RR interval was placed (1/1024 ms units, and the stored ms).
    private var lastRR: [Int64: (endUnits: Int64, tMs: Int64)] = [:]

    public init(start: SessionStart, lineup: Lineup) {
        self.start = start
        self.lineup = lineup
    }

    /// Milliseconds since session start for an app-clock timestamp.
    public func offsetMs(_ timestampNs: UInt64) -> Int64 { start.offsetMs(timestampNs) }

    /// Files one event; returns false when it is not the session's (a strap nobody in it wears,
    /// or stamped before it began), which is counted and not kept.
    @discardableResult
    public mutating func ingest(_ event: SensorEvent) -> Bool {
        guard let wearer = lineup.wearer(ofStrap: event.strap), let strapID = wearer.strapID else { counters.unassigned += 1; return false }
        guard event.timestampNs >= start.ns else { counters.early += 1; return false }
        let t = offsetMs(event.timestampNs)
        switch event.kind {
        case .measurement, .advert:
            pending.samples.append(Sample(playerID: wearer.playerID, strapID: strapID, tMs: t,
                                          bpm: Int(event.bpm), contact: event.contact,
                                          energyKJ: event.hasEnergy ? Int(event.energyKJ) : nil))
            counters.samples += 1
            appendRR(of: event, at: t, player: wearer.playerID)
            if event.battery != SensorEvent.noBattery { noteBattery(event.battery, strap: event.strap, strapID: strapID, t: t) }
        case .battery:
            noteBattery(event.battery, strap: event.strap, strapID: strapID, t: t)
        case .link:
            pending.strapEvents.append(StrapEvent(strapID: strapID, tMs: t, kind: .link, value: Int(event.link.rawValue)))
            counters.strapEvents += 1
        }
        return true
    }

    /// The rows gathered since the last call.
    public mutating func takeBatch() -> Batch {
        defer { pending = Batch() }
        return pending
    }

    /// RR intervals that arrive together are the beats of the last second:
    /// the last one ends at the arrival time, each earlier one ends where the
    /// next began (cumulative sum backwards), in exact 1/1024 s arithmetic.
    ///
    /// Beats never end before the previous beat's end plus their own length: a
    /// packet whose intervals add up to more than the time since the last one
    /// (a strap that buffered beats, arrival jitter) continues the chain instead
    /// of overlapping it. Rows are read back in time order, and HRV depends on the
    /// order of successive intervals, so time order must be arrival order.
    ///
    /// A beat that ended before the session began (the first packet's earlier beats) is not the
    /// session's, as an event stamped before it is not: it only anchors the chain. Kept, it would be
    /// the one row before time zero — the club refuses such a session ("RR times must not go back").
    private mutating func appendRR(of event: SensorEvent, at arrivalMs: Int64, player: Int64) {
        let n = Int(event.rrCount)
        guard n > 0 else { return }
        // Exact integer arithmetic in units of 1/1024 ms: an RR of r/1024 s is r·1000 units.
        let arrivalUnits = arrivalMs * 1024
        var backFromArrival: Int64 = 0 // from the arrival back to the end of beat i
        var ends = [Int64](repeating: 0, count: n)
        for i in stride(from: n - 1, through: 0, by: -1) {
            ends[i] = arrivalUnits - backFromArrival
            backFromArrival += Int64(event.rr[i]) * 1000
        }
        var previous = lastRR[player]
        for i in 0..<n {
            var end = ends[i]
            if let p = previous { end = max(end, p.endUnits + Int64(event.rr[i]) * 1000) }
            // Round to the nearest millisecond; strictly after the previous row.
            var tMs = (end + 512).floorDiv(1024)
            if let p = previous, tMs <= p.tMs { tMs = p.tMs + 1 }
            previous = (end, tMs)
            guard tMs >= 0 else { continue }
            pending.rrIntervals.append(RRInterval(playerID: player, tMs: tMs, rr1024: event.rr[i]))
            counters.rrIntervals += 1
        }
        lastRR[player] = previous
    }

    private mutating func noteBattery(_ level: UInt8, strap: StrapIndex, strapID: Int64, t: Int64) {
        guard lastBattery[strap] != level else { return }
        lastBattery[strap] = level
        pending.strapEvents.append(StrapEvent(strapID: strapID, tMs: t, kind: .battery, value: Int(level)))
        counters.strapEvents += 1
    }
}

extension Int64 {
    /// Division rounding towards minus infinity (beats before the session start get negative offsets).
    func floorDiv(_ d: Int64) -> Int64 {
        let q = self / d
        return (self % d != 0 && (self < 0) != (d < 0)) ? q - 1 : q
    }
}

import TeamCore

/// One player's figures over one drill (or a week's occurrences of it): what `sideline drills` and the
/// kiosk's "across the season" show (docs/ANALYTICS.md, "Drills"). Built from `HeartRateStats` over the
/// drill's span, so TRIMP, zones and the 85 % line have one definition.
public struct DrillFigures: Sendable, Equatable {
    /// Time with a heart rate, in the drill.
    public var signalMs: Int64 = 0
    /// Σ bpm × ms, for the time-weighted mean.
    private var bpmMs = 0.0
    public var peakBPM: Int?
    public var highIntensityMs: Int64 = 0
    public var trimp = 0.0
    /// Per zone (rest, 1…5), under the session's zone model.
    public var zones = ZoneTimes()

    public init() {}

    /// One player over one occurrence of the drill.
    public init(_ stats: HeartRateStats, zoneModel: ZoneModel) {
        self += (stats, zoneModel)
    }

    public var minutes: Double { Double(signalMs) / 60_000 }
    public var meanBPM: Double? { signalMs > 0 ? bpmMs / Double(signalMs) : nil }
    /// % of the time with a signal above 85 % HRmax.
    public var highIntensityPercent: Double? { signalMs > 0 ? Double(highIntensityMs) * 100 / Double(signalMs) : nil }

    /// Adds an occurrence: minutes, time above the line, TRIMP and zones summed, the mean weighted by time, the peak the highest.
    public static func += (a: inout DrillFigures, b: (stats: HeartRateStats, zoneModel: ZoneModel)) {
        guard b.stats.hasSignal else { return }
        a.signalMs += b.stats.signalMs
        a.bpmMs += (b.stats.averageBPM.value ?? 0) * Double(b.stats.signalMs)
        if let peak = b.stats.maxBPM.value { a.peakBPM = max(a.peakBPM ?? peak, peak) }
        a.highIntensityMs += b.stats.highIntensityMs
        a.trimp += b.stats.banisterTRIMP.value ?? 0
        a.zones += b.stats.zones(b.zoneModel)
    }
}

/// The team's figures of a drill: the mean over its players with a signal of each player's figure (a
/// player counts once however long they played), the zones as mean minutes.
public struct TeamDrillFigures: Sendable, Equatable {
    public var players: Int
    public var minutes: Double?
    public var meanBPM: Double?
    public var peakBPM: Double?
    public var highIntensityPercent: Double?
    public var trimp: Double?
    /// Mean minutes per zone (rest, 1…5).
    public var zoneMinutes: [Double]

    public init(_ figures: [DrillFigures]) {
        let played = figures.filter { $0.signalMs > 0 }
        players = played.count
        func mean(_ value: (DrillFigures) -> Double?) -> Double? {
            let values = played.compactMap(value)
            return values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
        }
        minutes = mean { $0.minutes }
        meanBPM = mean(\.meanBPM)
        peakBPM = mean { $0.peakBPM.map(Double.init) }
        highIntensityPercent = mean(\.highIntensityPercent)
        trimp = mean { $0.trimp }
        zoneMinutes = HeartRateZone.allCases.map { zone in mean { $0.zones.minutes(zone) } ?? 0 }
    }
}

/// One drill across the season, week by week (weeks from Monday, the kiosk's local days): each week's
/// occurrences pooled per player, and the team's mean of them.
public struct DrillSeason: Sendable, Equatable {
    /// One session's occurrence of the drill (a session may run it more than once).
    public struct Occurrence: Sendable {
        public var day: CalendarDay
        public var sessionID: Int64
        public var zoneModel: ZoneModel
        /// Each player's stats over the drill's span, by player id.
        public var players: [Int64: HeartRateStats]

        public init(day: CalendarDay, sessionID: Int64, zoneModel: ZoneModel, players: [Int64: HeartRateStats]) {
            self.day = day
            self.sessionID = sessionID
            self.zoneModel = zoneModel
            self.players = players
        }
    }

    public struct Week: Sendable, Equatable {
        /// Its Monday.
        public var monday: CalendarDay
        /// The sessions that ran the drill that week, in time order.
        public var sessionIDs: [Int64]
        public var players: [Int64: DrillFigures]
        public var team: TeamDrillFigures
    }

    public var weeks: [Week]

    public init(_ occurrences: [Occurrence]) {
        var byWeek: [CalendarDay: [Occurrence]] = [:]
        for o in occurrences { byWeek[Self.monday(of: o.day), default: []].append(o) }
        weeks = byWeek.keys.sorted().map { monday in
            let these = byWeek[monday] ?? []
            var players: [Int64: DrillFigures] = [:]
            for o in these {
                for (id, stats) in o.players { players[id, default: DrillFigures()] += (stats, o.zoneModel) }
            }
            var ids: [Int64] = []
            for o in these where !ids.contains(o.sessionID) { ids.append(o.sessionID) }
            return Week(monday: monday, sessionIDs: ids, players: players, team: TeamDrillFigures(players.keys.sorted().compactMap { players[$0] }))
        }
    }

    /// The Monday of the week `day` is in (ISO weeks). Day 0, 1970-01-01, was a Thursday.
    public static func monday(of day: CalendarDay) -> CalendarDay {
        day.adding(days: -((day.dayNumber % 7 + 7 + 3) % 7))
    }
}

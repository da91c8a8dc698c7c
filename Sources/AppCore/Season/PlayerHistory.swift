/// One player's season for their history screen: every session across teams, and the figures of
/// the small charts — daily load with Strain and Tolerance, weekly time in zones, HRR60, readiness
/// lnRMSSD with its normal band, the morning wellness totals. Prepared by the shell from the season analysis.
public struct PlayerHistory: Sendable, Equatable {
    /// One day of the load chart.
    public struct Day: Sendable, Equatable {
        public var dayNumber: Int
        public var load: Double
        public var strain: Double
        public var tolerance: Double
        /// The day's sRPE load, and TRIMP ÷ sRPE of its rated sessions (nil: none rated).
        public var srpe: Double
        public var trimpToSRPE: Double?
        public init(dayNumber: Int, load: Double, strain: Double, tolerance: Double, srpe: Double = 0, trimpToSRPE: Double? = nil) {
            self.dayNumber = dayNumber
            self.load = load
            self.strain = strain
            self.tolerance = tolerance
            self.srpe = srpe
            self.trimpToSRPE = trimpToSRPE
        }
    }

    /// A week of the zones chart (the 7 days ending on `lastDay`).
    public struct Week: Sendable, Equatable {
        public var lastDay: SeasonDay
        /// Milliseconds in rest, zone 1 … zone 5.
        public var zoneMs: [Int64]
        public var load: Double
        /// Foster's monotony; nil when every day was the same.
        public var monotony: Double?
        public init(lastDay: SeasonDay, zoneMs: [Int64], load: Double, monotony: Double?) {
            self.lastDay = lastDay
            self.zoneMs = zoneMs
            self.load = load
            self.monotony = monotony
        }
    }

    /// A value on a day (HRR60 of a session).
    public struct Point: Sendable, Equatable {
        public var dayNumber: Int
        public var value: Double
        public init(dayNumber: Int, value: Double) {
            self.dayNumber = dayNumber
            self.value = value
        }
    }

    /// A readiness check: its lnRMSSD, and the normal range it was read against (nil while building a baseline).
    public struct Check: Sendable, Equatable {
        public var dayNumber: Int
        public var lnRMSSD: Double
        public var normalLow: Double?
        public var normalHigh: Double?
        public var status: SeasonWord
        public init(dayNumber: Int, lnRMSSD: Double, normalLow: Double?, normalHigh: Double?, status: SeasonWord) {
            self.dayNumber = dayNumber
            self.lnRMSSD = lnRMSSD
            self.normalLow = normalLow
            self.normalHigh = normalHigh
            self.status = status
        }
    }

    /// A session of the player's, any team's, newest first in `sessions`.
    public struct SessionEntry: Sendable, Equatable {
        public var sessionID: Int64
        public var teamName: String
        public var day: SeasonDay
        public var tags: [String]
        /// Cardio load; nil for a readiness check (not training).
        public var load: Double?
        /// The readiness check's lnRMSSD.
        public var lnRMSSD: Double?
        /// The player's session RPE and its sRPE load; nil: not rated.
        public var rpe: Int?
        public var srpeLoad: Double?
        /// A fitness test's HRex (% HRmax), with its change since the player's previous test of the same run and pace
        /// (a word: better, within or worse than the typical error).
        public var hrex: Double?
        public var hrexChange: SeasonWord?
        public init(sessionID: Int64, teamName: String, day: SeasonDay, tags: [String], load: Double?, lnRMSSD: Double?,
                    rpe: Int? = nil, srpeLoad: Double? = nil, hrex: Double? = nil, hrexChange: SeasonWord? = nil) {
            self.sessionID = sessionID
            self.teamName = teamName
            self.day = day
            self.tags = tags
            self.load = load
            self.lnRMSSD = lnRMSSD
            self.rpe = rpe
            self.srpeLoad = srpeLoad
            self.hrex = hrex
            self.hrexChange = hrexChange
        }
    }

    public var playerID: Int64
    /// Today's row of the table (the figures over the charts).
    public var line: SeasonLine
    /// The charts' days, oldest first, ending today.
    public var days: [Day]
    public var weeks: [Week]
    public var recoveries: [Point]
    /// The posture of the checks shown (only checks in one posture compare): the latest check's.
    public var checkPosture: String?
    public var checks: [Check]
    public var sessions: [SessionEntry]
    /// The mornings answered in the charts' days, oldest first.
    public var wellness: [WellnessFigure]

    public init(playerID: Int64, line: SeasonLine, days: [Day], weeks: [Week], recoveries: [Point], checkPosture: String?,
                checks: [Check], sessions: [SessionEntry], wellness: [WellnessFigure] = []) {
        self.playerID = playerID
        self.line = line
        self.days = days
        self.weeks = weeks
        self.recoveries = recoveries
        self.checkPosture = checkPosture
        self.checks = checks
        self.sessions = sessions
        self.wellness = wellness
    }
}

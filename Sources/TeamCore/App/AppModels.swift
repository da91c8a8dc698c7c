import Foundation

/// A team as the team picker shows it (loaded by the shell from the store).
public struct TeamCard: Sendable, Equatable {
    public var team: Team
    public var playerCount: Int
    public var lastSessionAt: Date?
    public var unreviewedSessions: Int
    /// Every session of the team (deleting the team says how many go with it).
    public var sessionCount: Int
    /// The tags of its last session: the lobby starts from them.
    public var lastTags: [String]
    public init(team: Team, playerCount: Int, lastSessionAt: Date?, unreviewedSessions: Int, sessionCount: Int = 0,
                lastTags: [String] = []) {
        self.team = team
        self.playerCount = playerCount
        self.lastSessionAt = lastSessionAt
        self.unreviewedSessions = unreviewedSessions
        self.sessionCount = sessionCount
        self.lastTags = lastTags
    }
}

/// A roster line: the player, their number in this team and their default strap id.
public struct RosterLine: Sendable, Equatable {
    public var playerID: Int64
    public var player: Player
    public var shirtNumber: Int
    public var strapID: Int64?
    /// The stored photo's version (when it was imported); nil: the screens show initials.
    public var photoVersion: Int64?
    public init(playerID: Int64, player: Player, shirtNumber: Int, strapID: Int64?, photoVersion: Int64? = nil) {
        self.playerID = playerID
        self.player = player
        self.shirtNumber = shirtNumber
        self.strapID = strapID
        self.photoVersion = photoVersion
    }
}

/// One entry of the strap table the sensor source listens to; its position is `SensorEvent.strap`.
public struct StrapSlot: Sendable, Equatable {
    public var strapID: Int64
    public var address: String
    public var name: String
    public init(strapID: Int64, address: String, name: String) {
        self.strapID = strapID
        self.address = address
        self.name = name
    }
}

/// One strap in a discovery scan, by its index in the strap table.
public struct HeardStrap: Sendable, Equatable {
    public var strapIndex: UInt16
    public var rssi: Int
    public var battery: Int?
    /// Accepts a connection or broadcasts its heart rate: usable. A strap that does
    /// neither is usually held by a phone app or a watch.
    public var usable: Bool
    public init(strapIndex: UInt16, rssi: Int, battery: Int?, usable: Bool = true) {
        self.strapIndex = strapIndex
        self.rssi = rssi
        self.battery = battery
        self.usable = usable
    }
}

/// A finished session as the review list shows it.
public struct SessionCard: Sendable, Equatable {
    public var sessionID: Int64
    public var startedAt: Date
    public var durationMs: Int64
    public var playerCount: Int
    public var reviewed: Bool
    /// The effort's length, without the recovery minute recorded after it.
    public var effortMs: Int64
    public var tags: [String]
    /// The team's average heart rate over the effort; nil: nobody had one.
    public var averageBPM: Double?
    public init(sessionID: Int64, startedAt: Date, durationMs: Int64, playerCount: Int, reviewed: Bool,
                effortMs: Int64? = nil, tags: [String] = [], averageBPM: Double? = nil) {
        self.sessionID = sessionID
        self.startedAt = startedAt
        self.durationMs = durationMs
        self.playerCount = playerCount
        self.reviewed = reviewed
        self.effortMs = effortMs ?? durationMs
        self.tags = tags
        self.averageBPM = averageBPM
    }
}

/// One heart-rate point of a review graph.
public struct SeriesPoint: Sendable, Equatable {
    public var tMs: Int64
    public var bpm: Int
    public init(tMs: Int64, bpm: Int) {
        self.tMs = tMs
        self.bpm = bpm
    }
}

/// One player's part of a reviewed session, prepared by the shell.
public struct ReviewPlayer: Sendable, Equatable {
    public var playerID: Int64
    public var name: String
    public var shirtNumber: Int
    /// As it was that day (the session's snapshot).
    public var physiology: Physiology
    public var series: [SeriesPoint]
    /// The analysis's numbers (the same as the exports').
    public var digest: SessionDigest
    /// The same player's previous comparable session (same team, same tags), for comparison.
    public var previous: ReviewComparison?
    /// Extra figures (label, value) from the analytics module when it is present.
    public var analytics: [AnalyticsFigure]
    public init(playerID: Int64, name: String, shirtNumber: Int, physiology: Physiology, series: [SeriesPoint],
                digest: SessionDigest, previous: ReviewComparison? = nil, analytics: [AnalyticsFigure] = []) {
        self.playerID = playerID
        self.name = name
        self.shirtNumber = shirtNumber
        self.physiology = physiology
        self.series = series
        self.digest = digest
        self.previous = previous
        self.analytics = analytics
    }
}

/// A player's previous comparable session: when, its numbers and its line (drawn faintly behind today's).
public struct ReviewComparison: Sendable, Equatable {
    public var sessionID: Int64
    public var startedAt: Date
    public var digest: SessionDigest
    public var series: [SeriesPoint]
    public init(sessionID: Int64, startedAt: Date, digest: SessionDigest, series: [SeriesPoint]) {
        self.sessionID = sessionID
        self.startedAt = startedAt
        self.digest = digest
        self.series = series
    }
}

/// The team in one stretch of a session: the mean heart rate of the players with a signal, and
/// the lowest and highest of them (the team graph's band).
public struct TeamBandPoint: Sendable, Equatable {
    /// The stretch's middle, ms since the session start.
    public var tMs: Int64
    public var meanBPM: Double
    public var minBPM: Double
    public var maxBPM: Double
    public init(tMs: Int64, meanBPM: Double, minBPM: Double, maxBPM: Double) {
        self.tMs = tMs
        self.meanBPM = meanBPM
        self.minBPM = minBPM
        self.maxBPM = maxBPM
    }
}

public struct AnalyticsFigure: Sendable, Equatable {
    public var label: String
    public var value: String
    public init(label: String, value: String) {
        self.label = label
        self.value = value
    }
}

/// A whole session for the review screen.
public struct ReviewData: Sendable, Equatable {
    public var sessionID: Int64
    public var startedAt: Date
    public var durationMs: Int64
    public var lapsMs: [Int64]
    public var players: [ReviewPlayer]
    /// Where the effort ended when a recovery minute was recorded after it (the graph marks it).
    public var effortEndMs: Int64?
    /// The zone model the session was recorded under: review shows zones as they were, whatever today's setting.
    public var zoneModel: ZoneModel
    /// The session's context tags (what "comparable" means for the previous session).
    public var tags: [String]
    /// The team's mean heart rate with its lowest and highest player, stretch by stretch.
    public var teamBand: [TeamBandPoint]
    public init(sessionID: Int64, startedAt: Date, durationMs: Int64, lapsMs: [Int64], players: [ReviewPlayer],
                effortEndMs: Int64? = nil, zoneModel: ZoneModel = .percentOfMax, tags: [String] = [],
                teamBand: [TeamBandPoint] = []) {
        self.zoneModel = zoneModel
        self.tags = tags
        self.teamBand = teamBand
        self.sessionID = sessionID
        self.startedAt = startedAt
        self.durationMs = durationMs
        self.lapsMs = lapsMs
        self.players = players
        self.effortEndMs = effortEndMs
    }
}

import Foundation
import TeamCore

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
    /// An interval program's blocks, read back from the laps that closed them (none without one).
    public var intervalBlocks: [SessionPhase]
    /// The session's drills, in time order, with the team's and each player's figures.
    public var drills: [ReviewDrill] = []
    /// The challenge the session had, with its result; nil: none.
    public var challenge: SessionChallenge?
    /// Players who held a heart rate above their HRmax on file: the coach is asked, one at a time.
    public var maxHRSuggestions: [MaxHeartRateSuggestion]
    public init(sessionID: Int64, startedAt: Date, durationMs: Int64, lapsMs: [Int64], players: [ReviewPlayer],
                effortEndMs: Int64? = nil, zoneModel: ZoneModel = .percentOfMax, tags: [String] = [],
                teamBand: [TeamBandPoint] = [], intervalBlocks: [SessionPhase] = [], challenge: SessionChallenge? = nil,
                maxHRSuggestions: [MaxHeartRateSuggestion] = [], drills: [ReviewDrill] = []) {
        self.drills = drills
        self.maxHRSuggestions = maxHRSuggestions
        self.intervalBlocks = intervalBlocks
        self.challenge = challenge
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

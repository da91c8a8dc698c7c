import Foundation
import TeamCore

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

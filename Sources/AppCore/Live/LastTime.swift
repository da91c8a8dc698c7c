import Foundation
import TeamCore

/// The team's previous session with the same tags (the same test repeated), as "vs last time"
/// compares with: each player's effort points by the minute, read once when today's session
/// starts (`Effect.loadLastTime`), never while frames are drawn.
public struct LastTime: Sendable, Equatable {
    public var sessionID: Int64
    public var startedAt: Date
    /// `EffortCurve.perMinute` of each player who took part then.
    public var pointsByMinute: [Int64: [Double]]

    public init(sessionID: Int64, startedAt: Date, pointsByMinute: [Int64: [Double]]) {
        self.sessionID = sessionID
        self.startedAt = startedAt
        self.pointsByMinute = pointsByMinute
    }

    /// Where the player was `elapsedMs` into the effort last time; nil if they were not there.
    public func points(of playerID: Int64, atElapsedMs elapsedMs: Int64) -> Double? {
        pointsByMinute[playerID].map { EffortCurve.points($0, atMs: elapsedMs) }
    }
}

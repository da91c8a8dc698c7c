import Foundation
import TeamCore

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

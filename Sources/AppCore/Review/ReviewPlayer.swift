import TeamCore

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

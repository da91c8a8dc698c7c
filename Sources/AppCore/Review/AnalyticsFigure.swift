import TeamCore

/// A labelled figure the review shows beside a player's heart rates (TRIMP, effort points, recovery).
public struct AnalyticsFigure: Sendable, Equatable {
    public var label: String
    public var value: String
    public init(label: String, value: String) {
        self.label = label
        self.value = value
    }
}

import Localization
/// How a challenge between two sides is scored: a setting, as HeartMate's duels offer it.
public enum ChallengeRule: String, Sendable, Equatable, CaseIterable {
    /// Each side's effort points (zone n earns n a minute), per player, so a side of five and a
    /// side of six compare fairly, and one player against one is simply their points.
    case effortPoints
    /// HeartMate's rule: every second, the side whose players are in the higher zone (their mean
    /// zone, as their tiles show it) earns that second; a tie earns nobody anything.
    case higherZone

    /// A score as the wall shows it: points, or minutes and seconds ahead.
    public func format(_ score: Double) -> String {
        switch self {
        case .effortPoints:
            return "\(Int(score.rounded()))"
        case .higherZone:
            let s = Int(max(0, score).rounded(.down))
            return "\(s / 60):\(s % 60 < 10 ? "0" : "")\(s % 60)"
        }
    }

    /// What is scored, in a few words (the lobby, review).
    public var label: String {
        switch self {
        case .effortPoints: N_("effort points per player")
        case .higherZone: N_("time in the higher zone")
        }
    }
}

import TeamCore

/// A challenge between two sides during a live session: who is on which side, the rule, and what
/// the higher-zone rule has counted so far. The scores are worked out from the players' live
/// figures (`ChallengeScoring`); when the effort ends they are stored with the session.
public struct LiveChallenge: Sendable, Equatable {
    public var rule: ChallengeRule
    /// Two sides (names and players); their scores are the live ones, not these.
    public var sides: [SessionChallenge.Side]
    /// Under the higher-zone rule: how long each side has been ahead while the effort ran, ms.
    public private(set) var aheadMs: [Int64] = [0, 0]
    /// App clock of the last look.
    private var lastMs: Int64?

    public init(rule: ChallengeRule, sides: [SessionChallenge.Side]) {
        self.rule = rule
        self.sides = sides
    }

    /// Each side's score now, in side order: effort points per player, or seconds ahead.
    public func scores(tiles: [LiveTile]) -> [Double] {
        switch rule {
        case .effortPoints:
            return sides.map { side in ChallengeScoring.effortPerPlayer(side.playerIDs.compactMap { id in tiles.first { $0.playerID == id }?.effortPoints }) }
        case .higherZone:
            return aheadMs.map { Double($0) / 1000 }
        }
    }

    /// The clock moved to `nowMs`; `zones` are the shown zones of each side's players with a
    /// signal. While the effort runs (`counting`), the side ahead now earns the time since the last look.
    mutating func advance(toMs nowMs: Int64, zones: [[HeartRateZone]], counting: Bool) {
        defer { lastMs = nowMs }
        guard rule == .higherZone, counting, let last = lastMs, nowMs > last,
              let ahead = ChallengeScoring.sideAhead(zones.map(ChallengeScoring.meanZone)) else { return }
        aheadMs[ahead] += nowMs - last
    }

    /// The challenge as stored when the effort ends: the sides with their scores now.
    func result(tiles: [LiveTile]) -> SessionChallenge {
        var sides = sides
        for (i, score) in scores(tiles: tiles).enumerated() { sides[i].score = score }
        return SessionChallenge(rule: rule, sides: sides)
    }
}

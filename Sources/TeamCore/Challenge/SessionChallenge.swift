/// A challenge between two sides of a session (two players, or two groups), as it is stored with
/// the session: the rule, the sides and, once the effort ended, each side's score as the wall
/// display showed it then.
public struct SessionChallenge: Sendable, Equatable {
    public struct Side: Sendable, Equatable {
        public var name: String
        public var playerIDs: [Int64]
        /// Effort points per player, or seconds in the higher zone; nil until the effort ended.
        public var score: Double?

        public init(name: String, playerIDs: [Int64], score: Double? = nil) {
            self.name = name
            self.playerIDs = playerIDs
            self.score = score
        }
    }

    /// A side of several players is named by its colour (a side of one by its player).
    public static let sideNames = ["Reds", "Blues"]

    public var rule: ChallengeRule
    /// Always two: the first is drawn red, the second blue.
    public var sides: [Side]

    public init(rule: ChallengeRule, sides: [Side]) {
        precondition(sides.count == 2, "a challenge has two sides")
        self.rule = rule
        self.sides = sides
    }

    /// Both sides have their scores: the effort ended with the challenge on.
    public var isDecided: Bool { sides.allSatisfy { $0.score != nil } }

    /// The index of the side ahead; nil on a tie or before the end.
    public var winner: Int? {
        guard let a = sides[0].score, let b = sides[1].score else { return nil }
        // Scores as shown: a lead nobody could see is a tie.
        let shownA = rule.format(a), shownB = rule.format(b)
        if shownA == shownB { return nil }
        return a > b ? 0 : 1
    }

    /// "Reds won", "A draw", "No result" (the session ended before its effort did).
    public var outcome: String {
        guard isDecided else { return "No result" }
        return winner.map { "\(sides[$0].name) won" } ?? "A draw"
    }
}

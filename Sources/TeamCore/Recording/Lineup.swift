/// Who wears which strap in a session: each player's stored strap and that strap's index in the
/// source's strap table (the `SensorEvent.strap` of its events). Made once, when the session
/// starts; the live tiles follow it and the recorder files every event under it.
public struct Lineup: Sendable, Equatable {
    public struct Wearer: Sendable, Equatable {
        public var playerID: Int64
        /// The stored strap; nil when the player has none today (a tile without a heart rate).
        public var strapID: Int64?
        /// Where the source lists that strap; nil when it does not.
        public var strapIndex: StrapIndex?

        public init(playerID: Int64, strapID: Int64?, strapIndex: StrapIndex?) {
            self.playerID = playerID
            self.strapID = strapID
            self.strapIndex = strapIndex
        }
    }

    /// In the order the session lists its players.
    public let wearers: [Wearer]
    /// Looked up per event: the wearer holding each strap index (the first, should two be given one).
    private let byStrap: [StrapIndex: Wearer]
    private let strapOfPlayer: [Int64: StrapIndex]

    public init(_ wearers: [Wearer]) {
        self.wearers = wearers
        var byStrap: [StrapIndex: Wearer] = [:]
        var strapOfPlayer: [Int64: StrapIndex] = [:]
        for w in wearers {
            guard let index = w.strapIndex, w.strapID != nil else { continue }
            if byStrap[index] == nil { byStrap[index] = w }
            if strapOfPlayer[w.playerID] == nil { strapOfPlayer[w.playerID] = index }
        }
        self.byStrap = byStrap
        self.strapOfPlayer = strapOfPlayer
    }

    /// The wearer of the strap at this index, with the strap's stored id; nil: nobody in this session.
    public func wearer(ofStrap index: StrapIndex) -> Wearer? { byStrap[index] }

    /// The index of the strap this player wears; nil when they have none.
    public func strapIndex(ofPlayer playerID: Int64) -> StrapIndex? { strapOfPlayer[playerID] }

    /// Every strap index someone wears.
    public var strapIndices: Set<StrapIndex> { Set(byStrap.keys) }

    public static func == (a: Lineup, b: Lineup) -> Bool { a.wearers == b.wearers }
}

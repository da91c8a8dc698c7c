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
    /// Looked up per event, by the strap's position in the source's table: the place in `wearers`
    /// of the wearer holding it (the first, should two be given one), -1 for none. An array, not a
    /// dictionary: an event costs an index, not a hash (a table holds a team's straps, so it is short).
    private let wearerOfStrap: [Int32]
    private let strapOfPlayer: [Int64: StrapIndex]

    public init(_ wearers: [Wearer]) {
        self.wearers = wearers
        let held = wearers.compactMap { $0.strapID == nil ? nil : $0.strapIndex?.position }
        var wearerOfStrap = [Int32](repeating: -1, count: (held.max() ?? -1) + 1)
        var strapOfPlayer: [Int64: StrapIndex] = [:]
        for (place, w) in wearers.enumerated() {
            guard let index = w.strapIndex, w.strapID != nil else { continue }
            if wearerOfStrap[index.position] < 0 { wearerOfStrap[index.position] = Int32(place) }
            if strapOfPlayer[w.playerID] == nil { strapOfPlayer[w.playerID] = index }
        }
        self.wearerOfStrap = wearerOfStrap
        self.strapOfPlayer = strapOfPlayer
    }

    /// The place in `wearers` of the wearer of the strap at this index; nil: nobody in this session.
    public func wearerPlace(ofStrap index: StrapIndex) -> Int? {
        let position = index.position
        guard position < wearerOfStrap.count else { return nil }
        let place = wearerOfStrap[position]
        return place < 0 ? nil : Int(place)
    }

    /// The wearer of the strap at this index, with the strap's stored id; nil: nobody in this session.
    public func wearer(ofStrap index: StrapIndex) -> Wearer? { wearerPlace(ofStrap: index).map { wearers[$0] } }

    /// The index of the strap this player wears; nil when they have none.
    public func strapIndex(ofPlayer playerID: Int64) -> StrapIndex? { strapOfPlayer[playerID] }

    /// Every strap index someone wears.
    public var strapIndices: Set<StrapIndex> {
        Set(wearerOfStrap.indices.filter { wearerOfStrap[$0] >= 0 }.map { StrapIndex(position: $0) })
    }

    public static func == (a: Lineup, b: Lineup) -> Bool { a.wearers == b.wearers }
}

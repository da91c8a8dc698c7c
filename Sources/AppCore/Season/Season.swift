/// The season screens: the team's table (sorted as the coach chose) and one player's history.
public struct Season: Sendable, Equatable {
    public var table: SeasonTableData?
    public var sort = SeasonColumn.player
    public var descending = false
    /// The player whose history is open (shown once it is loaded).
    public var historyPlayerID: Int64?
    public var history: PlayerHistory?
    public init() {}

    /// The table's lines in the chosen order.
    public var shownLines: [SeasonLine] {
        guard let lines = table?.lines else { return [] }
        let sorted = lines.sorted { sort.ascending($0, $1) }
        return descending ? sorted.reversed() : sorted
    }
}

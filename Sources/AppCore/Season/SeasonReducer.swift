/// The season screens' taps and the store's answers.
public enum SeasonAction: Sendable, Equatable {
    case loaded(SeasonTableData)
    /// A column heading: sort by it, or the other way round when it is the column already.
    case sort(SeasonColumn)
    /// A row: the player's history.
    case openPlayer(Int64)
    case historyLoaded(PlayerHistory)
    /// Back from a player's history to the table.
    case closePlayer
}

enum SeasonReducer {
    static func reduce(_ season: inout Season, _ action: SeasonAction, _ ctx: AppContext) -> Reduction {
        switch action {
        case .loaded(let table):
            guard table.teamID == ctx.teamID else { return .none }
            season.table = table
            return .none
        case .sort(let column):
            if season.sort == column {
                season.descending.toggle()
            } else {
                season.sort = column
                season.descending = column.startsDescending
            }
            return .none
        case .openPlayer(let id):
            guard ctx.screen == .season, season.table?.lines.contains(where: { $0.playerID == id }) == true else { return .none }
            season.historyPlayerID = id
            season.history = nil
            return .effects(.loadPlayerHistory(playerID: id))
        case .historyLoaded(let history):
            guard history.playerID == season.historyPlayerID else { return .none }
            season.history = history
            return .none
        case .closePlayer:
            season.historyPlayerID = nil
            season.history = nil
            return .none
        }
    }
}

import TeamCore

/// "All players" and the strap list, opened from the settings screen (so behind its PIN):
/// deleting a player and forgetting a strap ask first; the shell changes the store and
/// reloads the list.
public enum ClubAction: Sendable, Equatable {
    /// nil: back to the settings.
    case open(Club.Page?)
    case playersLoaded([ClubPlayer])
    case strapsLoaded([ClubStrap])
    case askToDeletePlayer(playerID: Int64)
    /// Confirmed: the player and every sample of theirs, for good.
    case deletePlayer(playerID: Int64)
    case askToForget(address: String)
    /// Confirmed: the strap leaves every team and list.
    case forget(address: String)
}

enum ClubReducer {
    static func reduce(_ club: inout Club, _ action: ClubAction, _ ctx: AppContext) -> Reduction {
        switch action {
        case .open(let page):
            guard ctx.screen == .settings else { return .none }
            club.page = page
            switch page {
            case .players: return .effects(.loadPlayers)
            case .straps: return .effects(.loadStraps)
            case nil: return .none
            }
        case .playersLoaded(let players):
            club.players = players
            return .none
        case .strapsLoaded(let straps):
            club.straps = straps
            return .none
        case .askToDeletePlayer(let id):
            guard ctx.screen == .settings, let p = club.players.first(where: { $0.playerID == id }) else { return .none }
            var question = "Delete \(p.player.fullName) and their heart rates in \(p.sessions) session\(p.sessions == 1 ? "" : "s")?"
            if !p.teams.isEmpty { question += " They leave \(p.teams.map(\.name).joined(separator: ", "))." }
            question += " This cannot be undone."
            return .send(.confirmation(.ask(Confirmation(question: question, confirmLabel: "Delete for good",
                                                         onConfirm: .club(.deletePlayer(playerID: id))))))
        case .deletePlayer(let id):
            guard ctx.screen == .settings else { return .none }
            return Reduction(effects: [.deletePlayerAndData(playerID: id)], actions: [.inform("Player and data deleted")])
        case .askToForget(let address):
            guard ctx.screen == .settings, let s = club.straps.first(where: { $0.strap.address == address }) else { return .none }
            var question = "Forget \(s.strap.name) (\(s.strap.address))?"
            if !s.wearers.isEmpty {
                question += " " + s.wearers.map { "#\($0.shirtNumber) \($0.playerName) (\($0.teamName))" }.joined(separator: ", ")
                    + " will have no strap."
            }
            if s.sessions > 0 {
                question += s.sessions == 1 ? " The session that recorded it keeps its heart rates."
                    : " The \(s.sessions) sessions that recorded it keep their heart rates."
            }
            question += " Pairing it again brings it back."
            return .send(.confirmation(.ask(Confirmation(question: question, confirmLabel: "Forget",
                                                         onConfirm: .club(.forget(address: address))))))
        case .forget(let address):
            guard ctx.screen == .settings else { return .none }
            return Reduction(effects: [.forgetStrap(address: address)], actions: [.inform("Strap forgotten")])
        }
    }
}

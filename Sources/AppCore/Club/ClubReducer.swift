import Localization
import TeamCore

/// "All players" and the strap list, opened from the settings screen (so behind its PIN):
/// players sorted by name or team, added and edited, their photo replaced or removed, deleted;
/// straps labelled and forgotten. What destroys asks first; the shell changes the store and
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
    case sortPlayers(Club.PlayerSort)
    /// The player form, for a new player on no team (nil) or one of the list.
    case editPlayer(Int64?)
    /// The question about a player's photo: replace it from the USB stick, or remove it (nil: closed).
    case choosePhoto(Int64?)
    /// A picture on the USB stick named after the player becomes their photo.
    case importPhoto(playerID: Int64)
    case askToRemovePhoto(playerID: Int64)
    /// Confirmed: the player's photo goes; their initials show again.
    case removePhoto(playerID: Int64)
    /// Everything kept of the player, as one ZIP onto the USB stick (their request under GDPR Art. 15/20).
    case exportPlayerData(playerID: Int64)
    /// The keyboard, for the strap's label ("Box A 7").
    case labelStrap(address: String)
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
            var question = [Message(Nn_("Delete {name} and their heart rates in {n} session?", "Delete {name} and their heart rates in {n} sessions?"),
                                    n: p.sessions, ["name": p.player.fullName])]
            if !p.teams.isEmpty { question.append(Message(N_("They leave {teams}."), ["teams": p.teams.map(\.name).joined(separator: ", ")])) }
            question.append(Message(N_("This cannot be undone.")))
            return .send(.confirmation(.ask(Confirmation(question: question, confirmLabel: Message(N_("Delete for good")),
                                                         onConfirm: .club(.deletePlayer(playerID: id))))))
        case .deletePlayer(let id):
            guard ctx.screen == .settings else { return .none }
            // The shell says when it is done (the file is compacted afterwards, which takes a while).
            return .effects(.erasePlayer(playerID: id))
        case .askToForget(let address):
            guard ctx.screen == .settings, let s = club.straps.first(where: { $0.strap.address == address }) else { return .none }
            var question = [Message(N_("Forget {strap} ({address})?"), ["strap": s.strap.name, "address": s.strap.address])]
            if !s.wearers.isEmpty {
                let wearers = s.wearers.map { "#\($0.shirtNumber) \($0.playerName) (\($0.teamName))" }.joined(separator: ", ")
                question.append(Message(N_("{players} will have no strap."), ["players": wearers]))
            }
            if s.sessions > 0 {
                question.append(Message(Nn_("The session that recorded it keeps its heart rates.", "The {n} sessions that recorded it keep their heart rates."),
                                        n: s.sessions))
            }
            question.append(Message(N_("Pairing it again brings it back.")))
            return .send(.confirmation(.ask(Confirmation(question: question, confirmLabel: Message(N_("Forget")),
                                                         onConfirm: .club(.forget(address: address))))))
        case .forget(let address):
            guard ctx.screen == .settings else { return .none }
            return Reduction(effects: [.forgetStrap(address: address)], actions: [.inform(Message(N_("Strap forgotten")))])
        case .sortPlayers(let sort):
            club.playerSort = sort
            return .none
        case .editPlayer(let id):
            guard ctx.screen == .settings, club.page == .players else { return .none }
            if let id {
                guard let p = club.players.first(where: { $0.playerID == id }) else { return .none }
                return .send(.form(.editClubPlayer(playerID: id, p.player)))
            }
            return .send(.form(.editClubPlayer(playerID: nil, nil)))
        case .choosePhoto(let id):
            guard ctx.screen == .settings, club.page == .players else { return .none }
            club.photoChoice = id.flatMap { id in club.players.contains { $0.playerID == id } ? id : nil }
            return .none
        case .importPhoto(let id):
            guard ctx.screen == .settings, let p = club.players.first(where: { $0.playerID == id }) else { return .none }
            club.photoChoice = nil
            return Reduction(effects: [.importPlayerPhoto(playerID: id, player: p.player)],
                             actions: [.inform(Message(N_("Looking for {name}'s photo on the USB stick…"), ["name": "\(p.player.fullName)"]))])
        case .askToRemovePhoto(let id):
            guard ctx.screen == .settings, let p = club.players.first(where: { $0.playerID == id }), p.photoVersion != nil else { return .none }
            club.photoChoice = nil
            return .send(.confirmation(.ask(Confirmation(question: Message(N_("Remove {name}'s photo? Their initials show instead."), ["name": "\(p.player.fullName)"]),
                                                         confirmLabel: Message(N_("Remove photo")), onConfirm: .club(.removePhoto(playerID: id))))))
        case .removePhoto(let id):
            guard ctx.screen == .settings else { return .none }
            return Reduction(effects: [.removePlayerPhoto(playerID: id)], actions: [.inform(Message(N_("Photo removed")))])
        case .exportPlayerData(let id):
            guard ctx.screen == .settings, let p = club.players.first(where: { $0.playerID == id }) else { return .none }
            return Reduction(effects: [.exportPlayerData(playerID: id)], actions: [.inform(Message(N_("Writing {name}'s data to the USB stick…"), ["name": "\(p.player.fullName)"]))])
        case .labelStrap(let address):
            guard ctx.screen == .settings, club.page == .straps, let s = club.straps.first(where: { $0.strap.address == address }) else {
                return .none
            }
            return .send(.form(.labelStrap(address: address, current: s.strap.label)))
        }
    }
}

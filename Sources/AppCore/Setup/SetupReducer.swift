import Localization
import TeamCore

/// Team setup: the roster's tabs, pairing straps, taking a player off, resting HR.
public enum SetupAction: Sendable, Equatable {
    case tab(TeamSetup.Tab)
    /// First tap of pairing (tapping the chosen player again lets go).
    case choosePlayer(Int64)
    /// Second tap of pairing: this strap is now the chosen player's.
    case tapStrap(StrapIndex)
    case clearStrap(playerID: Int64)
    /// "Remove": asks first.
    case askToRemove(playerID: Int64)
    /// Confirmed: off the roster (past sessions stay).
    case remove(playerID: Int64)
    case measureRest(playerID: Int64)
    case saveRest
    case cancelRest
    /// Photos from the USB stick, named by shirt number or name, for this team's players.
    case importPhotos
    /// "+ Existing player": the club's players who are not on this team (`club.players`).
    case pickExisting(Bool)
    case addExisting(playerID: Int64)
    /// The team's tab: its colour, one tap.
    case setColour(RGBColour)
    /// "Delete team": the PIN, then a question saying what goes with it.
    case askToDeleteTeam
    /// Confirmed: the team and its sessions; its players stay.
    case deleteTeam(teamID: Int64)
    case delegate(Delegate)

    public enum Delegate: Sendable, Equatable {
        /// The team is gone: back to the team picker.
        case teamDeleted(teamID: Int64)
    }
}

/// Team setup's reducer: its own tab, pairing and measurement; roster changes go to the store,
/// whose reload (`.teams(.rosterLoaded)`) brings them back.
enum SetupReducer {
    static func reduce(_ setup: inout TeamSetup, _ action: SetupAction, _ ctx: AppContext) -> Reduction {
        switch action {
        case .importPhotos:
            guard ctx.screen == .teamSetup, let teamID = ctx.teamID else { return .none }
            return Reduction(effects: [.importPhotos(teamID: teamID)], actions: [.inform(Message(N_("Looking for photos on the USB stick…")))])
        case .tab(let tab):
            setup.tab = tab
            setup.pairingPlayerID = nil
            setup.pickingExisting = false
            return .none
        case .choosePlayer(let id):
            guard ctx.line(of: id) != nil else { return .none }
            setup.pairingPlayerID = setup.pairingPlayerID == id ? nil : id
            return .none
        case .tapStrap(let index):
            guard let slot = ctx.sensors.slot(index), let teamID = ctx.teamID else { return .none }
            guard let player = setup.pairingPlayerID else { return .send(.inform(Message(N_("Tap a player first, then their strap")))) }
            setup.pairingPlayerID = nil
            // The store takes the strap from a teammate who had it.
            return Reduction(effects: [.assignStrap(teamID: teamID, playerID: player, strapID: slot.strapID)], actions: [.dismissNotice])
        case .clearStrap(let player):
            guard let teamID = ctx.teamID, ctx.line(of: player) != nil else { return .none }
            return .effects(.assignStrap(teamID: teamID, playerID: player, strapID: nil))
        case .askToRemove(let player):
            guard let line = ctx.line(of: player) else { return .none }
            return .send(.confirmation(.ask(Confirmation(question: Message(N_("Take {name} off the roster? Past sessions stay."), ["name": "\(line.player.fullName)"]),
                                                         confirmLabel: Message(N_("Remove")), onConfirm: .setup(.remove(playerID: player))))))
        case .remove(let player):
            guard let teamID = ctx.teamID else { return .none }
            return .effects(.removeFromTeam(teamID: teamID, playerID: player))
        case .measureRest(let player):
            guard let line = ctx.line(of: player), let index = ctx.sensors.index(ofStrap: line.strapID) else {
                return .send(.inform(Message(N_("Give the player a strap first"))))
            }
            setup.rest = RestMeasurement(playerID: player, strapIndex: index, startMs: ctx.nowMs)
            return .none
        case .saveRest:
            guard let rest = setup.rest, rest.isDone(nowMs: ctx.nowMs), let bpm = rest.estimate,
                  let teamID = ctx.teamID, let line = ctx.line(of: rest.playerID) else { return .none }
            setup.rest = nil
            var player = line.player
            player.restingHR = min(120, max(25, bpm))
            return .effects(.savePlayer(teamID: teamID, playerID: line.playerID, player: player, shirtNumber: line.shirtNumber))
        case .cancelRest:
            setup.rest = nil
            return .none
        case .pickExisting(let open):
            guard ctx.screen == .teamSetup, ctx.teamID != nil else { return .none }
            setup.pickingExisting = open
            return open ? .effects(.loadPlayers) : .none
        case .addExisting(let player):
            guard setup.pickingExisting, let teamID = ctx.teamID, ctx.line(of: player) == nil else { return .none }
            setup.pickingExisting = false
            return .effects(.addExistingPlayer(teamID: teamID, playerID: player))
        case .setColour(let colour):
            guard ctx.screen == .teamSetup, let teamID = ctx.teamID else { return .none }
            return .effects(.setTeamColour(teamID: teamID, colour: colour))
        case .askToDeleteTeam:
            guard ctx.screen == .teamSetup, let card = ctx.teams.first(where: { $0.team.id == ctx.teamID }) else { return .none }
            let id = card.team.id
            let sessions = card.sessionCount, players = card.playerCount
            var question = [sessions == 0 ? Message(N_("Delete the team {name}? It has no sessions."), ["name": card.team.name])
                : Message(Nn_("Delete the team {name} and its {n} session, with every heart rate in it?",
                              "Delete the team {name} and its {n} sessions, with every heart rate in them?"), n: sessions, ["name": card.team.name])]
            if players > 0 { question.append(Message(Nn_("Its {n} player stays in All players.", "Its {n} players stay in All players."), n: players)) }
            question.append(Message(N_("This cannot be undone.")))
            let ask = Action.confirmation(.ask(Confirmation(question: question, confirmLabel: Message(N_("Delete team")),
                                                            onConfirm: .setup(.deleteTeam(teamID: id)))))
            return .send(.settings(.requirePin(what: N_("delete team"), then: ask)))
        case .deleteTeam(let id):
            guard ctx.screen == .teamSetup, ctx.teamID == id else { return .none }
            return Reduction(effects: [.deleteTeam(teamID: id)], actions: [.setup(.delegate(.teamDeleted(teamID: id))), .inform(Message(N_("Team deleted")))])
        case .delegate:
            return .none // the root's to handle
        }
    }
}

extension AppState {
    /// Which player of this team (other than `playerID`) has the strap by default.
    public func teammate(wearing strapID: Int64, other playerID: Int64?) -> RosterLine? {
        roster.first { $0.strapID == strapID && $0.playerID != playerID }
    }
}

/// Team setup: the roster's tabs, pairing straps, taking a player off, resting HR.
public enum SetupAction: Sendable, Equatable {
    case tab(TeamSetup.Tab)
    /// First tap of pairing (tapping the chosen player again lets go).
    case choosePlayer(Int64)
    /// Second tap of pairing: this strap is now the chosen player's.
    case tapStrap(UInt16)
    case clearStrap(playerID: Int64)
    /// "Remove": asks first.
    case askToRemove(playerID: Int64)
    /// Confirmed: off the roster (past sessions stay).
    case remove(playerID: Int64)
    case measureRest(playerID: Int64)
    case saveRest
    case cancelRest
}

/// Team setup's reducer: its own tab, pairing and measurement; roster changes go to the store,
/// whose reload (`.teams(.rosterLoaded)`) brings them back.
enum SetupReducer {
    static func reduce(_ setup: inout TeamSetup, _ action: SetupAction, _ ctx: AppContext) -> Reduction {
        switch action {
        case .tab(let tab):
            setup.tab = tab
            setup.pairingPlayerID = nil
            return .none
        case .choosePlayer(let id):
            guard ctx.line(of: id) != nil else { return .none }
            setup.pairingPlayerID = setup.pairingPlayerID == id ? nil : id
            return .none
        case .tapStrap(let index):
            guard let slot = ctx.sensors.slot(index), let teamID = ctx.teamID else { return .none }
            guard let player = setup.pairingPlayerID else { return .send(.inform("Tap a player first, then their strap")) }
            setup.pairingPlayerID = nil
            // The store takes the strap from a teammate who had it.
            return Reduction(effects: [.assignStrap(teamID: teamID, playerID: player, strapID: slot.strapID)], actions: [.dismissNotice])
        case .clearStrap(let player):
            guard let teamID = ctx.teamID, ctx.line(of: player) != nil else { return .none }
            return .effects(.assignStrap(teamID: teamID, playerID: player, strapID: nil))
        case .askToRemove(let player):
            guard let line = ctx.line(of: player) else { return .none }
            return .send(.confirmation(.ask(Confirmation(question: "Take \(line.player.fullName) off the roster? Past sessions stay.",
                                                         confirmLabel: "Remove", onConfirm: .setup(.remove(playerID: player))))))
        case .remove(let player):
            guard let teamID = ctx.teamID else { return .none }
            return .effects(.removeFromTeam(teamID: teamID, playerID: player))
        case .measureRest(let player):
            guard let line = ctx.line(of: player), let index = ctx.sensors.index(ofStrap: line.strapID) else {
                return .send(.inform("Give the player a strap first"))
            }
            setup.rest = RestMeasurement(playerID: player, strapIndex: index, startMs: ctx.nowMs)
            return .none
        case .saveRest:
            guard let rest = setup.rest, rest.isDone(nowMs: ctx.nowMs), let bpm = rest.estimate,
                  let teamID = ctx.teamID, let line = ctx.line(of: rest.playerID) else { return .none }
            setup.rest = nil
            var player = line.player
            player.restingHR = min(120, max(25, bpm))
            return .effects(.savePlayer(teamID: teamID, player: player, shirtNumber: line.shirtNumber))
        case .cancelRest:
            setup.rest = nil
            return .none
        }
    }
}

extension AppState {
    /// Which player of this team (other than `playerID`) has the strap by default.
    public func teammate(wearing strapID: Int64, other playerID: Int64?) -> RosterLine? {
        roster.first { $0.strapID == strapID && $0.playerID != playerID }
    }
}

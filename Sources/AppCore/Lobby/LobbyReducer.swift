import TeamCore

/// The lobby's choices before Start (Start itself is `.live(.start)`).
public enum LobbyAction: Sendable, Equatable {
    case toggleIncluded(playerID: Int64)
    /// nil: open-ended. A custom length is typed (`.form(.typeDuration)`).
    case chooseDuration(Int64?)
    /// Hold on a player: the next strap tapped is theirs for today (again: never mind).
    case changeStrap(playerID: Int64)
    case chooseStrap(StrapIndex)
    /// The session's context tags.
    case tags(TagAction)
    /// An interval program instead of one countdown.
    case intervals(IntervalChoice)
    /// Two sides (or two players) against each other.
    case challenge(ChallengeChoice)
    /// The readiness check sheet.
    case readiness(ReadinessSheetAction)
    /// The fitness test sheet.
    case fitness(FitnessSheetAction)
    /// The drills planned for the session.
    case drills(DrillChoice)
    /// "Needs attention": today's flags.
    case attention(AttentionAction)
}

enum LobbyReducer {
    static func reduce(_ lobby: inout Lobby, _ action: LobbyAction, _ ctx: AppContext) -> Reduction {
        switch action {
        case .toggleIncluded(let player):
            guard ctx.line(of: player) != nil else { return .none }
            if lobby.excluded.contains(player) { lobby.excluded.remove(player) } else { lobby.excluded.insert(player) }
        case .chooseDuration(let ms):
            guard (ms ?? 1) > 0 else { return .none }
            lobby.plannedMs = ms
            lobby.intervals = nil // one countdown instead of the program
        case .changeStrap(let player):
            lobby.changingStrapFor = lobby.changingStrapFor == player ? nil : player
        case .chooseStrap(let index):
            guard let slot = ctx.sensors.slot(index), ctx.teamID != nil, let player = lobby.changingStrapFor else { return .none }
            lobby.strapOverride[player] = slot.strapID
            lobby.changingStrapFor = nil
        case .tags(let tags):
            return TagChoiceReducer.reduce(&lobby, tags, ctx)
        case .intervals(let choice):
            return IntervalChoiceReducer.reduce(&lobby, choice, ctx)
        case .challenge(let choice):
            return ChallengeChoiceReducer.reduce(&lobby, choice, ctx)
        case .readiness(let sheet):
            return ReadinessSheetReducer.reduce(&lobby, sheet, ctx)
        case .fitness(let sheet):
            return FitnessSheetReducer.reduce(&lobby, sheet, ctx)
        case .drills(let choice):
            return DrillChoiceReducer.reduce(&lobby, choice, ctx)
        case .attention(let attention):
            return AttentionReducer.reduce(&lobby, attention, ctx)
        }
        return .none
    }
}

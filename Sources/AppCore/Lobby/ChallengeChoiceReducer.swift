import TeamCore

/// The lobby's challenge sheet: each tap on a player moves them along red → blue → out, so two
/// sides (or two players) are chosen with a few taps and no typing.
public enum ChallengeChoice: Sendable, Equatable {
    /// Opens (true) or closes the sheet.
    case edit(Bool)
    /// Red, then blue, then neither.
    case cycle(playerID: Int64)
    /// No challenge.
    case clear
}

enum ChallengeChoiceReducer {
    static func reduce(_ lobby: inout Lobby, _ action: ChallengeChoice, _ ctx: AppContext) -> Reduction {
        guard ctx.screen == .lobby else { return .none }
        switch action {
        case .edit(let open):
            lobby.editingChallenge = open
        case .cycle(let player):
            guard ctx.line(of: player) != nil else { return .none }
            switch lobby.challengeSides[player] {
            case nil: lobby.challengeSides[player] = 0
            case 0: lobby.challengeSides[player] = 1
            default: lobby.challengeSides[player] = nil
            }
        case .clear:
            lobby.challengeSides = [:]
        }
        return .none
    }
}

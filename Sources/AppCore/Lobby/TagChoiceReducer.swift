import TeamCore

/// The lobby's tag sheet: moment, kind and posture one tap each (the chosen one again clears
/// it), a short free word typed on the keyboard. The choice starts from the team's last
/// session and goes with the next one (`Effect.startSession`).
public enum TagAction: Sendable, Equatable {
    /// Opens (true) or closes the sheet.
    case edit(Bool)
    case moment(SessionTags.Moment)
    case kind(SessionTags.Kind)
    case posture(SessionTags.Posture)
    /// The free word as typed (`.form(.typeTagWord)` submits it); nil or empty clears it.
    case word(String?)
}

enum TagChoiceReducer {
    static func reduce(_ lobby: inout Lobby, _ action: TagAction, _ ctx: AppContext) -> Reduction {
        guard ctx.screen == .lobby else { return .none }
        switch action {
        case .edit(let open):
            lobby.editingTags = open
        case .moment(let m):
            lobby.tags.moment = lobby.tags.moment == m ? nil : m
        case .kind(let k):
            lobby.tags.kind = lobby.tags.kind == k ? nil : k
        case .posture(let p):
            lobby.tags.posture = lobby.tags.posture == p ? nil : p
        case .word(let typed):
            let word = typed.map(SessionTags.word(from:)) ?? ""
            guard word.isEmpty || SessionTags.wordProblem(word) == nil else { return .none }
            lobby.tags.word = word.isEmpty ? nil : word
        }
        return .none
    }
}

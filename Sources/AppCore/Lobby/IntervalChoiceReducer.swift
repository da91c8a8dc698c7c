import TeamCore

/// The lobby's interval sheet: one of the presets (Settings edits them) instead of a single
/// countdown, one tap; the chosen one again, or a countdown length, goes back to one countdown.
public enum IntervalChoice: Sendable, Equatable {
    /// Opens (true) or closes the sheet.
    case edit(Bool)
    /// The preset at this index of the settings' list; nil: none (one countdown).
    case choose(Int?)
}

enum IntervalChoiceReducer {
    static func reduce(_ lobby: inout Lobby, _ action: IntervalChoice, _ ctx: AppContext) -> Reduction {
        guard ctx.screen == .lobby else { return .none }
        switch action {
        case .edit(let open):
            lobby.editingIntervals = open
        case .choose(nil):
            lobby.intervals = nil
        case .choose(let index?):
            guard ctx.settings.intervalPresets.indices.contains(index) else { return .none }
            let program = ctx.settings.intervalPresets[index]
            lobby.intervals = lobby.intervals == program ? nil : program
            // One tap is the whole choice: the sheet closes on it.
            lobby.editingIntervals = false
        }
        return .none
    }
}

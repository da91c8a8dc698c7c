import TeamCore

/// The lobby's "Readiness check" sheet: how long (2–5 min) and in which posture; its Start is
/// `.live(.startReadinessCheck)`.
public enum ReadinessSheetAction: Sendable, Equatable {
    /// Opens the sheet (the posture the team last tagged, else sitting) or closes it (nil).
    case open(Bool)
    case length(Int64)
    case posture(SessionTags.Posture)
}

enum ReadinessSheetReducer {
    static func reduce(_ lobby: inout Lobby, _ action: ReadinessSheetAction, _ ctx: AppContext) -> Reduction {
        guard ctx.screen == .lobby else { return .none }
        switch action {
        case .open(true):
            lobby.readinessCheck = ReadinessCheckPlan(posture: lobby.tags.posture ?? .sitting)
        case .open(false):
            lobby.readinessCheck = nil
        case .length(let ms):
            guard ReadinessCheckPlan.lengthsMs.contains(ms) else { return .none }
            lobby.readinessCheck?.lengthMs = ms
        case .posture(let posture):
            lobby.readinessCheck?.posture = posture
        }
        return .none
    }
}

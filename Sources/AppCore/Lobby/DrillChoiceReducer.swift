import TeamCore

/// The lobby's drill sheet: the team's library as big buttons, each tap adding that drill to the session's
/// plan (in the order tapped; the same drill may come twice); "Clear" empties the plan.
public enum DrillChoice: Sendable, Equatable {
    /// Opens (true) or closes the sheet.
    case edit(Bool)
    /// The drill at this index of the library, added to the end of the plan.
    case add(Int)
    /// The plan's last drill taken off (a wrong tap mended).
    case removeLast
    case clear
    /// The team's library, read with its roster.
    case libraryLoaded(teamID: Int64, [Drill])
}

enum DrillChoiceReducer {
    /// More drills than a training plans; the plan line and the live band stay readable.
    static let maxPlanned = 12

    static func reduce(_ lobby: inout Lobby, _ action: DrillChoice, _ ctx: AppContext) -> Reduction {
        if case .libraryLoaded(let teamID, let drills) = action {
            guard teamID == ctx.teamID else { return .none }
            lobby.drillLibrary = drills
            return .none
        }
        guard ctx.screen == .lobby else { return .none }
        switch action {
        case .edit(let open):
            lobby.editingDrills = open
        case .add(let index):
            guard lobby.drillLibrary.indices.contains(index), lobby.drillPlan.count < maxPlanned else { return .none }
            lobby.drillPlan.append(lobby.drillLibrary[index].name)
        case .removeLast:
            _ = lobby.drillPlan.popLast()
        case .clear:
            lobby.drillPlan = []
        case .libraryLoaded:
            break
        }
        return .none
    }
}

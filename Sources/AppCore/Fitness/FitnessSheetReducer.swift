import TeamCore

/// The "Fitness test" sheet (from the readiness sheet in the lobby): the run's length and the pace, one tap each; its
/// Start is `.live(.startFitnessTest)`. The shuttle stays as the plan has it (20 m by default).
public enum FitnessSheetAction: Sendable, Equatable {
    /// Opens the sheet on the standard test (the readiness sheet closes) or closes it (false).
    case open(Bool)
    case run(Int64)
    case speed(Int)
}

enum FitnessSheetReducer {
    /// What the sheet offers: 3 to 5 minutes, 10 to 14 km/h (the CLI takes any test `FitnessTestPlan` allows).
    static let runsMs: [Int64] = [180_000, 240_000, 300_000]
    static let speedsKmh = [10, 11, 12, 13, 14]

    static func reduce(_ lobby: inout Lobby, _ action: FitnessSheetAction, _ ctx: AppContext) -> Reduction {
        guard ctx.screen == .lobby else { return .none }
        switch action {
        case .open(true):
            lobby.readinessCheck = nil
            lobby.fitnessTest = .standard
        case .open(false):
            lobby.fitnessTest = nil
        case .run(let ms):
            guard runsMs.contains(ms) else { return .none }
            lobby.fitnessTest?.runMs = ms
        case .speed(let kmh):
            guard speedsKmh.contains(kmh) else { return .none }
            lobby.fitnessTest?.speedKmh = kmh
        }
        return .none
    }
}

extension FitnessSheetAction {
    /// The sheet's choices, for the screen.
    public static var runsMs: [Int64] { FitnessSheetReducer.runsMs }
    public static var speedsKmh: [Int] { FitnessSheetReducer.speedsKmh }
}

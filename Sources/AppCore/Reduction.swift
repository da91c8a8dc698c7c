import TeamCore

/// What a feature's reducer returns: side effects for the shell, and actions for the root to
/// apply next, in the same step. A feature changes only its own state; anything beyond it — the
/// notice line, a question to confirm, telling its parent what happened (`delegate` actions) —
/// it asks for with an action, so every change of shared state is visible in one place.
struct Reduction: Equatable {
    var effects: [Effect] = []
    var actions: [Action] = []

    static let none = Reduction()

    /// The effects given that are there (nil: an effect that does not apply, e.g. no team chosen).
    static func effects(_ effects: Effect?...) -> Reduction { Reduction(effects: effects.compactMap { $0 }) }

    static func send(_ actions: Action...) -> Reduction { Reduction(actions: actions) }

    /// Effects first, then the actions: both run in the order given.
    static func + (a: Reduction, b: Reduction) -> Reduction {
        Reduction(effects: a.effects + b.effects, actions: a.actions + b.actions)
    }
}

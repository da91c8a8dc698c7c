/// The reducer's effects waiting their turn. `KioskRuntime.dispatch` reduces an action at once
/// and adds the effects it asked for here; one loop runs them, each to its end. What an effect
/// answers goes through `dispatch` again, which now only adds: the effects its answer asks for run
/// after it, never inside it, and nothing calls back into a half-run effect.
///
/// First in, first out, because that is the order the reducer means: it lists one step's effects
/// in the order they must happen (a store write before the reload that shows it), and the state
/// is already reduced when an effect runs, so the effects an answer adds (reloads of what that
/// effect changed, read from the store when they run) see everything written before them. A stack
/// (last in, first out) would run an answer's reload ahead of effects the coach asked for earlier.
final class EffectQueue<Effect> {
    private var waiting: [Effect] = []
    private var running = false

    /// Adds `effects` behind those waiting. When no run is under way, runs every waiting effect
    /// with `perform`, oldest first, including those added meanwhile (by `perform` itself),
    /// and returns when none is left. During a run it only adds them.
    func submit(_ effects: [Effect], perform: (Effect) -> Void) {
        if running {
            waiting += effects
            return
        }
        guard !effects.isEmpty else { return } // every sensor event and tick: nothing to run
        waiting = effects
        running = true
        defer { running = false }
        var next = 0
        while next < waiting.count {
            let effect = waiting[next]
            next += 1
            perform(effect)
        }
        waiting.removeAll(keepingCapacity: true)
    }
}

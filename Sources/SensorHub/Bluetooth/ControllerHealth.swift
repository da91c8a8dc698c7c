import BLEHost

/// What the log and the coach are told about one controller: one line per change of state —
/// down (lost, not answering, not HCI…), resetting, back — never one per retry. "Back" is
/// said only once bring-up has completed again; the first bring-up says nothing.
struct ControllerHealth: Equatable {
    enum State: Equatable {
        /// Opened, bring-up not finished yet (the first time only; a retry stays down until up).
        case starting
        case up
        case down(HostFailure)
        case resetting(HostFailure)
    }

    let label: String
    private(set) var state = State.starting

    init(label: String) { self.label = label }

    /// Moves to `next`; returns the log line when that is news (a new state, or a failure of a new kind).
    mutating func enter(_ next: State) -> String? {
        let previous = state
        guard next != previous else { return nil }
        state = next
        switch next {
        case .starting:
            return nil
        case .up:
            if case .down(let failure) = previous, failure.summary == HostFailure.unavailable("").summary {
                return "\(label): available" // it was never there: not "back"
            }
            return previous == .starting ? nil : "\(label): back"
        case .down(let failure):
            if case .down(let before) = previous, before.summary == failure.summary { return nil }
            return "\(label): \(failure); retrying"
        case .resetting(let failure):
            return "\(label): resetting (\(failure.detail))"
        }
    }

    /// The coach's line while the controller cannot serve straps; nil when up or starting.
    var problem: String? {
        switch state {
        case .starting, .up: nil
        case .down(let failure): "\(label) \(failure.summary), retrying"
        case .resetting: "\(label) resetting"
        }
    }
}

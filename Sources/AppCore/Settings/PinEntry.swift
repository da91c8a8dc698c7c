import TeamCore

/// The PIN pad: unlocking the settings, or choosing a new PIN and repeating it.
public struct PinEntry: Sendable, Equatable {
    public enum Purpose: Sendable, Equatable {
        case unlock
        case chooseNew
        case repeatNew(first: String)
        /// A destructive action outside the settings (delete a session, a team): the right PIN
        /// sends `then` (its confirmation question). `what` names it on the pad.
        indirect case authorize(what: String, then: Action)
    }
    public var purpose: Purpose
    public var digits = ""
    /// Unlock: the digits did not match. Choosing: the repeat differed from the first entry.
    public var wrong = false
    public init(purpose: Purpose = .unlock) { self.purpose = purpose }
}

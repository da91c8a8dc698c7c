import TeamCore

/// A destructive action waiting for a second tap: the question, and the action a "yes" sends.
public struct Confirmation: Sendable, Equatable {
    public var question: String
    public var confirmLabel: String
    /// Sent when the coach confirms (a feature's action that does the deed).
    public var onConfirm: Action

    public init(question: String, confirmLabel: String, onConfirm: Action) {
        self.question = question
        self.confirmLabel = confirmLabel
        self.onConfirm = onConfirm
    }
}

/// The question dialog: a feature asks, the coach answers.
public enum ConfirmationAction: Sendable, Equatable {
    case ask(Confirmation)
    case confirm
    case cancel
}

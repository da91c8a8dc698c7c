import Localization
import TeamCore

/// A destructive action waiting for a second tap: the question, and the action a "yes" sends. Its words are messages,
/// said in the kiosk's language where the dialog is drawn (a language switched meanwhile speaks at once).
public struct Confirmation: Sendable, Equatable {
    /// The question's sentences, drawn one after the other.
    public var question: [Message]
    public var confirmLabel: Message
    /// Sent when the coach confirms (a feature's action that does the deed).
    public var onConfirm: Action

    public init(question: [Message], confirmLabel: Message, onConfirm: Action) {
        self.question = question
        self.confirmLabel = confirmLabel
        self.onConfirm = onConfirm
    }

    public init(question: Message, confirmLabel: Message, onConfirm: Action) {
        self.init(question: [question], confirmLabel: confirmLabel, onConfirm: onConfirm)
    }

    /// The question as the dialog shows it, in the current language.
    public var questionText: String { Message.sentences(question) }
}

/// The question dialog: a feature asks, the coach answers.
public enum ConfirmationAction: Sendable, Equatable {
    case ask(Confirmation)
    case confirm
    case cancel
}

import Localization

/// A refusal with its reason in one plain sentence: the HTTP answer's status and body, and
/// the command line's one line (exit 2).
public struct ClubError: Error, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        case badRequest, unauthorized, forbidden, notFound, conflict, gone, tooLarge, unprocessable, unavailable
        /// Over a quota that frees itself (a kiosk's unfinished uploads): ask again later (429).
        case overQuota
        /// Another request did the same at the same moment and its transaction was aborted: ask again (409 too).
        case concurrent
    }

    public var kind: Kind
    /// The sentence as a message: `sideline-club`'s command line says it in the admin's language (po/club-admin, its ids
    /// marked `N_admin`, decision 087); the API's answers and the logs read `message`, its English.
    public var sentence: Message
    public var message: String { sentence.english }

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.sentence = Message(message)
    }

    public init(_ kind: Kind, _ sentence: Message) {
        self.kind = kind
        self.sentence = sentence
    }

    public var description: String { message }

    package static func badRequest(_ message: String) -> ClubError { ClubError(.badRequest, message) }
    package static func notFound(_ message: String) -> ClubError { ClubError(.notFound, message) }
    static func conflict(_ message: String) -> ClubError { ClubError(.conflict, message) }
    static func badRequest(_ sentence: Message) -> ClubError { ClubError(.badRequest, sentence) }
    static func notFound(_ sentence: Message) -> ClubError { ClubError(.notFound, sentence) }
    static func conflict(_ sentence: Message) -> ClubError { ClubError(.conflict, sentence) }
    package static func unprocessable(_ message: String) -> ClubError { ClubError(.unprocessable, message) }
}

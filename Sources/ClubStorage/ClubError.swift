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
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }

    package static func badRequest(_ message: String) -> ClubError { ClubError(.badRequest, message) }
    package static func notFound(_ message: String) -> ClubError { ClubError(.notFound, message) }
    static func conflict(_ message: String) -> ClubError { ClubError(.conflict, message) }
    package static func unprocessable(_ message: String) -> ClubError { ClubError(.unprocessable, message) }
}

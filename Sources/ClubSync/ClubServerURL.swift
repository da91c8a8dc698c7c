import Foundation
import Localization

/// A club server's address as a kiosk accepts it: `https://HOST[:PORT][/PATH]`, or plain `http://`
/// only to this machine (127.0.0.0/8, ::1, localhost) — the tests' server, or one on the same box.
/// Anything else would send the kiosk's token and the players' data in the clear.
public struct ClubServerURL: Sendable, Equatable, CustomStringConvertible {
    public let base: URL
    /// The host as a person names it ("club.example.org").
    public var host: String { base.host ?? base.absoluteString }
    public var description: String { base.absoluteString }

    public init(_ text: String) throws(ClubSyncError) {
        let (url, problem) = Self.parse(text)
        guard let url else { throw .invalid(problem ?? Message(text)) }
        base = url
    }

    /// What is wrong with an address as a message (the kiosk shows it in its language; the error keeps the English).
    public static func problem(_ text: String) -> Message? {
        parse(text).problem
    }

    private static func parse(_ text: String) -> (url: URL?, problem: Message?) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return (nil, Message(N_("type the club server's address (https://club.example.org)"))) }
        let notAnAddress = Message(N_("{address} is not a server address (https://club.example.org)"), ["address": trimmed])
        guard let parts = URLComponents(string: trimmed), let scheme = parts.scheme?.lowercased(), let host = parts.host, !host.isEmpty,
              parts.query == nil, parts.fragment == nil, parts.user == nil, parts.password == nil else {
            return (nil, notAnAddress)
        }
        switch scheme {
        case "https": break
        case "http":
            guard isLoopback(host) else {
                return (nil, Message(N_("{address}: plain http:// is refused except to this machine (127.0.0.1, ::1, localhost); use https://"),
                                     ["address": trimmed]))
            }
        default: return (nil, Message(N_("{address}: the address starts with https://"), ["address": trimmed]))
        }
        var path = parts.path
        while path.hasSuffix("/") { path.removeLast() }
        var normalised = parts
        normalised.scheme = scheme
        normalised.path = path
        guard let url = normalised.url else { return (nil, notAnAddress) }
        return (url, nil)
    }

    static func isLoopback(_ host: String) -> Bool {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        if bare == "localhost" || bare == "::1" { return true }
        let octets = bare.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
    }

    /// The API's endpoint `path` (under /api/v1).
    public func endpoint(_ path: String) -> URL {
        URL(string: base.absoluteString + "/api/v1/" + path)!
    }
}

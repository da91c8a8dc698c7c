import Foundation

/// A club server's address as a kiosk accepts it: `https://HOST[:PORT][/PATH]`, or plain `http://`
/// only to this machine (127.0.0.0/8, ::1, localhost) — the tests' server, or one on the same box.
/// Anything else would send the kiosk's token and the players' data in the clear.
public struct ClubServerURL: Sendable, Equatable, CustomStringConvertible {
    public let base: URL
    /// The host as a person names it ("club.example.org").
    public var host: String { base.host ?? base.absoluteString }
    public var description: String { base.absoluteString }

    public init(_ text: String) throws(ClubSyncError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw .invalid("type the club server's address (https://club.example.org)") }
        guard let parts = URLComponents(string: trimmed), let scheme = parts.scheme?.lowercased(), let host = parts.host, !host.isEmpty,
              parts.query == nil, parts.fragment == nil, parts.user == nil, parts.password == nil else {
            throw .invalid("\(trimmed) is not a server address (https://club.example.org)")
        }
        switch scheme {
        case "https": break
        case "http":
            guard Self.isLoopback(host) else {
                throw .invalid("\(trimmed): plain http:// is refused except to this machine (127.0.0.1, ::1, localhost); use https://")
            }
        default: throw .invalid("\(trimmed): the address starts with https://")
        }
        var path = parts.path
        while path.hasSuffix("/") { path.removeLast() }
        var normalised = parts
        normalised.scheme = scheme
        normalised.path = path
        guard let url = normalised.url else { throw .invalid("\(trimmed) is not a server address (https://club.example.org)") }
        base = url
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

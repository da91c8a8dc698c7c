import Foundation

/// The address a request came from, as the login's rate limit counts it and the log names it. A peer on
/// this machine's loopback is the club's reverse proxy (docs/CLUB-OPERATIONS.md), and every client would
/// otherwise share its address — twenty wrong passwords from anyone would lock everyone out: the client
/// is the last address in X-Forwarded-For, the one the proxy appended (those before it are the client's
/// own to write). Any other peer is the client itself, whatever it puts in that header.
enum ClientAddress {
    static func of(peer: String?, forwardedFor: [String]) -> String {
        guard let peer else { return "-" }
        guard isLoopback(peer),
              let last = forwardedFor.flatMap({ $0.split(separator: ",") }).last?.trimmingCharacters(in: .whitespaces),
              isIPAddress(last) else { return peer }
        return last
    }

    static func isLoopback(_ address: String) -> Bool {
        address.hasPrefix("127.") || address == "::1" || address.lowercased().hasPrefix("::ffff:127.")
    }

    static func isIPAddress(_ text: String) -> Bool {
        var v4 = in_addr(), v6 = in6_addr()
        return inet_pton(AF_INET, text, &v4) == 1 || inet_pton(AF_INET6, text, &v6) == 1
    }
}

/// What stops a club command or a pass, as the one line the command prints.
public enum ClubSyncError: Error, Equatable, CustomStringConvertible {
    /// A mistake in what was typed (an address, a code).
    case invalid(String)
    /// This kiosk is in no club (`sideline club join` first).
    case notJoined
    /// No answer: the network, the name, the certificate.
    case unreachable(host: String, reason: String)
    /// The server answered with a refusal.
    case refused(host: String, status: Int, message: String)
    /// The kiosk's own store or link file.
    case local(String)

    public var description: String {
        switch self {
        case .invalid(let message): message
        case .notJoined: "this kiosk is in no club (sideline club join URL CODE)"
        case .unreachable(let host, let reason): "\(host) unreachable (\(reason))"
        case .refused(let host, let status, let message): "\(host) refused (\(status)): \(message)"
        case .local(let message): message
        }
    }
}

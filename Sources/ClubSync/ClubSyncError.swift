import Localization

/// What stops a club command or a pass, as the one line the command prints.
public enum ClubSyncError: Error, Equatable, CustomStringConvertible {
    /// A mistake in what was typed (an address, a code).
    case invalid(Message)
    /// This kiosk is in no club (`sideline club join` first).
    case notJoined
    /// No answer: the network, the name, the certificate.
    case unreachable(host: String, reason: Message)
    /// The server answered with a refusal: its sentence as the API words it (English).
    case refused(host: String, status: Int, message: String)
    /// The kiosk's own store or link file.
    case local(Message)

    /// English: the log's, the sync state's stored problem and the kiosk's join file's.
    public var description: String { message.english }

    /// The sentence as a message: the command line and the kiosk's screen say it in their language (decision 087).
    public var message: Message {
        switch self {
        case .invalid(let message), .local(let message): message
        case .notJoined: Message(N_("this kiosk is in no club (sideline club join URL CODE)"))
        case .unreachable(let host, let reason): Message(N_("{host} unreachable ({reason})"), ["host": host], nested: ["reason": reason])
        case .refused(let host, 401, _):
            // Revoked by the club's admin (or replaced by a later join): what to do, not the API's English.
            Message(N_("{host} no longer knows this kiosk (revoked by the club's admin): ask them for a new code and join again"), ["host": host])
        case .refused(let host, let status, let message):
            Message(N_("{host} refused ({status}): {message}"), ["host": host, "status": "\(status)", "message": message])
        }
    }
}

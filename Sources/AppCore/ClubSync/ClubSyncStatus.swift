import Localization

/// This kiosk and its club server as the database and the files beside it say (not the process's
/// memory: the appliance's sync service writes them, the screen reads them): read by the shell.
public struct ClubSyncStatus: Sendable, Equatable {
    public enum Membership: Sendable, Equatable {
        /// In no club, and no join waits.
        case none
        /// A join typed here waits for a pass (the server's host).
        case joining(host: String)
        /// In the club `club` on `host`, known there as `kiosk`.
        case joined(club: String, kiosk: String, host: String)
    }

    public var membership: Membership
    /// "3 sessions waiting · last sync 10:42 · club.example.org" (`ClubStatus.line`).
    public var line: String
    /// Why the last pass (or join) stopped short, said in the kiosk's language where drawn; nil when it went through.
    public var lastProblem: Message?
    /// A pass is running in this process (the service's passes are not seen).
    public var syncing: Bool

    public init(membership: Membership, line: String, lastProblem: Message? = nil, syncing: Bool = false) {
        self.membership = membership
        self.line = line
        self.lastProblem = lastProblem
        self.syncing = syncing
    }
}

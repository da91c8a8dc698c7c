import Localization

/// Settings → Club sync, behind the PIN: this kiosk and the club server (`sideline-club`) — join by
/// typing the address and the code, or the status, Sync now, Leave club. Not the local roster
/// lists of `Club` (All players, Straps).
public struct ClubSyncPage: Sendable, Equatable {
    /// What the files and the database say; nil until the first read.
    public var status: ClubSyncStatus?
    /// The join's two fields as typed (kept while the keyboard opens and closes, and after a refusal).
    public var server = ""
    public var code = ""
    /// What is wrong with what was typed (before anything is sent), said in the kiosk's language where drawn.
    public var problem: Message?
    /// When the status was last asked for (app clock): it is read again each second while the page shows.
    public var lastReadMs: Int64?

    /// The status is read this often while the page shows.
    public static let refreshMs: Int64 = 1000

    public init() {}
}

import Foundation

/// A player erased everywhere (GDPR Art. 17): a record of its own, kept by every kiosk and the club
/// for good, sent both ways by the sync, and applied again after a restore brought an older copy back.
///
/// It names the player only by `digest(playerUUID:)`, never by the UUID itself: the record outlives
/// the player's data, and after an erasure nothing — not the name, the shirt number nor the UUID —
/// may be found in a database file. A UUID is 122 random bits, so its digest cannot be turned back,
/// yet anyone who still holds the player (a stale kiosk, a restored backup) can tell it is theirs.
/// `by` says who erased (a kiosk's PIN-guarded screen, a command line, a club admin's account),
/// never whom.
public struct PlayerErasure: Codable, Sendable, Equatable, Hashable {
    /// `digest(playerUUID:)`: 64 lower-case hex digits.
    public var playerDigest: String
    /// When, in Unix milliseconds.
    public var erasedMs: Int64
    public var by: String

    public init(playerDigest: String, erasedMs: Int64, by: String) {
        self.playerDigest = playerDigest
        self.erasedMs = erasedMs
        self.by = by
    }

    /// How long `by` may be.
    public static let byBounds = TextBounds(characters: 80, bytes: 320)

    /// The one-way name of a player in an erasure record: SHA-256 of a fixed prefix and the UUID in
    /// lower case. The prefix keeps it from matching any other hash of the same UUID.
    public static func digest(playerUUID: UUID) -> String {
        CanonicalJSON.sha256Hex(Data(("sideline player erasure 1:" + playerUUID.uuidString.lowercased()).utf8))
    }

    /// `digest(playerUUID:)` of a UUID held as text (a roster key); nil when it is not one.
    public static func digest(playerKey: String) -> String? {
        UUID(uuidString: playerKey).map { digest(playerUUID: $0) }
    }

    /// Why the record cannot be kept as it is, in a few words; nil when it can.
    public var problem: String? {
        if !CanonicalJSON.isSHA256Hex(playerDigest) { return "the player's digest is not 64 lower-case hex digits" }
        if erasedMs < 0 { return "its time is before 1970" }
        // Times before 2000 are kept (a board without a clock battery starts near 1970: its erasure must still
        // count), but none after 2100: PostgreSQL's timestamp encoding overflows near year 292,000 and traps.
        if erasedMs > WallClockBounds.unixMs.upperBound { return "its time is after 2100" }
        if let problem = Self.byBounds.problem(by, mayBeEmpty: false) { return "who erased: \(problem)" }
        return nil
    }
}

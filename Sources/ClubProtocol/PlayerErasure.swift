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
        if erasedMs > InputBounds.unixMs.upperBound { return "its time is after 2100" }
        if let problem = Self.byBounds.problem(by, mayBeEmpty: false) { return "who erased: \(problem)" }
        return nil
    }
}

/// `POST /api/v1/kiosk/erasures`: the erasures a kiosk made, for the club to apply and pass on.
public struct ErasuresRequest: Codable, Sendable, Equatable {
    public var erasures: [PlayerErasure]
    public init(erasures: [PlayerErasure]) { self.erasures = erasures }

    public static let maxErasures = 500
}

/// `GET /api/v1/kiosk/erasures?since=N`: the club's erasures after a number of its feed, oldest first.
public struct ErasuresPage: Codable, Sendable, Equatable {
    public var erasures: [PlayerErasure]
    /// Ask again from here; when `more` is false the kiosk has every erasure up to it.
    public var lastSeq: Int64
    public var more: Bool

    public init(erasures: [PlayerErasure], lastSeq: Int64, more: Bool) {
        self.erasures = erasures
        self.lastSeq = lastSeq
        self.more = more
    }

    public static let maxPageSize = 500
}

extension SessionBundle {
    /// The bundle without these players: their participants go, and the straps nothing else names
    /// (no other participant, reading or strap event) with them; the others keep their order and
    /// their straps are counted again. A kiosk that erased a player locally builds the same bundle
    /// (`KioskSessionBundle`), so it is the same bytes and the same hash.
    public func erasing(players: Set<UUID>) -> SessionBundle {
        var bundle = self
        bundle.participants.removeAll { players.contains($0.playerUUID) }
        var named = Set(bundle.strapEvents.map(\.strap))
        for p in bundle.participants {
            if let strap = p.strap { named.insert(strap) }
            named.formUnion(p.samples.strap)
        }
        let kept = straps.indices.filter { named.contains($0) }
        let newIndex = Dictionary(uniqueKeysWithValues: kept.enumerated().map { ($0.element, $0.offset) })
        bundle.straps = kept.map { straps[$0] }
        for i in bundle.participants.indices {
            bundle.participants[i].strap = bundle.participants[i].strap.flatMap { newIndex[$0] }
            bundle.participants[i].samples.strap = bundle.participants[i].samples.strap.map { newIndex[$0] ?? $0 }
        }
        for i in bundle.strapEvents.indices { bundle.strapEvents[i].strap = newIndex[bundle.strapEvents[i].strap] ?? bundle.strapEvents[i].strap }
        // The erased player may have been the only one who rated it: the kiosk's own bundle is then format 1 again.
        bundle.format = SessionBundle.format(for: bundle.participants, drills: bundle.drills)
        return bundle
    }
}

extension RosterEntity {
    /// The player a record of this kind with this key is about (a player's, or a membership's
    /// `<team>/<player>`); nil for the rest.
    public func playerKey(_ key: String) -> String? {
        switch self {
        case .player: return key
        case .membership:
            let parts = key.split(separator: "/")
            return parts.count == 2 ? String(parts[1]) : nil
        default: return nil
        }
    }
}

extension RosterEdit {
    public var playerKey: String? { entity.playerKey(key) }
}

extension RosterChange {
    public var playerKey: String? { entity.playerKey(key) }
}

import ClubIdentity
import Foundation

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

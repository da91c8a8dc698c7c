import Foundation

/// What a roster change is about. Each kind is keyed by a string: a UUID in lower case for
/// teams, players, straps and sessions, "<team uuid>/<player uuid>" for a membership (one
/// per player and team, whichever side adds it first), "club" for the club's settings.
public enum RosterEntity: String, Codable, Sendable, CaseIterable {
    case team, player, membership, strap, settings
    /// A session's tombstone (`deleted` only): deleting a session on either side deletes it on the other.
    case session
}

/// One field edited on a kiosk or on the web, stamped when and by whom.
public struct RosterEdit: Codable, Sendable, Equatable {
    public var entity: RosterEntity
    public var key: String
    public var field: String
    public var value: RosterValue
    public var stamp: HybridTimestamp

    public init(entity: RosterEntity, key: String, field: String, value: RosterValue, stamp: HybridTimestamp) {
        self.entity = entity
        self.key = key
        self.field = field
        self.value = value
        self.stamp = stamp
    }
}

/// A field's value as the club holds it, numbered in the club's change feed: `seq` grows with
/// every accepted edit, and a pull since N returns every field whose last change came after N.
public struct RosterChange: Codable, Sendable, Equatable {
    public var seq: Int64
    public var entity: RosterEntity
    public var key: String
    public var field: String
    public var value: RosterValue
    public var stamp: HybridTimestamp

    public init(seq: Int64, entity: RosterEntity, key: String, field: String, value: RosterValue, stamp: HybridTimestamp) {
        self.seq = seq
        self.entity = entity
        self.key = key
        self.field = field
        self.value = value
        self.stamp = stamp
    }

    public var edit: RosterEdit { RosterEdit(entity: entity, key: key, field: field, value: value, stamp: stamp) }
}

/// `POST /api/v1/kiosk/roster/edits`: a kiosk's edits since its last push, all or none checked.
public struct RosterEditsRequest: Codable, Sendable, Equatable {
    public var edits: [RosterEdit]
    public init(edits: [RosterEdit]) { self.edits = edits }

    public static let maxEdits = 2_000
}

/// The answer to a push: per edit, in order, whether it won, and the server's time for the kiosk's clock.
public struct RosterEditsResult: Codable, Sendable, Equatable {
    public struct Outcome: Codable, Sendable, Equatable {
        /// False when the field already held a later edit (the loser is logged on the server).
        public var accepted: Bool
        /// The feed number of the accepted edit.
        public var seq: Int64?
        /// The stamp the edit was stored with: a stamp from a clock running ahead of the server's is brought back to the server's time.
        public var stamp: HybridTimestamp

        public init(accepted: Bool, seq: Int64?, stamp: HybridTimestamp) {
            self.accepted = accepted
            self.seq = seq
            self.stamp = stamp
        }
    }

    public var outcomes: [Outcome]
    public var lastSeq: Int64
    public var serverTimeMs: Int64

    public init(outcomes: [Outcome], lastSeq: Int64, serverTimeMs: Int64) {
        self.outcomes = outcomes
        self.lastSeq = lastSeq
        self.serverTimeMs = serverTimeMs
    }
}

/// `GET /api/v1/kiosk/roster/changes?since=N`: the fields changed after N, in feed order.
public struct RosterChangesPage: Codable, Sendable, Equatable {
    public var changes: [RosterChange]
    /// Pull again from here; when `more` is false the kiosk is up to date with it.
    public var lastSeq: Int64
    public var more: Bool
    public var serverTimeMs: Int64

    public init(changes: [RosterChange], lastSeq: Int64, more: Bool, serverTimeMs: Int64) {
        self.changes = changes
        self.lastSeq = lastSeq
        self.more = more
        self.serverTimeMs = serverTimeMs
    }

    public static let maxPageSize = 1_000
}

import ClubProtocol
import Foundation
import GRDB
import Store
import TeamCore

/// What applying a page of the club's change feed did.
public struct ClubPullOutcome: Sendable, Equatable {
    public var applied = 0
    /// Fields a later local edit, still waiting to be pushed, kept.
    public var keptLocal = 0
    /// Sessions the club deleted (a tombstone) that were deleted here too.
    public var sessionsDeleted = 0
    /// What could not be applied as it came, one line each (a name another team has here, a
    /// team or player the club deleted that still has sessions here…).
    public var notes: [String] = []
}

extension SidelineStore {
    /// Applies a page of the club's change feed in one transaction, with change capture off (what
    /// comes from the club is not sent back), and moves the cursor to `lastSeq`. A field edited
    /// here after the pulled value was stamped, and not yet pushed, keeps its local value.
    /// Sync deletes no recorded data: a team or player the club deleted that has sessions here
    /// leaves every roster but stays; a session is deleted only by its tombstone.
    public func applyClubChanges(_ changes: [RosterChange], lastSeq: Int64, clock: HybridLogicalClock) throws -> ClubPullOutcome {
        try write { db in
            try db.execute(sql: "UPDATE club_state SET capture_suppressed = 1")
            var outcome = ClubPullOutcome()
            var clock = clock
            // Records in the order they can be made: a membership names its team, player and strap.
            let order: [RosterEntity] = [.settings, .team, .strap, .player, .membership, .session]
            var byRecord: [String: [RosterChange]] = [:], keys: [(RosterEntity, String)] = []
            let erased = Set(try String.fetchAll(db, sql: "SELECT player_digest FROM player_erasure"))
            for change in changes {
                clock.observe(change.stamp)
                // A player erased here stays erased, whatever a stale copy of the roster says.
                if !erased.isEmpty, let player = change.playerKey, let digest = PlayerErasure.digest(playerKey: player), erased.contains(digest) {
                    continue
                }
                let id = "\(change.entity.rawValue) \(change.key)"
                if byRecord[id] == nil { keys.append((change.entity, change.key)) }
                byRecord[id, default: []].append(change)
            }
            keys.sort { order.firstIndex(of: $0.0)! < order.firstIndex(of: $1.0)! }
            for (entity, key) in keys {
                var fields: [String: RosterValue] = [:]
                for change in byRecord["\(entity.rawValue) \(key)"]! {
                    if let local = try Self.pendingStamp(entity, key, change.field, origin: clock.origin, db), local > change.stamp {
                        outcome.keptLocal += 1
                        continue
                    }
                    try db.execute(sql: "DELETE FROM club_roster_edit WHERE entity = ? AND key = ? AND field = ?",
                                   arguments: [entity.rawValue, key, change.field])
                    fields[change.field] = change.value
                    outcome.applied += 1
                }
                guard !fields.isEmpty else { continue }
                if let deleted = fields["deleted"]?.bool, !deleted {
                    try db.execute(sql: "DELETE FROM club_deleted WHERE entity = ? AND key = ?", arguments: [entity.rawValue, key])
                } else if fields["deleted"] == nil, entity != .settings,
                          try Int.fetchOne(db, sql: "SELECT 1 FROM club_deleted WHERE entity = ? AND key = ?", arguments: [entity.rawValue, key]) != nil {
                    continue  // an edit of a record deleted here or by the club does not bring it back
                }
                try ClubRecordWriter(db: db, key: key, fields: fields).apply(entity, &outcome)
            }
            try db.execute(sql: "UPDATE club_state SET roster_seq = max(roster_seq, ?), capture_suppressed = 0", arguments: [lastSeq])
            try Self.saveClubClock(clock, db)
            return outcome
        }
    }

    static func pendingStamp(_ entity: RosterEntity, _ key: String, _ field: String, origin: String, _ db: Database) throws -> HybridTimestamp? {
        try Row.fetchOne(db, sql: "SELECT stamp_wall_ms, stamp_counter FROM club_roster_edit WHERE entity = ? AND key = ? AND field = ?",
                         arguments: [entity.rawValue, key, field]).map { HybridTimestamp(wallMs: $0[0], counter: $0[1], origin: origin) }
    }
}

import ClubProtocol
import Foundation
import Logging
import PostgresNIO

/// The club's rosters and settings, field by field, and their change feed.
///
/// An edit is stored only if its stamp is later than the stamp of the edit that set the field
/// (last writer wins per field; the stamp's origin breaks ties); the loser is logged and kept in
/// `roster_conflict`. Every stored edit takes the club's next feed number. Writers of one club
/// take turns on the club's row, so numbers are handed out and committed in the same order, and
/// a kiosk pulling "since N" can never miss a change that commits later with a smaller number.
public enum RosterStore {
    /// A stamp may run ahead of the server's clock by this much (a kiosk's clock is corrected by its
    /// last sync, not perfectly); beyond it, the edit is stored at the server's time, so a clock set
    /// in the future cannot make its edits win over every later one. The kiosk's clock knows it too.
    public static let maxAheadMs = HybridLogicalClock.maxAheadMs
    /// A stamp's counter orders edits within one millisecond; past this (no kiosk or person makes 65 536 edits in one)
    /// it is brought down, so an edit after it (the web's: that millisecond, the counter + 1) stays under the
    /// schema's bound of 2^30 rather than being refused until the clock passes that millisecond (decision 094).
    /// The ceiling is this or one past the field's stored counter in the same millisecond, whichever is larger:
    /// the edit that follows a brought-down one must still come after it, not tie and lose on its origin.
    public static let maxCounter = 1 << 16

    static func counterCeiling(wallMs: Int64, current: HybridTimestamp?) -> Int {
        guard let current, current.wallMs == wallMs else { return maxCounter }
        return max(maxCounter, current.counter + 1)
    }

    public static func apply(_ edits: [RosterEdit], club: UUID, nowMs: Int64, in connection: PostgresConnection, logger: Logger) async throws -> RosterEditsResult {
        var seq = try await connection.collect("UPDATE club SET roster_seq = roster_seq WHERE id = \(club) RETURNING roster_seq", logger: logger)
            .decode(Int64.self).firstElement() ?? 0
        let erased = try await ClubErasure.erasedDigests(in: connection, logger: logger)
        var outcomes: [RosterEditsResult.Outcome] = []
        for edit in edits {
            var stamp = edit.stamp
            if !erased.isEmpty, let player = edit.playerKey, let digest = PlayerErasure.digest(playerKey: player), erased.contains(digest) {
                // An edit of a player the club erased (from a kiosk that has not heard yet): not stored, not logged.
                outcomes.append(.init(accepted: false, seq: nil, stamp: stamp))
                continue
            }
            if stamp.wallMs > nowMs + maxAheadMs {
                logger.notice("roster: \(edit.entity.rawValue) \(edit.key) \(edit.field) stamped \(stamp.wallMs - nowMs) ms ahead of the server by \(stamp.origin); stored at the server's time")
                stamp = HybridTimestamp(wallMs: nowMs, counter: stamp.counter, origin: stamp.origin)
            }
            let current = try await connection.collect("""
                SELECT stamp_wall_ms, stamp_counter, stamp_origin FROM roster_field
                WHERE entity = \(edit.entity.rawValue) AND key = \(edit.key) AND field = \(edit.field) FOR UPDATE
                """, logger: logger).decode((Int64, Int, String).self).firstElement().map { HybridTimestamp(wallMs: $0.0, counter: $0.1, origin: $0.2) }
            let ceiling = counterCeiling(wallMs: stamp.wallMs, current: current)
            if stamp.counter > ceiling {
                logger.notice("roster: \(edit.entity.rawValue) \(edit.key) \(edit.field) stamped with counter \(stamp.counter) by \(stamp.origin); stored with \(ceiling)")
                stamp = HybridTimestamp(wallMs: stamp.wallMs, counter: ceiling, origin: stamp.origin)
            }
            let value = String(decoding: try CanonicalJSON.encode(edit.value), as: UTF8.self)
            if let current, current >= stamp {
                logger.notice("roster: \(edit.entity.rawValue) \(edit.key) \(edit.field) = \(edit.value) by \(stamp) lost to the edit of \(current)")
                try await connection.collect("""
                    INSERT INTO roster_conflict(club_id, entity, key, field, losing_value, losing_stamp, winning_stamp)
                    VALUES (\(club), \(edit.entity.rawValue), \(edit.key), \(edit.field), \(value), \(stamp.description), \(current.description))
                    """, logger: logger)
                outcomes.append(.init(accepted: false, seq: nil, stamp: stamp))
                continue
            }
            seq += 1
            try await connection.collect("""
                INSERT INTO roster_field(club_id, entity, key, field, value, stamp_wall_ms, stamp_counter, stamp_origin, seq)
                VALUES (\(club), \(edit.entity.rawValue), \(edit.key), \(edit.field), \(value), \(stamp.wallMs), \(stamp.counter), \(stamp.origin), \(seq))
                ON CONFLICT (club_id, entity, key, field) DO UPDATE SET
                    value = excluded.value, stamp_wall_ms = excluded.stamp_wall_ms, stamp_counter = excluded.stamp_counter,
                    stamp_origin = excluded.stamp_origin, seq = excluded.seq
                """, logger: logger)
            outcomes.append(.init(accepted: true, seq: seq, stamp: stamp))
        }
        try await connection.collect("UPDATE club SET roster_seq = \(seq) WHERE id = \(club)", logger: logger)
        return RosterEditsResult(outcomes: outcomes, lastSeq: seq, serverTimeMs: nowMs)
    }

    /// The fields whose last change came after `since`, oldest first, at most `limit`.
    public static func changes(since: Int64, limit: Int, nowMs: Int64, in connection: PostgresConnection, logger: Logger) async throws -> RosterChangesPage {
        let rows = try await connection.collect("""
            SELECT seq, entity, key, field, value, stamp_wall_ms, stamp_counter, stamp_origin FROM roster_field
            WHERE seq > \(since) ORDER BY seq LIMIT \(limit + 1)
            """, logger: logger).decode((Int64, String, String, String, String, Int64, Int, String).self).all()
        var changes: [RosterChange] = []
        for row in rows.prefix(limit) {
            guard let entity = RosterEntity(rawValue: row.1) else { continue }
            let value = try CanonicalJSON.decode(RosterValue.self, from: Data(row.4.utf8))
            changes.append(RosterChange(seq: row.0, entity: entity, key: row.2, field: row.3, value: value,
                                        stamp: HybridTimestamp(wallMs: row.5, counter: row.6, origin: row.7)))
        }
        // The cursor is the last number returned, not the club's counter: a change committed after this
        // read has a larger number than any returned here and comes with the next pull.
        let last = rows.prefix(limit).last?.0 ?? since
        return RosterChangesPage(changes: changes, lastSeq: last, more: rows.count > limit, serverTimeMs: nowMs)
    }

    public static func lastSeq(in connection: PostgresConnection, logger: Logger) async throws -> Int64 {
        try await connection.collect("SELECT roster_seq FROM club", logger: logger).decode(Int64.self).firstElement() ?? 0
    }

    /// True when the session has a tombstone in the feed.
    public static func isDeletedSession(_ uuid: UUID, in connection: PostgresConnection, logger: Logger) async throws -> Bool {
        try await connection.collect("""
            SELECT 1 FROM roster_field WHERE entity = 'session' AND key = \(uuid.uuidString.lowercased()) AND field = 'deleted' AND value = 'true'
            """, logger: logger).decode(Int.self).firstElement() != nil
    }
}

import Foundation
import GRDB
import TeamCore

/// What a retention pass did.
public struct RetentionOutcome: Sendable, Equatable {
    public var sessionsDeleted: Int
    public var playersErased: Int
}

extension SidelineStore {
    /// The club's "keep sessions for N months" on this kiosk (issue 37, item 3; decision 072): every
    /// finished session that started before the cutoff is deleted — overwritten as it goes, and a
    /// tombstone queued for the club — and, when `erasingPlayersWhoLeft`, every player with no team
    /// and no session left in the window is erased (`erasePlayer`, decision 068). A kiosk in a club leaves
    /// that to the club, which knows every kiosk's sessions; the erasure reaches the kiosk by the sync.
    @discardableResult
    public func applyRetention(_ rule: SessionRetention, now: Date, timeZone: TimeZone = .current,
                               erasingPlayersWhoLeft: Bool, by: String) throws -> RetentionOutcome {
        guard let cutoffMs = rule.cutoffMs(now: now, timeZone: timeZone) else { return RetentionOutcome(sessionsDeleted: 0, playersErased: 0) }
        // A session being recorded is never old enough: it started now.
        let condition = "started_ms < ? AND state NOT IN ('running', 'paused')"
        let deleted = try writeSecurely { db -> Int in
            let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM session WHERE \(condition)", arguments: [cutoffMs]) ?? 0
            if count > 0 { try Self.deleteSessions(sql: condition, [cutoffMs], db) }
            return count
        }
        if deleted > 0 { try compact() }
        var erased = 0
        if erasingPlayersWhoLeft {
            let left = try read { db in
                try Int64.fetchAll(db, sql: """
                    SELECT p.id FROM player p
                    WHERE NOT EXISTS (SELECT 1 FROM membership m WHERE m.player_id = p.id)
                      AND NOT EXISTS (SELECT 1 FROM session_player sp JOIN session s ON s.id = sp.session_id
                                      WHERE sp.player_id = p.id AND s.started_ms >= ?)
                    ORDER BY p.id
                    """, arguments: [cutoffMs])
            }
            for player in left {
                try erasePlayer(player, by: by)
                erased += 1
            }
        }
        return RetentionOutcome(sessionsDeleted: deleted, playersErased: erased)
    }
}

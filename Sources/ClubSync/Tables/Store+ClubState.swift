import ClubProtocol
import Foundation
import GRDB
import Localization
import Store
import TeamCore

/// The club sync's state as the store keeps it (`club_state`): the clock the roster's edits are
/// stamped with, the change feed's cursor, and how the last pass went.
public struct ClubSyncState: Sendable, Equatable {
    /// Server time minus local time at the last sync.
    public var offsetMs: Int64
    /// The clock's last stamp (wall ms, counter).
    public var lastWallMs: Int64
    public var lastCounter: Int
    /// The last feed number applied.
    public var rosterSeq: Int64
    /// When the last pass that reached the club ended (local ms); nil: never.
    public var lastSyncMs: Int64?
    /// Why the last pass stopped short, in English (the log's, the JSON's); nil when it went through.
    public var lastProblem: String?
    /// Why, as a message the kiosk says in its language (nil for a problem kept before v31).
    public var lastProblemMessage: Message?

    /// The clock for `origin`, as the store left it.
    public func clock(origin: String) -> HybridLogicalClock {
        HybridLogicalClock(origin: origin, offsetMs: offsetMs,
                           last: lastWallMs > 0 ? HybridTimestamp(wallMs: lastWallMs, counter: lastCounter, origin: "") : nil)
    }
}

/// What waits in the outbox.
public struct ClubOutboxCounts: Sendable, Equatable {
    /// Sessions to upload now (not those held for consent, `consentHolds`, nor those waiting for a newer
    /// club server, `sessionsWaitingForNewerServer`).
    public var sessions: Int
    public var tombstones: Int
    public var rosterEdits: Int

    public init(sessions: Int, tombstones: Int, rosterEdits: Int) {
        self.sessions = sessions
        self.tombstones = tombstones
        self.rosterEdits = rosterEdits
    }

    public var isEmpty: Bool { sessions == 0 && tombstones == 0 && rosterEdits == 0 }
}

extension SidelineStore {
    public func clubSyncState() throws -> ClubSyncState {
        try read { try Self.clubSyncState($0) }
    }

    static func clubSyncState(_ db: Database) throws -> ClubSyncState {
        let row = try Row.fetchOne(db, sql: "SELECT * FROM club_state WHERE id = 1")!
        return ClubSyncState(offsetMs: row["offset_ms"], lastWallMs: row["last_wall_ms"], lastCounter: row["last_counter"],
                             rosterSeq: row["roster_seq"], lastSyncMs: row["last_sync_ms"], lastProblem: row["last_problem"],
                             lastProblemMessage: (row["last_problem_message"] as String?).flatMap { try? JSONDecoder().decode(Message.self, from: Data($0.utf8)) })
    }

    /// Keeps the clock after a sync measured the server's time (its offset and the stamps it saw).
    public func saveClubClock(_ clock: HybridLogicalClock) throws {
        try write { try Self.saveClubClock(clock, $0) }
    }

    /// The offset as measured; the last stamp only ever moves on (a trigger may have stamped an edit meanwhile),
    /// except past the club's ceiling: a stamp of a fast clock the server's time has shown up (`observeServer`).
    static func saveClubClock(_ clock: HybridLogicalClock, _ db: Database) throws {
        let state = try clubSyncState(db)
        var last = (state.lastWallMs, state.lastCounter)
        if let ceiling = clock.ceilingMs, last.0 > ceiling { last = (0, 0) }
        if let seen = clock.last, (seen.wallMs, seen.counter) > last { last = (seen.wallMs, seen.counter) }
        try db.execute(sql: "UPDATE club_state SET offset_ms = ?, last_wall_ms = ?, last_counter = ?",
                       arguments: [clock.offsetMs, last.0, last.1])
    }

    /// How a pass ended: `problem` nil when everything went up and came down; else its English line (the log's, the
    /// JSON's) and `shown`, why as the kiosk's Settings say it in the coach's language.
    public func noteClubPass(problem: String?, shown: Message? = nil, at time: Date = Date()) throws {
        let message = try shown.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
        try write { db in
            if let problem {
                try db.execute(sql: "UPDATE club_state SET last_problem = ?, last_problem_message = ?", arguments: [problem, message])
            } else {
                try db.execute(sql: "UPDATE club_state SET last_problem = NULL, last_problem_message = NULL, last_sync_ms = ?", arguments: [time.unixMs])
            }
        }
    }

    /// The last problem no longer applies (the kiosk left its club, a new join was typed); when the
    /// last pass went through stays.
    public func clearClubProblem() throws {
        try write { try $0.execute(sql: "UPDATE club_state SET last_problem = NULL, last_problem_message = NULL") }
    }

    public func clubOutboxCounts() throws -> ClubOutboxCounts {
        try read { db in
            ClubOutboxCounts(
                sessions: try Int.fetchOne(db, sql: """
                    SELECT COUNT(*) FROM session s WHERE \(Self.awaitingUpload) AND NOT (\(Self.heldForConsent)) AND NOT (\(Self.waitsForNewerServer))
                    """)!,
                tombstones: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM club_session_tombstone")!,
                rosterEdits: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM club_roster_edit")!)
        }
    }

    /// This kiosk joins a club (or its database was restored from a backup): every roster record
    /// it holds is queued as an edit made now — the roster as it stands here goes up, and a later
    /// edit elsewhere still wins — and the change feed is read again from its start. Tombstones of
    /// sessions deleted before the club knew this kiosk are dropped.
    public func queueWholeRosterForClub(forgettingTombstones: Bool) throws {
        try write { db in
            if forgettingTombstones { try db.execute(sql: "DELETE FROM club_session_tombstone") }
            try db.execute(sql: "UPDATE club_state SET roster_seq = 0, erasure_seq = 0")
            // The erasures made here go to the club too (it may hold a player this kiosk erased before joining).
            try db.execute(sql: "UPDATE player_erasure SET sent_ms = NULL")
            try Self.fillStrapIdentities(db)
            try Self.tickClubClock(db)
            let stamp = "(SELECT last_wall_ms FROM club_state), (SELECT last_counter FROM club_state)"
            func queue(_ entity: RosterEntity, keys: String, fields: [String]) throws {
                for field in fields {
                    try db.execute(sql: "INSERT OR REPLACE INTO club_roster_edit SELECT '\(entity.rawValue)', k, '\(field)', \(stamp) FROM (\(keys)) WHERE k IS NOT NULL")
                }
            }
            try queue(.team, keys: "SELECT uuid AS k FROM team", fields: RosterSchema.fields(of: .team))
            try queue(.player, keys: "SELECT uuid AS k FROM player", fields: RosterSchema.fields(of: .player))
            try queue(.strap, keys: "SELECT uuid AS k FROM strap", fields: RosterSchema.fields(of: .strap))
            try queue(.membership, keys: """
                SELECT t.uuid || '/' || p.uuid AS k FROM membership m JOIN team t ON t.id = m.team_id JOIN player p ON p.id = m.player_id
                """, fields: RosterSchema.fields(of: .membership))
            try queue(.settings, keys: "SELECT 'club' AS k", fields: RosterSchema.fields(of: .settings))
        }
    }

    /// Gives straps written without their UUID (by another program) the one their address makes.
    public func fillStrapIdentities() throws {
        try write { try Self.fillStrapIdentities($0) }
    }

    static func fillStrapIdentities(_ db: Database) throws {
        for (id, address) in try Row.fetchAll(db, sql: "SELECT id, address FROM strap WHERE uuid IS NULL").map({ ($0[0] as Int64, $0[1] as String) }) {
            try db.execute(sql: "UPDATE strap SET uuid = ? WHERE id = ?", arguments: [UUIDColumn.encode(StrapIdentity.uuid(forAddress: address)), id])
        }
    }
}

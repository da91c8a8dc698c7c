import ClubProtocol
import Foundation
import GRDB
import Store
import TeamCore

/// A finished session the club does not hold yet, with its upload's progress if one began.
public struct SessionAwaitingUpload: Sendable, Equatable {
    public var sessionID: Int64
    public var uuid: UUID
    /// The hash and the server's upload of the bundle being sent; nil before the first attempt.
    public var sha256: String?
    public var uploadID: UUID?
    /// Set when the club server did not take the bundle's format (a kiosk newer than its server, decision 082).
    public var waiting: WaitingForNewerServer?

    public init(sessionID: Int64, uuid: UUID, sha256: String? = nil, uploadID: UUID? = nil, waiting: WaitingForNewerServer? = nil) {
        self.sessionID = sessionID
        self.uuid = uuid
        self.sha256 = sha256
        self.uploadID = uploadID
        self.waiting = waiting
    }
}

/// Why and since when a session waits for a newer club server: the format the server did not take,
/// the formats it listed then (nil: it listed none, a release before decision 082) and the last offer.
public struct WaitingForNewerServer: Sendable, Equatable, Codable {
    public var format: Int
    public var listed: String?
    public var triedMs: Int64

    public init(format: Int, listed: String?, triedMs: Int64) {
        self.format = format
        self.listed = listed
        self.triedMs = triedMs
    }
}

/// A finished session kept in the outbox until the club server takes its bundle's format.
public struct SessionWaitingForNewerServer: Sendable, Equatable, Codable {
    public var uuid: UUID
    public var startedMs: Int64
    public var waiting: WaitingForNewerServer

    public init(uuid: UUID, startedMs: Int64, waiting: WaitingForNewerServer) {
        self.uuid = uuid
        self.startedMs = startedMs
        self.waiting = waiting
    }
}

/// A finished session the club refused for good, and its one-line reason.
public struct SessionRefusedByClub: Sendable, Equatable, Codable {
    public var uuid: UUID
    public var startedMs: Int64
    public var refusedMs: Int64
    public var reason: String
}

extension SidelineStore {
    /// A finished session (ended, or interrupted by a process that died) that no upload stored
    /// and the club did not refuse for good.
    static let awaitingUpload = """
        s.state IN ('ended', 'interrupted') AND s.uuid IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM club_session_upload u WHERE u.session_uuid = s.uuid
                        AND (u.stored_ms IS NOT NULL OR u.refused_ms IS NOT NULL))
        """

    /// Of those, one whose format the club server did not take: counted apart, not as work left for the pass.
    static let waitsForNewerServer = """
        EXISTS (SELECT 1 FROM club_session_upload w WHERE w.session_uuid = s.uuid AND w.newer_server_format IS NOT NULL)
        """

    // MARK: Roster edits

    /// The queued roster edits with their values as they are now, stamped for `origin`, oldest
    /// first. Edits the club would refuse (`RosterSchema`: a name longer than the club allows,
    /// say) are returned apart, so one cannot hold back the rest.
    public func pendingRosterEdits(origin: String, limit: Int = RosterEditsRequest.maxEdits) throws -> (edits: [RosterEdit], refused: [(RosterEdit, String)]) {
        try read { db in
            var edits: [RosterEdit] = [], refused: [(RosterEdit, String)] = []
            let rows = try Row.fetchAll(db, sql: """
                SELECT entity, key, field, stamp_wall_ms, stamp_counter FROM club_roster_edit
                ORDER BY stamp_wall_ms, stamp_counter, CASE entity WHEN 'settings' THEN 0 WHEN 'team' THEN 1 WHEN 'strap' THEN 2
                    WHEN 'player' THEN 3 ELSE 4 END, key, field LIMIT ?
                """, arguments: [limit])
            for row in rows {
                guard let entity = RosterEntity(rawValue: row["entity"]) else { continue }
                let key: String = row["key"], field: String = row["field"]
                let edit = RosterEdit(entity: entity, key: key, field: field, value: try Self.rosterValue(entity, key: key, field: field, db),
                                      stamp: HybridTimestamp(wallMs: row["stamp_wall_ms"], counter: row["stamp_counter"], origin: origin))
                if let problem = RosterSchema.problem(with: edit) { refused.append((edit, problem)) } else { edits.append(edit) }
            }
            return (edits, refused)
        }
    }

    /// Takes pushed (or refused) edits out of the outbox — each only if it was not edited again since.
    public func removeRosterEdits(_ edits: [RosterEdit]) throws {
        try write { db in
            for e in edits {
                try db.execute(sql: """
                    DELETE FROM club_roster_edit WHERE entity = ? AND key = ? AND field = ? AND stamp_wall_ms = ? AND stamp_counter = ?
                    """, arguments: [e.entity.rawValue, e.key, e.field, e.stamp.wallMs, e.stamp.counter])
            }
        }
    }

    // MARK: Sessions

    /// Finished sessions the club does not hold yet and may have now (none held for consent), oldest first;
    /// those waiting for a newer club server among them, marked so.
    public func sessionsAwaitingUpload() throws -> [SessionAwaitingUpload] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT s.id, s.uuid, u.sha256, u.upload_id, u.newer_server_format, u.newer_server_listed, u.newer_server_tried_ms
                FROM session s LEFT JOIN club_session_upload u ON u.session_uuid = s.uuid
                WHERE \(Self.awaitingUpload) AND NOT (\(Self.heldForConsent)) ORDER BY s.started_ms, s.id
                """).compactMap { row in
                guard let uuid = UUIDColumn.decode(row["uuid"]) else { return nil }
                return SessionAwaitingUpload(sessionID: row["id"], uuid: uuid, sha256: row["sha256"], uploadID: UUIDColumn.decode(row["upload_id"]),
                                             waiting: Self.waitingForNewerServer(row))
            }
        }
    }

    static func waitingForNewerServer(_ row: Row) -> WaitingForNewerServer? {
        guard let format: Int = row["newer_server_format"] else { return nil }
        return WaitingForNewerServer(format: format, listed: row["newer_server_listed"], triedMs: row["newer_server_tried_ms"] ?? 0)
    }

    /// The sessions waiting for a newer club server, oldest first (held for consent or not).
    public func sessionsWaitingForNewerServer() throws -> [SessionWaitingForNewerServer] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT s.uuid, s.started_ms, u.newer_server_format, u.newer_server_listed, u.newer_server_tried_ms
                FROM session s JOIN club_session_upload u ON u.session_uuid = s.uuid
                WHERE \(Self.awaitingUpload) AND u.newer_server_format IS NOT NULL ORDER BY s.started_ms, s.id
                """).compactMap { row in
                guard let uuid = UUIDColumn.decode(row["uuid"]), let waiting = Self.waitingForNewerServer(row) else { return nil }
                return SessionWaitingForNewerServer(uuid: uuid, startedMs: row["started_ms"], waiting: waiting)
            }
        }
    }

    /// The club server does not take the bundle's format yet: the session stays in the outbox, waiting,
    /// with what the server listed (nil: nothing) and when it was offered.
    public func noteUploadWaitsForNewerServer(_ session: UUID, sha256: String, format: Int, listed: String?, at time: Date = Date()) throws {
        try write { db in
            try db.execute(sql: """
                INSERT INTO club_session_upload(session_uuid, sha256, newer_server_format, newer_server_listed, newer_server_tried_ms)
                    SELECT ?1, ?2, ?3, ?4, ?5 WHERE EXISTS (SELECT 1 FROM session WHERE uuid = ?1)
                ON CONFLICT(session_uuid) DO UPDATE SET sha256 = excluded.sha256, upload_id = NULL, stored_ms = NULL,
                    refused_ms = NULL, refused_reason = NULL, newer_server_format = excluded.newer_server_format,
                    newer_server_listed = excluded.newer_server_listed, newer_server_tried_ms = excluded.newer_server_tried_ms
                """, arguments: [UUIDColumn.encode(session), sha256, format, listed, time.unixMs])
        }
    }

    /// One session of `format` was just offered and refused as too new: every other one waiting with that
    /// format or a newer one counts as offered too (one offer per format, not one per session).
    public func noteNewerServerOffered(formatsFrom format: Int, listed: String?, at time: Date = Date()) throws {
        try write { db in
            try db.execute(sql: """
                UPDATE club_session_upload SET newer_server_listed = ?, newer_server_tried_ms = ? WHERE newer_server_format >= ?
                """, arguments: [listed, time.unixMs, format])
        }
    }

    /// An upload began (or began again with other bytes): what it sends and the server's id for it. A session
    /// waiting for a newer club server stays marked so until the server stores or refuses it.
    public func noteUploadStarted(_ session: UUID, sha256: String, uploadID: UUID?) throws {
        try write { db in
            try db.execute(sql: """
                INSERT INTO club_session_upload(session_uuid, sha256, upload_id) SELECT ?1, ?2, ?3 WHERE EXISTS (SELECT 1 FROM session WHERE uuid = ?1)
                ON CONFLICT(session_uuid) DO UPDATE SET sha256 = excluded.sha256, upload_id = excluded.upload_id, stored_ms = NULL,
                    refused_ms = NULL, refused_reason = NULL
                """, arguments: [UUIDColumn.encode(session), sha256, uploadID.map(UUIDColumn.encode)])
        }
    }

    static let noLongerWaiting = "newer_server_format = NULL, newer_server_listed = NULL, newer_server_tried_ms = NULL"

    /// The club holds the session: it leaves the outbox (and stays here: sync never deletes a session).
    public func noteUploadStored(_ session: UUID, sha256: String, at time: Date = Date()) throws {
        try write { db in
            try db.execute(sql: """
                INSERT INTO club_session_upload(session_uuid, sha256, stored_ms) SELECT ?1, ?2, ?3 WHERE EXISTS (SELECT 1 FROM session WHERE uuid = ?1)
                ON CONFLICT(session_uuid) DO UPDATE SET sha256 = excluded.sha256, upload_id = NULL, stored_ms = excluded.stored_ms,
                    refused_ms = NULL, refused_reason = NULL, \(Self.noLongerWaiting)
                """, arguments: [UUIDColumn.encode(session), sha256, time.unixMs])
        }
    }

    /// The club will never take the session as it is (422, or the kiosk's own check against the
    /// club's bounds): it leaves the outbox with the reason, and stays here.
    public func noteUploadRefused(_ session: UUID, sha256: String, reason: String, at time: Date = Date()) throws {
        try write { db in
            try db.execute(sql: """
                INSERT INTO club_session_upload(session_uuid, sha256, refused_ms, refused_reason) SELECT ?1, ?2, ?3, ?4
                    WHERE EXISTS (SELECT 1 FROM session WHERE uuid = ?1)
                ON CONFLICT(session_uuid) DO UPDATE SET sha256 = excluded.sha256, upload_id = NULL, stored_ms = NULL,
                    refused_ms = excluded.refused_ms, refused_reason = excluded.refused_reason, \(Self.noLongerWaiting)
                """, arguments: [UUIDColumn.encode(session), sha256, time.unixMs, reason])
        }
    }

    /// The sessions the club refused for good, oldest refusal first.
    public func sessionsRefusedByClub() throws -> [SessionRefusedByClub] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT u.session_uuid, u.refused_ms, u.refused_reason, s.started_ms FROM club_session_upload u
                JOIN session s ON s.uuid = u.session_uuid
                WHERE u.refused_ms IS NOT NULL ORDER BY u.refused_ms, s.started_ms
                """).compactMap { row in
                guard let uuid = UUIDColumn.decode(row["session_uuid"]) else { return nil }
                return SessionRefusedByClub(uuid: uuid, startedMs: row["started_ms"], refusedMs: row["refused_ms"], reason: row["refused_reason"] ?? "")
            }
        }
    }

    /// The session's uuid, or `StoreError.unknownSession`.
    public func sessionUUID(_ id: Int64) throws -> UUID {
        guard let uuid = try read({ try String.fetchOne($0, sql: "SELECT uuid FROM session WHERE id = ?", arguments: [id]) }).flatMap(UUIDColumn.decode)
        else { throw StoreError.unknownSession(id) }
        return uuid
    }

    // MARK: Tombstones

    /// Sessions deleted here that the club has not been told of, oldest first.
    public func sessionTombstones() throws -> [UUID] {
        try read { db in
            try String.fetchAll(db, sql: "SELECT session_uuid FROM club_session_tombstone ORDER BY deleted_ms").compactMap(UUIDColumn.decode)
        }
    }

    public func removeSessionTombstone(_ session: UUID) throws {
        try write { try $0.execute(sql: "DELETE FROM club_session_tombstone WHERE session_uuid = ?", arguments: [UUIDColumn.encode(session)]) }
    }
}

import ClubProtocol
import Foundation
import Localization
import Logging
import PostgresNIO
import TeamCore

/// Players erased in a club (issue 37, item 1): the erasure log (`player_erasure`, one
/// `PlayerErasure` a player, for good, numbered in the club's feed so every kiosk pulls it) and
/// what an erasure removes — the player's participant rows in every stored session (readings,
/// RR, physiology, name), their season figures, their roster fields (profile, photo,
/// memberships), the conflicts that logged their values, and every unfinished upload (its bytes
/// may hold them). Each session they were in is rewritten: the bundle without them
/// (`SessionBundle.erasing`) under its new hash, the old hash kept as superseded (a kiosk that
/// offers it is told so, not refused), its analysis and team figures computed again.
public enum ClubErasure {
    /// `PlayerErasure.digest` in SQL, of an expression giving a UUID as text in lower case.
    static func digest(_ uuidText: String) -> String {
        "encode(sha256(convert_to('sideline player erasure 1:' || \(uuidText), 'UTF8')), 'hex')"
    }

    public struct Applied: Sendable, Equatable {
        /// False when the club had recorded it before (applied again all the same: nothing is left to remove).
        public var recorded: Bool
        public var sessionsRewritten: [UUID]
    }

    /// Records the erasure (once, with the club's next feed number) and removes the player from
    /// everything the club holds, in the caller's transaction.
    public static func erase(_ erasure: PlayerErasure, club: UUID, in connection: PostgresConnection, logger: Logger) async throws -> Applied {
        if let problem = erasure.problem { throw ClubError.badRequest(Message(N_admin("the erasure: {problem}"), ["problem": problem])) }
        // The club's row: erasures and roster edits take turns, so the feed's numbers commit in order.
        var seq = try await connection.collect("UPDATE club SET roster_seq = roster_seq WHERE id = \(club) RETURNING roster_seq", logger: logger)
            .decode(Int64.self).firstElement() ?? 0
        let known = try await connection.collect("SELECT 1 FROM player_erasure WHERE player_digest = \(erasure.playerDigest)", logger: logger)
            .decode(Int.self).firstElement() != nil
        if !known {
            seq += 1
            try await connection.collect("""
                INSERT INTO player_erasure(club_id, player_digest, erased_at, erased_by, seq)
                VALUES (\(club), \(erasure.playerDigest), \(Date(unixMs: erasure.erasedMs)), \(erasure.by), \(seq))
                """, logger: logger)
            try await connection.collect("UPDATE club SET roster_seq = \(seq) WHERE id = \(club)", logger: logger)
        }
        let players = try await connection.collect("""
            SELECT DISTINCT player_uuid::text FROM session_participant WHERE \(unescaped: digest("player_uuid::text")) = \(erasure.playerDigest)
            UNION SELECT key FROM roster_field WHERE entity = 'player' AND \(unescaped: digest("key")) = \(erasure.playerDigest)
            UNION SELECT DISTINCT player_uuid::text FROM wellness_answer WHERE \(unescaped: digest("player_uuid::text")) = \(erasure.playerDigest)
            """, logger: logger).decode(String.self).all()
        var rewritten: [UUID] = []
        for key in players {
            guard let player = UUID(uuidString: key) else { continue }
            let sessions = try await connection.collect("SELECT DISTINCT session_uuid FROM session_participant WHERE player_uuid = \(player)",
                                                      logger: logger).decode(UUID.self).all()
            for session in sessions {
                if try await rewrite(session, erasing: [player], club: club, in: connection, logger: logger) {
                    rewritten.append(session)
                } else {
                    // A session the server's role cannot read whole (quarantined): their rows go all the same.
                    try await connection.collect("DELETE FROM session_participant WHERE session_uuid = \(session) AND player_uuid = \(player)",
                                               logger: logger)
                }
            }
            let text = player.uuidString.lowercased()
            for table in ["roster_field", "roster_conflict"] {
                try await connection.collect("""
                    DELETE FROM \(unescaped: table) WHERE (entity = 'player' AND key = \(text)) OR (entity = 'membership' AND key LIKE '%/' || \(text))
                    """, logger: logger)
            }
            try await connection.collect("DELETE FROM session_load WHERE player_uuid = \(player)", logger: logger)
            try await connection.collect("DELETE FROM wellness_answer WHERE player_uuid = \(player)", logger: logger)
            // A dismissed flag's key names the player by UUID ("acwr/player-<uuid>", decision 076).
            try await connection.collect("DELETE FROM flag_dismissal WHERE flag_key LIKE '%/player-' || \(text)", logger: logger)
        }
        if !players.isEmpty {
            // An unfinished upload's bytes may hold them; its kiosk starts it again (and the commit leaves them out).
            try await connection.collect("DELETE FROM upload", logger: logger)
        }
        logger.notice("player erasure \(erasure.playerDigest.prefix(12))… by \(erasure.by): \(known ? "known already" : "recorded"); \(rewritten.count) sessions rewritten")
        return Applied(recorded: !known, sessionsRewritten: rewritten)
    }

    /// Rewrites a stored session without these players; false when it held none of them.
    static func rewrite(_ session: UUID, erasing players: Set<UUID>, club: UUID, in connection: PostgresConnection, logger: Logger) async throws -> Bool {
        guard let bundle = try await SessionStore.bundle(session, in: connection, logger: logger),
              let old = try await connection.collect("SELECT sha256 FROM session WHERE uuid = \(session) FOR UPDATE", logger: logger)
                .decode(String.self).firstElement() else { return false }
        let erased = bundle.erasing(players: players)
        guard erased.participants.count < bundle.participants.count else { return false }
        let sha = try erased.contentHash()
        try await connection.collect("""
            INSERT INTO session_superseded(club_id, session_uuid, sha256) VALUES (\(club), \(session), \(old)) ON CONFLICT DO NOTHING
            """, logger: logger)
        try await connection.collect("DELETE FROM session_participant WHERE session_uuid = \(session)", logger: logger)
        try await SessionStore.insertParticipants(erased, club: club, in: connection, logger: logger)
        try await connection.collect("""
            UPDATE session SET sha256 = \(sha), extras = \(SessionStore.extrasJSON(erased))::jsonb, player_count = \(erased.participants.count),
                sample_count = \(Int64(erased.sampleCount)) WHERE uuid = \(session)
            """, logger: logger)
        // The team's figures were computed with them: computed again on the next view (or at once by the caller).
        try await connection.collect("DELETE FROM session_document WHERE session_uuid = \(session)", logger: logger)
        return true
    }

    /// The players of `candidates` the club erased.
    static func erased(among candidates: [UUID], in connection: PostgresConnection, logger: Logger) async throws -> Set<UUID> {
        guard !candidates.isEmpty else { return [] }
        let digests = Set(try await connection.collect("SELECT player_digest FROM player_erasure", logger: logger).decode(String.self).all())
        return Set(candidates.filter { digests.contains(PlayerErasure.digest(playerUUID: $0)) })
    }

    /// The digests of every erased player (a roster edit of one of them is not stored).
    static func erasedDigests(in connection: PostgresConnection, logger: Logger) async throws -> Set<String> {
        Set(try await connection.collect("SELECT player_digest FROM player_erasure", logger: logger).decode(String.self).all())
    }

    /// The club's erasures after `since` in its feed, oldest first, at most `limit`.
    public static func page(since: Int64, limit: Int, in connection: PostgresConnection, logger: Logger) async throws -> ErasuresPage {
        let rows = try await connection.collect("""
            SELECT seq, player_digest, erased_at, erased_by FROM player_erasure WHERE seq > \(since) ORDER BY seq LIMIT \(limit + 1)
            """, logger: logger).decode((Int64, String, Date, String).self).all()
        let page = rows.prefix(limit)
        return ErasuresPage(erasures: page.map { PlayerErasure(playerDigest: $0.1, erasedMs: $0.2.unixMs, by: $0.3) },
                            lastSeq: page.last?.0 ?? since, more: rows.count > limit)
    }

    /// Every erasure of the club, newest first (the admin's page, `sideline-club erasures`).
    public static func all(in connection: PostgresConnection, logger: Logger) async throws -> [PlayerErasure] {
        try await connection.collect("SELECT player_digest, erased_at, erased_by FROM player_erasure ORDER BY erased_at DESC, player_digest",
                                   logger: logger).decode((String, Date, String).self).all()
            .map { PlayerErasure(playerDigest: $0.0, erasedMs: $0.1.unixMs, by: $0.2) }
    }

    /// The roster's player UUIDs whose name is `first last` on team `team` (by name, case-insensitive), for
    /// `sideline-club erase-player --name … --team …`.
    public static func players(named first: String, _ last: String, team: String, in connection: PostgresConnection, logger: Logger) async throws -> [UUID] {
        try await connection.collect("""
            SELECT DISTINCT f.key FROM roster_field f
            JOIN roster_field l ON l.entity = 'player' AND l.key = f.key AND l.field = 'lastName'
            JOIN roster_field m ON m.entity = 'membership' AND m.field = 'shirtNumber' AND split_part(m.key, '/', 2) = f.key
            JOIN roster_field t ON t.entity = 'team' AND t.field = 'name' AND t.key = split_part(m.key, '/', 1)
            WHERE f.entity = 'player' AND f.field = 'firstName'
              AND lower(f.value) = lower(\(jsonString(first))) AND lower(l.value) = lower(\(jsonString(last)))
              AND lower(t.value) = lower(\(jsonString(team)))
            """, logger: logger).decode(String.self).all().compactMap(UUID.init(uuidString:))
    }

    /// A text as `roster_field.value` holds it (canonical JSON).
    static func jsonString(_ text: String) -> String {
        String(decoding: (try? CanonicalJSON.encode(RosterValue.string(text))) ?? Data(), as: UTF8.self)
    }
}

extension ClubErasure {
    /// Applies `erasures` to the club in one transaction, logged as `who`'s changes in it (a kiosk's as
    /// its one sync line of the day); returns the sessions rewritten.
    public static func apply(_ erasures: [PlayerErasure], club: UUID, database: ClubDatabase, loggedAs who: Accessor) async throws -> [UUID] {
        try await database.inClub(club) { connection in
            var sessions: [UUID] = []
            for erasure in erasures {
                sessions += try await erase(erasure, club: club, in: connection, logger: database.logger).sessionsRewritten
                if who.kiosk == nil {
                    try await AccessLog.record(AccessEvent(.change, "player erased", playerDigest: erasure.playerDigest), by: who,
                                               in: connection, logger: database.logger)
                }
            }
            if who.kiosk != nil, !erasures.isEmpty {
                try await AccessLog.record(AccessEvent(.sync, "players erased"), by: who, in: connection, logger: database.logger)
            }
            return sessions
        }
    }

    /// Computes the rewritten sessions' analyses again: their documents and team figures, without the player.
    public static func recompute(_ sessions: [UUID], club: UUID, database: ClubDatabase) async {
        let analyses = SessionAnalysisCache(database: database)
        for session in sessions {
            do { try await analyses.compute(club: club, session: session) } catch {
                database.logger.warning("session \(session.uuidString.lowercased()): its document was not computed again after an erasure (\(error)); the first view computes it")
            }
        }
    }

    /// `sideline-club erase-player` and the web's admin: the player (by UUID) erased, everything recomputed.
    public static func erasePlayer(_ player: UUID, by: String, club: UUID, database: ClubDatabase, loggedAs who: Accessor,
                                   at date: Date = Date()) async throws -> (erasure: PlayerErasure, sessions: Int) {
        let erasure = PlayerErasure(playerDigest: PlayerErasure.digest(playerUUID: player), erasedMs: date.unixMs, by: by)
        let sessions = try await apply([erasure], club: club, database: database, loggedAs: who)
        await recompute(sessions, club: club, database: database)
        return (erasure, sessions.count)
    }

    /// Whether the club knows the player at all (a roster field, or a session they were in).
    public static func knows(_ player: UUID, club: UUID, database: ClubDatabase) async throws -> Bool {
        try await database.inClub(club) { c in
            try await c.collect("""
                SELECT 1 FROM roster_field WHERE entity = 'player' AND key = \(player.uuidString.lowercased())
                UNION ALL SELECT 1 FROM session_participant WHERE player_uuid = \(player) LIMIT 1
                """, logger: database.logger).decode(Int.self).firstElement() != nil
        }
    }
}

import ClubProtocol
import Foundation
import Logging
import PostgresNIO
import TeamCore

/// What someone did with the club's data, for the access log: a page viewed, a file downloaded, a
/// change made, or a kiosk's sync. It says *what* in a few words and names the team, session and
/// player concerned — never the data itself, and a player only by the digest an erasure names them
/// by (`PlayerErasure.digest`), so the log keeps no name or UUID of a player after their erasure
/// (decision 071).
public struct AccessEvent: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        /// A page showing players' or sessions' data.
        case view
        /// A file or API answer carrying it.
        case download
        /// A roster, settings, user, kiosk, token or erasure change.
        case change
        /// A kiosk's sync: at most one line a kiosk, kind of work and day, whatever it sends (decision 071).
        case sync
    }

    public var kind: Kind
    /// What, in a few words ("session page", "file FIT", "player changed: weightKg"); never a name or a value.
    public var action: String
    public var team: UUID?
    public var session: UUID?
    /// `PlayerErasure.digest` of the player concerned.
    public var playerDigest: String?

    public init(_ kind: Kind, _ action: String, team: UUID? = nil, session: UUID? = nil, player: UUID? = nil, playerDigest: String? = nil) {
        self.kind = kind
        self.action = String(action.prefix(160))
        self.team = team
        self.session = session
        self.playerDigest = playerDigest ?? player.map { PlayerErasure.digest(playerUUID: $0) }
    }

    public static func view(_ action: String, team: UUID? = nil, session: UUID? = nil, player: UUID? = nil) -> AccessEvent {
        AccessEvent(.view, action, team: team, session: session, player: player)
    }

    public static func download(_ action: String, team: UUID? = nil, session: UUID? = nil, player: UUID? = nil) -> AccessEvent {
        AccessEvent(.download, action, team: team, session: session, player: player)
    }

    public static func change(_ action: String, team: UUID? = nil, session: UUID? = nil, player: UUID? = nil) -> AccessEvent {
        AccessEvent(.change, action, team: team, session: session, player: player)
    }
}

/// Who did it, and from where: a signed-in user, an admin's command on the server, a script's API
/// token or a kiosk — and the club it was in.
public struct Accessor: Sendable, Equatable {
    public var club: UUID
    /// The web user, when a person signed in did it.
    public var user: UUID?
    /// Their e-mail, the command and its Unix user, the token's id, or the kiosk.
    public var name: String
    /// The client's IP address (`ClientAddress`), or "local" for a command run on the server.
    public var address: String
    public var kiosk: UUID?

    /// A signed-in user of the pages.
    package static func web(_ user: WebUser) -> Accessor {
        Accessor(club: user.club, user: user.id, name: user.email, address: user.address, kiosk: nil)
    }

    /// An admin's command (`sideline-club …`) on the server itself, as the Unix user who ran it.
    public static func command(_ command: String, club: UUID) -> Accessor {
        Accessor(club: club, user: nil, name: "sideline-club \(command) (user \(ProcessInfo.processInfo.userName))", address: "local", kiosk: nil)
    }

    /// A job of the server's own (the daily retention).
    package static func job(_ name: String, club: UUID) -> Accessor {
        Accessor(club: club, user: nil, name: "sideline-club serve: \(name) job", address: "local", kiosk: nil)
    }

    /// A club's script with its read-only API token.
    package static func script(club: UUID, token: UUID, address: String) -> Accessor {
        Accessor(club: club, user: nil, name: "API token \(token.uuidString.lowercased())", address: address, kiosk: nil)
    }

    /// A kiosk with its token (the log shows it by its name as it is now).
    package static func kiosk(club: UUID, kiosk: UUID, address: String) -> Accessor {
        Accessor(club: club, user: nil, name: "kiosk \(kiosk.uuidString.lowercased())", address: address, kiosk: kiosk)
    }
}

/// The club's append-only access log (issue 37, item 4; decision 071): who viewed or downloaded
/// which player's or session's data, and every change, with the time and the client's address. The
/// server's role may only add rows and read them; the time and order are the database's.
public enum AccessLog {
    /// Logs `event` by `who`, in a transaction of its own: the one call a page, a download or a change
    /// makes (before it answers, so nothing is served that was not logged).
    public static func record(_ event: AccessEvent, by who: Accessor, database: ClubDatabase) async throws {
        try await database.inClub(who.club) { connection in try await record(event, by: who, in: connection, logger: database.logger) }
    }

    /// Logs `event` in the caller's transaction (in `who.club`): it stands or falls with the change it records.
    public static func record(_ event: AccessEvent, by who: Accessor, in connection: PostgresConnection, logger: Logger) async throws {
        let actor = String(who.name.prefix(200)), address = String(who.address.prefix(64))
        if event.kind == .sync {
            guard let kiosk = who.kiosk else { throw ClubError.badRequest("a sync is a kiosk's") }
            try await connection.collect("""
                INSERT INTO access_log(club_id, kind, action, actor, address, team_uuid, session_uuid, player_digest, kiosk_id, sync_day)
                VALUES (\(who.club), 'sync', \(event.action), coalesce((SELECT 'kiosk ' || name FROM kiosk WHERE id = \(kiosk)), \(actor)),
                        \(address), \(event.team), \(event.session), \(event.playerDigest), \(kiosk), (now() AT TIME ZONE 'UTC')::date)
                ON CONFLICT (club_id, kiosk_id, action, sync_day) WHERE kind = 'sync' DO NOTHING
                """, logger: logger)
        } else {
            try await connection.collect("""
                INSERT INTO access_log(club_id, kind, action, user_id, actor, address, team_uuid, session_uuid, player_digest, kiosk_id)
                VALUES (\(who.club), \(event.kind.rawValue), \(event.action), \(who.user), \(actor), \(address),
                        \(event.team), \(event.session), \(event.playerDigest), \(who.kiosk))
                """, logger: logger)
        }
    }

    /// One line of the log as read back.
    public struct Entry: Sendable, Equatable {
        public var id: Int64
        public var at: Date
        public var kind: String
        public var action: String
        public var user: UUID?
        public var actor: String
        public var address: String
        public var team: UUID?
        public var session: UUID?
        public var playerDigest: String?
    }

    /// Which lines: all of them, or those of one user (or of no signed-in user: commands, kiosks, scripts),
    /// one player, one kind, a span of time.
    public struct Filter: Sendable, Equatable {
        public enum Who: Sendable, Equatable { case user(UUID), noUser }
        public var who: Who?
        public var playerDigest: String?
        public var kind: AccessEvent.Kind?
        public var from: Date?
        /// Before this instant.
        public var until: Date?

        public init(who: Who? = nil, playerDigest: String? = nil, kind: AccessEvent.Kind? = nil, from: Date? = nil, until: Date? = nil) {
            self.who = who
            self.playerDigest = playerDigest
            self.kind = kind
            self.from = from
            self.until = until
        }
    }

    /// At most `limit` lines that pass `filter`, by number: newest first below `before`, or oldest first above `after`.
    public static func page(_ filter: Filter, before: Int64? = nil, after: Int64? = nil, limit: Int,
                            in connection: PostgresConnection, logger: Logger) async throws -> [Entry] {
        var sql = "SELECT id, at, kind, action, user_id, actor, address, team_uuid, session_uuid, player_digest FROM access_log WHERE true"
        var binds = PostgresBindings()
        func and(_ clause: String, _ value: some PostgresDynamicTypeEncodable) {
            binds.append(value)
            sql += " AND " + clause.replacingOccurrences(of: "?", with: "$\(binds.count)")
        }
        switch filter.who {
        case .user(let id): and("user_id = ?", id)
        case .noUser: sql += " AND user_id IS NULL"
        case nil: break
        }
        if let digest = filter.playerDigest { and("player_digest = ?", digest) }
        if let kind = filter.kind { and("kind = ?", kind.rawValue) }
        if let from = filter.from { and("at >= ?", from) }
        if let until = filter.until { and("at < ?", until) }
        if let before { and("id < ?", before) }
        if let after { and("id > ?", after) }
        sql += after == nil ? " ORDER BY id DESC" : " ORDER BY id"
        sql += " LIMIT \(max(1, min(limit, 10_000)))"
        return try await connection.collect(PostgresQuery(unsafeSQL: sql, binds: binds), logger: logger)
            .decode((Int64, Date, String, String, UUID?, String, String, UUID?, UUID?, String?).self).all()
            .map { Entry(id: $0.0, at: $0.1, kind: $0.2, action: $0.3, user: $0.4, actor: $0.5, address: $0.6,
                         team: $0.7, session: $0.8, playerDigest: $0.9) }
    }

    /// The names the log's digests stand for: every player of the club's roster now (an erased player is no longer there).
    package static func playerNames(_ roster: ClubRoster) -> [String: String] {
        Dictionary(roster.players.values.map { (PlayerErasure.digest(playerUUID: $0.uuid), $0.fullName) }, uniquingKeysWith: { a, _ in a })
    }

    /// A day (YYYY-MM-DD: its start in the server's time zone) or an ISO 8601 time; nil for anything else.
    public static func instant(_ text: String) -> Date? {
        if let day = CalendarDay(iso: text) { return start(of: day, in: .current) }
        return ISO8601DateFormatter().date(from: text)
    }

    /// Where `day` begins in `zone` (the pages' and the command's days are the server's local days).
    public static func start(of day: CalendarDay, in zone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let (y, m, d) = day.components
        return calendar.date(from: DateComponents(year: y, month: m, day: d)) ?? Date(timeIntervalSince1970: 0)
    }
}

extension AccessLog {
    /// `sideline-club access-log`: every line of the club's log from `since` on, oldest first, as text
    /// (tab-separated: time, kind, who, address, what, player, team, session), read a thousand at a time.
    public static func print(club: UUID, since: Date?, database: ClubDatabase, _ emit: @Sendable (String) -> Void) async throws {
        let (roster, teams) = try await database.inClub(club) { c in
            let roster = try await ClubRoster.load(in: c, logger: database.logger)
            // Teams known only from sessions are named as their sessions name them.
            let named = try await c.collect("SELECT DISTINCT team_uuid, team_name FROM session", logger: database.logger).decode((UUID, String).self).all()
            return (roster, Dictionary(named, uniquingKeysWith: { a, _ in a }))
        }
        let names = playerNames(roster)
        let filter = Filter(from: since)
        var after: Int64 = 0
        let stamp = ISO8601DateFormatter()
        while true {
            let entries = try await database.inClub(club) { [after] c in
                try await page(filter, after: after, limit: 1000, in: c, logger: database.logger)
            }
            for e in entries {
                let player = e.playerDigest.map { names[$0] ?? "erased player \($0.prefix(12))…" } ?? "-"
                let team = e.team.map { roster.teams[$0]?.name ?? teams[$0] ?? $0.uuidString.lowercased() } ?? "-"
                emit([stamp.string(from: e.at), e.kind, e.actor, e.address, e.action, player, team,
                      e.session?.uuidString.lowercased() ?? "-"].joined(separator: "\t"))
            }
            guard let last = entries.last, entries.count == 1000 else { return }
            after = last.id
        }
    }
}

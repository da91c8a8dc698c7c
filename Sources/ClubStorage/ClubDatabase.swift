import Foundation
import Localization
import Logging
import PostgresNIO

/// One transaction of `ClubDatabase.inClub`/`inTransaction`, as the routes and pages pass it on to the storage's
/// functions without reading it: they name it, they do not import PostgresNIO.
package typealias ClubTransaction = PostgresConnection

/// The club's PostgreSQL, through PostgresNIO's pooled client. Every request's work runs in one
/// transaction with the club set for that transaction only (`set_config(…, true)`), so row-level
/// security scopes each statement to the caller's club and a pooled connection carries nothing
/// over to the next request.
public struct ClubDatabase: Sendable {
    public let client: PostgresClient
    public let logger: Logger
    /// How long one transaction may take, waiting for a connection included (`serve` sets it; the
    /// one-shot commands wait as long as their work takes). While PostgreSQL is down the pool waits
    /// a minute before it gives up on a request; past this the request is answered 503 instead.
    public let deadline: Duration?

    /// What `serve` gives a transaction by default (`--database-deadline`): a commit of the largest bundle
    /// takes a few seconds, and the kiosk gives up after 30.
    public static let servingDeadline: Duration = .seconds(15)
    /// Who may hold a session bundle in memory now: commits and analyses, one at a time by default.
    let bundles: MemoryGate
    /// Who may read an upload's chunk now (up to `UploadRequest.maxChunk`, copied twice on its way in).
    let chunks = MemoryGate(width: 4)

    public init(url: DatabaseURL, logger: Logger, poolLogLevel: Logger.Level? = nil, deadline: Duration? = nil,
                bundlesAtOnce: Int = 1) {
        var poolLogger = logger
        if let poolLogLevel { poolLogger.logLevel = poolLogLevel }
        client = PostgresClient(configuration: url.configuration, backgroundLogger: poolLogger)
        self.logger = logger
        self.deadline = deadline
        bundles = MemoryGate(width: bundlesAtOnce)
    }

    /// `work` on a whole bundle, once the gate lets it through (waiting as long as a transaction may take, when serving).
    package func withBundle<T: Sendable>(_ work: @Sendable () async throws -> T) async throws -> T {
        try await bundles.through(waitingAtMost: deadline ?? .seconds(3600), work)
    }

    /// `work` reading and storing one upload chunk, once the chunk gate lets it through.
    package func withChunk<T: Sendable>(_ work: @Sendable () async throws -> T) async throws -> T {
        try await chunks.through(waitingAtMost: deadline ?? .seconds(3600), work)
    }

    /// Runs `body` in a transaction scoped to `club`.
    @discardableResult
    public func inClub<T: Sendable>(_ club: UUID, _ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        try await within {
            try await client.withTransaction(logger: logger) { connection in
                try await connection.collect("SELECT set_config('sideline.club_id', \(club.uuidString.lowercased()), true)", logger: logger)
                return try await body(connection)
            }
        }
    }

    /// Runs `body` in a transaction with no club set (lookups through the definer functions, migrations).
    @discardableResult
    public func inTransaction<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        try await within {
            try await client.withTransaction(logger: logger) { connection in try await body(connection) }
        }
    }

    /// `work`, unwrapped, within the deadline if there is one: past it the caller gets `.unavailable` (503)
    /// at once — and a `CancellationError` at once when the request itself is cancelled (the server
    /// stopping) — while the work is cancelled and left to end by itself. Not awaited: PostgresNIO does not always end work on
    /// cancellation (a lease or a query on a connection PostgreSQL dropped can wait for the pool's own
    /// timeouts, a minute), and the request must still be answered. A commit answered 503 that completes
    /// later anyway is found stored by the kiosk's next try (uploads are idempotent).
    func within<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) async throws -> T {
        guard let deadline else { return try await Self.unwrapped(work) }
        let answer = FirstAnswer<T>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                answer.deliver(to: continuation)
                let worker = Task {
                    do { answer.give(.success(try await Self.unwrapped(work))) } catch { answer.give(.failure(error)) }
                }
                let timer = Task {
                    do { try await Task.sleep(for: deadline) } catch { return }
                    answer.give(.failure(ClubError(.unavailable, "the club's database did not answer within \(deadline)")))
                }
                answer.onGiven {
                    worker.cancel()
                    timer.cancel()
                }
            }
        } onCancel: {
            answer.give(.failure(CancellationError()))
        }
    }

    /// `serve` refuses a role that row-level security would not hold: a superuser, a role with BYPASSRLS,
    /// or one that owns the schema's tables (the owner should run migrate and the admin commands only);
    /// and a schema its migrations do not match (older: migrate first; newer: this server is the old one),
    /// rather than failing on the first request that meets a missing column.
    public static func checkServingRole(_ url: DatabaseURL, logger: Logger) async throws {
        let row: (String, Bool, Bool, Int64, Bool)?
        var schema: Int?
        do {
            let connection = try await PostgresConnection.connect(configuration: try url.connectionConfiguration(), id: 0, logger: logger)
            let answer = try await connection.collect("""
                SELECT r.rolname::text, r.rolsuper, r.rolbypassrls,
                       (SELECT count(*) FROM pg_class c WHERE c.relowner = r.oid AND c.relnamespace = 'public'::regnamespace AND c.relkind = 'r'),
                       coalesce(has_table_privilege(to_regclass('public.sideline_migrations'), 'SELECT'), false)
                FROM pg_roles r WHERE r.rolname = current_user
                """, logger: logger).decode((String, Bool, Bool, Int64, Bool).self).firstElement()
            if answer?.4 == true {
                schema = try await connection.collect("SELECT coalesce(max(version), 0)::integer FROM sideline_migrations",
                                                    logger: logger).decode(Int.self).firstElement()
            }
            try await connection.close()
            row = answer
        } catch let error as PSQLError {
            throw ClubError(.unavailable, describe(error, url: url))
        }
        guard let (role, superuser, bypass, owned, _) = row else { return }
        if superuser || bypass {
            throw ClubError(.badRequest, "role '\(role)' is a superuser or has BYPASSRLS: serve connects as the app role that migrate --app-role named")
        }
        if owned > 0 {
            throw ClubError(.badRequest, "role '\(role)' owns \(owned) tables of the schema: serve connects as the app role, not the owner")
        }
        let needed = Migrations.all.map(\.version).max() ?? 0
        guard let schema else {
            throw ClubError(.badRequest, "role '\(role)' finds no Sideline schema it may read in \(url.database): run `sideline-club migrate --app-role \(role)` as the database's owner first")
        }
        if schema < needed {
            throw ClubError(.badRequest, "the database's schema is at version \(schema) and this server needs \(needed): run `sideline-club migrate --app-role \(role)` as the database's owner first")
        }
        if schema > needed {
            throw ClubError(.badRequest, "the database's schema is at version \(schema), newer than this server's \(needed): another instance was upgraded; upgrade this one too")
        }
    }

    /// PostgresNIO wraps whatever ended a transaction; callers want the error itself: a refusal thrown
    /// inside (rolled back), or PostgreSQL's own when BEGIN or COMMIT failed.
    static func unwrapped<T>(_ work: () async throws -> T) async throws -> T {
        do {
            return try await work()
        } catch let error as PostgresTransactionError {
            throw error.closureError ?? error.commitError ?? error.beginError ?? error.rollbackError ?? error
        }
    }

    /// Runs `work` with the client's connection pool running, then stops it: the command line's one-shot commands.
    public static func with<T: Sendable>(_ url: DatabaseURL, logger: Logger, _ work: @Sendable (ClubDatabase) async throws -> T) async throws -> T {
        // One connection first: the pool would wait for a server that is not there; this says so at once.
        do {
            let probe = try await PostgresConnection.connect(configuration: try url.connectionConfiguration(), id: 0, logger: logger)
            try await probe.close()
        } catch let error as PSQLError {
            throw ClubError(.unavailable, describe(error, url: url))
        } catch {
            throw ClubError(.unavailable, Message(N_admin("cannot reach PostgreSQL at {url}: {error}"), ["url": "\(url)", "error": "\(error)"]))
        }
        // The pool's own chatter ("run() has not been called yet" while its task starts) is not the user's business here.
        let database = ClubDatabase(url: url, logger: logger, poolLogLevel: .error)
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { await database.client.run(); return nil }
            defer { group.cancelAll() }
            do {
                return try await work(database)
            } catch let error as PSQLError {
                throw ClubError(.unavailable, Self.describe(error, url: url))
            }
        }
    }

    /// One line for a PostgreSQL failure: the server's own message when it sent one, else what failed.
    static func describe(_ error: PSQLError, url: DatabaseURL) -> Message {
        if let message = error.serverInfo?[.message] { return Message("PostgreSQL ({url}): {message}", ["url": "\(url)", "message": message]) }
        switch error.code {
        case .connectionError, .serverClosedConnection, .unexpectedBackendMessage: return Message(N_admin("cannot reach PostgreSQL at {url}"), ["url": "\(url)"])
        default: return Message("PostgreSQL ({url}): {message}", ["url": "\(url)", "message": String(reflecting: error.code)])
        }
    }
}

extension PSQLError {
    /// True for a unique or primary-key violation.
    var isUniqueViolation: Bool { serverInfo?[.sqlState] == "23505" }
}

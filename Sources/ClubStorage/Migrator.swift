import Foundation
import Localization
import Logging
import PostgresNIO

/// `sideline-club migrate --app-role ROLE`, run as the schema's owner: applies the migrations not yet
/// applied (each in its own transaction, recorded in `sideline_migrations`), then grants the
/// server's role exactly what the server needs. Running it again changes nothing.
public enum Migrator {
    public struct Report: Sendable, Equatable {
        public var applied: [String]
        public var version: Int
    }

    public static func migrate(_ database: ClubDatabase, appRole: String) async throws -> Report {
        guard appRole.range(of: "^[a-z_][a-z0-9_]{0,62}$", options: .regularExpression) != nil else {
            throw ClubError.badRequest(Message(N_admin("app role '{role}' must be a lower-case PostgreSQL name (letters, digits, _)"), ["role": appRole]))
        }
        let owner = try await database.inTransaction { connection in
            try await connection.collect("SELECT current_user::text", logger: database.logger).decode(String.self).firstElement() ?? ""
        }
        guard owner != appRole else { throw ClubError.badRequest(Message(N_admin("the app role must not be the owner ({owner}) that runs migrate"), ["owner": owner])) }
        try await checkAppRole(appRole, database: database)
        let applied = try await applySchema(database)
        try await database.inTransaction { connection in
            let quoted = "\"\(appRole)\""
            try await connection.collect(PostgresQuery(unsafeSQL: "REVOKE ALL ON ALL TABLES IN SCHEMA public FROM \(quoted)"), logger: database.logger)
            try await connection.collect(PostgresQuery(unsafeSQL: "REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM \(quoted)"), logger: database.logger)
            for grant in Migrations.appGrants {
                try await connection.collect(PostgresQuery(unsafeSQL: grant.replacingOccurrences(of: "%ROLE%", with: quoted)), logger: database.logger)
            }
        }
        return Report(applied: applied, version: Migrations.all.last?.version ?? 0)
    }

    /// The migrations not yet applied, each in its own transaction; returns what it applied.
    @discardableResult
    package static func applySchema(_ database: ClubDatabase) async throws -> [String] {
        let owner = try await database.inTransaction { connection in
            try await connection.collect("SELECT current_user::text", logger: database.logger).decode(String.self).firstElement() ?? ""
        }
        var applied: [String] = []
        for migration in Migrations.all {
            let done: Bool = try await database.inTransaction { connection in
                // One migrate at a time: a second waits here and then finds the work done.
                try await connection.collect("SELECT pg_advisory_xact_lock(7368547)", logger: database.logger)
                try await connection.collect("""
                    CREATE TABLE IF NOT EXISTS sideline_migrations(
                        version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())
                    """, logger: database.logger)
                let exists = try await connection.collect("SELECT 1 FROM sideline_migrations WHERE version = \(migration.version)",
                                                        logger: database.logger).decode(Int.self).firstElement() != nil
                if exists { return true }
                for statement in migration.statements(owner) {
                    try await connection.collect(PostgresQuery(unsafeSQL: statement), logger: database.logger)
                }
                try await connection.collect("INSERT INTO sideline_migrations(version, name) VALUES (\(migration.version), \(migration.name))",
                                           logger: database.logger)
                return false
            }
            if !done { applied.append("\(migration.version) \(migration.name)") }
        }
        return applied
    }

    /// The server's role must exist, log in, and be unable to see past row-level security.
    static func checkAppRole(_ role: String, database: ClubDatabase) async throws {
        let row = try await database.inTransaction { connection in
            try await connection.collect("SELECT rolsuper, rolbypassrls FROM pg_roles WHERE rolname = \(role)",
                                       logger: database.logger).decode((Bool, Bool).self).firstElement()
        }
        guard let (superuser, bypass) = row else {
            throw ClubError.badRequest(Message(N_admin("role '{role}' does not exist: create it first (CREATE ROLE {role} LOGIN PASSWORD '…')"), ["role": role]))
        }
        guard !superuser, !bypass else {
            throw ClubError.badRequest(Message(N_admin("role '{role}' is a superuser or has BYPASSRLS: the server's role must see only its club's rows"), ["role": role]))
        }
    }
}

import Foundation
import NIOSSL
import PostgresNIO

/// `--database-url` / `SIDELINE_CLUB_DATABASE_URL`: `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`,
/// with `?host=/run/postgresql` for a Unix socket directory and `?sslmode=disable|require`.
public struct DatabaseURL: Sendable, Equatable, CustomStringConvertible {
    public enum Endpoint: Sendable, Equatable {
        case tcp(host: String, port: Int)
        case socket(path: String)
    }

    public var endpoint: Endpoint
    public var user: String
    public var password: String?
    public var database: String
    public var requireTLS: Bool

    public init(_ text: String) throws(ClubError) {
        guard let url = URLComponents(string: text), ["postgres", "postgresql"].contains(url.scheme ?? "") else {
            throw .badRequest("database URL '\(Self.redacted(text))' is not postgres://USER@HOST[:PORT]/DATABASE")
        }
        guard let user = url.user, !user.isEmpty else { throw .badRequest("database URL '\(Self.redacted(text))' names no user") }
        let database = String(url.path.drop(while: { $0 == "/" }))
        guard !database.isEmpty else { throw .badRequest("database URL '\(Self.redacted(text))' names no database") }
        let query = Dictionary((url.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { _, b in b })
        switch query["sslmode"] ?? "disable" {
        case "disable", "prefer", "allow": requireTLS = false
        case "require", "verify-ca", "verify-full": requireTLS = true
        case let other: throw .badRequest("database URL: sslmode '\(other)' is not disable or require")
        }
        self.user = user.removingPercentEncoding ?? user
        self.password = url.password.map { $0.removingPercentEncoding ?? $0 }
        self.database = database.removingPercentEncoding ?? database
        if let socketDirectory = query["host"], socketDirectory.hasPrefix("/") {
            endpoint = .socket(path: "\(socketDirectory)/.s.PGSQL.\(url.port ?? 5432)")
        } else {
            guard let host = url.host, !host.isEmpty else { throw .badRequest("database URL '\(Self.redacted(text))' names no host") }
            endpoint = .tcp(host: host, port: url.port ?? 5432)
        }
    }

    /// The URL given on the command line, else `SIDELINE_CLUB_DATABASE_URL`.
    public static func resolve(_ option: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws(ClubError) -> DatabaseURL {
        guard let text = option ?? environment["SIDELINE_CLUB_DATABASE_URL"], !text.isEmpty else {
            throw .badRequest("no database: give --database-url postgres://USER@HOST/DATABASE or set SIDELINE_CLUB_DATABASE_URL")
        }
        return try DatabaseURL(text)
    }

    public var configuration: PostgresClient.Configuration {
        var configuration: PostgresClient.Configuration
        switch endpoint {
        case .tcp(let host, let port):
            configuration = .init(host: host, port: port, username: user, password: password, database: database,
                                  tls: requireTLS ? .require(.makeClientConfiguration()) : .disable)
        case .socket(let path):
            configuration = .init(unixSocketPath: path, username: user, password: password, database: database)
        }
        configuration.options.connectTimeout = .seconds(10)
        return configuration
    }

    /// The same settings for one connection of its own (the command line's first contact).
    func connectionConfiguration() throws -> PostgresConnection.Configuration {
        var configuration: PostgresConnection.Configuration
        switch endpoint {
        case .tcp(let host, let port):
            configuration = .init(host: host, port: port, username: user, password: password, database: database,
                                  tls: requireTLS ? .require(try NIOSSLContext(configuration: .makeClientConfiguration())) : .disable)
        case .socket(let path):
            configuration = .init(unixSocketPath: path, username: user, password: password, database: database)
        }
        configuration.options.connectTimeout = .seconds(10)
        return configuration
    }

    /// The URL without its password, for messages.
    public var description: String {
        switch endpoint {
        case .tcp(let host, let port): "postgres://\(user)@\(host):\(port)/\(database)"
        case .socket(let path): "postgres://\(user)@/\(database) (socket \(path))"
        }
    }

    static func redacted(_ text: String) -> String {
        guard var url = URLComponents(string: text), url.password != nil else { return text }
        url.password = "…"
        return url.string ?? "…"
    }
}

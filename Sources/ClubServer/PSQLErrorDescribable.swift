import PostgresNIO

/// PostgreSQL's failures as one log line (the server's message when it sent one).
protocol PSQLErrorDescribable: Error {
    var oneLine: String { get }
}

extension PSQLError: PSQLErrorDescribable {
    var oneLine: String { serverInfo?[.message] ?? String(reflecting: code) }
}

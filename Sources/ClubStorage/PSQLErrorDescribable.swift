import PostgresNIO
import _ConnectionPoolModule

/// PostgreSQL's failures as one log line (the server's message when it sent one); each is answered 503.
package protocol PSQLErrorDescribable: Error {
    var oneLine: String { get }
}

extension PSQLError: PSQLErrorDescribable {
    package var oneLine: String { serverInfo?[.message] ?? String(reflecting: code) }
}

/// The pool's: no connection could be had (PostgreSQL has been unreachable for a while, or the server is stopping).
extension ConnectionPoolError: PSQLErrorDescribable {
    package var oneLine: String { "no connection to PostgreSQL (\(self))" }
}

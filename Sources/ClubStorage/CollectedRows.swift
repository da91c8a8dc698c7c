import Logging
import PostgresNIO

/// Every row of a query, collected on the connection's event loop before the first is read, then read
/// as an async sequence (PostgresNIO's `decode`, `for try await` and `.all()` work on it unchanged).
///
/// Why not PostgresNIO's own async `query`: its rows stream with back-pressure, and when PostgreSQL
/// goes away while their reader is behind the network — a slow decode, a busy core — its row stream's
/// state machine fails a precondition ("How can we receive a body part, after a channelReadComplete,
/// but no read has been forwarded yet") and the whole server ends (PostgresNIO 1.33;
/// `Tests/club/test_bounded_resources.py` reproduced it 5 of 5 while a session's document was computed).
/// Collected rows are asked for as fast as they come, so the stream is never behind and the lost
/// connection is an error like any other: 503. Nothing the server reads is large, and what could be
/// (an upload's chunks) is read a row per query (docs/decisions/069-a-commit-has-a-memory-ceiling.md).
package struct CollectedRows: AsyncSequence, Sendable {
    package typealias Element = PostgresRow
    let rows: [PostgresRow]

    package struct AsyncIterator: AsyncIteratorProtocol {
        var base: IndexingIterator<[PostgresRow]>
        package mutating func next() async -> PostgresRow? { base.next() }
    }

    package func makeAsyncIterator() -> AsyncIterator { AsyncIterator(base: rows.makeIterator()) }
}

extension PostgresConnection {
    /// Runs `query` and collects all its rows (see `CollectedRows`); the only way the server queries.
    @discardableResult
    package func collect(_ query: PostgresQuery, logger: Logger, file: String = #fileID, line: Int = #line) async throws -> CollectedRows {
        let future: EventLoopFuture<PostgresQueryResult> = self.query(query, logger: logger, file: file, line: line)
        return CollectedRows(rows: try await future.get().rows)
    }
}

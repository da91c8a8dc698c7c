import Foundation
import Logging
import PostgresNIO

/// The sign-in limit's memory: failed sign-ins kept in PostgreSQL (through the owner's functions: the
/// table belongs to no club), so every server counts the same tries, and `SignInLimit` deciding on them.
/// A successful sign-in clears the failures of its own e-mail and address pair only.
package enum LoginThrottle {
    static let limit = SignInLimit()

    package static func decision(email: String, address: String, database: ClubDatabase) async throws -> SignInLimit.Decision {
        let row = try await database.inTransaction { connection in
            try await connection.collect("""
                SELECT now_ms, email_ms, pair_ms, address_ms FROM sideline_login_history(\(email), \(address), \(Int(limit.window))::integer)
                """, logger: database.logger).decode((Int64, [Int64], [Int64], [Int64]).self).firstElement()
        }
        guard let (now, email, pair, address) = row else { return .check }
        func dates(_ ms: [Int64]) -> [Date] { ms.map { Date(timeIntervalSince1970: Double($0) / 1000) } }
        return limit.decide(.init(email: dates(email), pair: dates(pair), address: dates(address)), now: dates([now])[0])
    }

    package static func failed(email: String, address: String, database: ClubDatabase) async throws {
        try await database.inTransaction { connection in
            try await connection.collect("SELECT sideline_login_failed(\(email), \(address))", logger: database.logger)
        }
    }

    package static func succeeded(email: String, address: String, database: ClubDatabase) async throws {
        try await database.inTransaction { connection in
            try await connection.collect("SELECT sideline_login_succeeded_from(\(email), \(address))", logger: database.logger)
        }
    }
}

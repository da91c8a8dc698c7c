import Foundation
import Logging
import PostgresNIO

/// Failed logins slow a guesser down: after 5 failures for one e-mail, or 20 from one client
/// address, within 15 minutes, the next try is refused without looking at the password. Counted in
/// PostgreSQL (through the owner's functions: the table belongs to no club), so every server counts
/// the same tries; a successful login clears its e-mail's count.
enum LoginThrottle {
    static let window: Int = 15 * 60
    static let perEmail: Int64 = 5
    static let perAddress: Int64 = 20

    /// True when this e-mail or address has failed too often lately.
    static func isLimited(email: String, address: String, database: ClubDatabase) async throws -> Bool {
        let counts = try await database.inTransaction { connection in
            try await connection.query("SELECT by_email, by_address FROM sideline_login_failures(\(email), \(address), \(window)::integer)",
                                       logger: database.logger).decode((Int64, Int64).self).firstElement()
        }
        guard let (byEmail, byAddress) = counts else { return false }
        return byEmail >= perEmail || byAddress >= perAddress
    }

    static func failed(email: String, address: String, database: ClubDatabase) async throws {
        try await database.inTransaction { connection in
            try await connection.query("SELECT sideline_login_failed(\(email), \(address))", logger: database.logger)
        }
    }

    static func succeeded(email: String, database: ClubDatabase) async throws {
        try await database.inTransaction { connection in
            try await connection.query("SELECT sideline_login_succeeded(\(email))", logger: database.logger)
        }
    }
}

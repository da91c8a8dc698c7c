import ClubProtocol
import Foundation
import PostgresNIO
import TeamCore

/// A kiosk's own record as its routes read and touch it: when it was last seen, and its sync status.
package enum KioskStatusStore {
    /// Notes that `kiosk` called now (the admin's kiosks page shows it).
    package static func markSeen(_ kiosk: UUID, club: UUID, database: ClubDatabase) async throws {
        try await database.inClub(club) { connection in
            try await connection.collect("UPDATE kiosk SET last_seen_at = now() WHERE id = \(kiosk)", logger: database.logger)
        }
    }

    /// What `sideline club status` shows of the server's side: the club, the kiosk, the roster feed's end, counts.
    package static func status(of kiosk: UUID, club: UUID, formats: BundleFormatsTaken, database: ClubDatabase) async throws -> SyncStatus {
        try await database.inClub(club) { connection in
            let row = try await connection.collect("""
                SELECT c.name, k.name, c.roster_seq, k.last_seen_at,
                       (SELECT count(*) FROM session s WHERE s.kiosk_id = k.id), (SELECT count(*) FROM player_erasure)
                FROM club c, kiosk k WHERE k.id = \(kiosk)
                """, logger: database.logger).decode((String, String, Int64, Date?, Int64, Int64).self).firstElement()
            guard let row else { throw ClubError(.unauthorized, "unknown kiosk") }
            return SyncStatus(clubName: row.0, kioskName: row.1, serverTimeMs: Date().unixMs, rosterSeq: row.2,
                              sessionsStored: Int(row.4), lastSeenMs: row.3?.unixMs, playersErased: Int(row.5),
                              bundleFormats: formats.list)
        }
    }
}

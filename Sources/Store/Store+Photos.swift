import Foundation
import GRDB
import TeamCore

extension SidelineStore {
    /// Stores players' photos (already prepared: square JPEGs) in one transaction: all or none.
    /// A player's earlier photo is replaced; the version (`updated_ms`) moves on even within one millisecond.
    public func setPlayerPhotos(_ photos: [(playerID: Int64, jpeg: [UInt8])], at time: Date = Date()) throws {
        try write { db in
            for photo in photos {
                try Self.setPhoto(playerID: photo.playerID, jpeg: photo.jpeg, at: time, db)
            }
        }
    }

    /// In the caller's transaction (the club sync's pull applies a pulled photo with it).
    public static func setPhoto(playerID: Int64, jpeg: [UInt8], at time: Date, _ db: Database) throws {
        guard try Int.fetchOne(db, sql: "SELECT 1 FROM player WHERE id = ?", arguments: [playerID]) != nil else {
            throw StoreError.unknownPlayer(playerID)
        }
        let previous = try Int64.fetchOne(db, sql: "SELECT updated_ms FROM player_photo WHERE player_id = ?", arguments: [playerID])
        let version = max(time.unixMs, (previous ?? .min) + 1)
        try db.execute(sql: """
            INSERT INTO player_photo(player_id, jpeg, updated_ms) VALUES (?, ?, ?)
            ON CONFLICT(player_id) DO UPDATE SET jpeg = excluded.jpeg, updated_ms = excluded.updated_ms
            """, arguments: [playerID, Data(jpeg), version])
    }

    /// A player's stored photo (a square JPEG), nil when there is none.
    public func playerPhoto(_ playerID: Int64) throws -> [UInt8]? {
        try read { db in
            try Data.fetchOne(db, sql: "SELECT jpeg FROM player_photo WHERE player_id = ?", arguments: [playerID]).map { [UInt8]($0) }
        }
    }

    public func deletePlayerPhoto(_ playerID: Int64) throws {
        try write { try $0.execute(sql: "DELETE FROM player_photo WHERE player_id = ?", arguments: [playerID]) }
    }
}

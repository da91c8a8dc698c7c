import Foundation
import GRDB
import TeamCore

/// A `strap` row read as a `Strap`. Straps are written by address (`strap(address:name:)`, a
/// roster import), and what they say of themselves column by column, so the record only reads.
extension Strap: FetchableRecord, TableRecord {
    public static let databaseTableName = "strap"

    public init(row: Row) throws {
        self.init(id: row["id"], address: row["address"], name: row["name"], lastBattery: row["last_battery"],
                  lastSeen: (row["last_seen_ms"] as Int64?).map(Date.init(unixMs:)),
                  bodyLocation: row["body_location"], manufacturer: row["manufacturer"], label: row["label"],
                  uuid: UUIDColumn.decode(row["uuid"]))
    }
}

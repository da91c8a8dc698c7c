import Foundation
import GRDB
import TeamCore

/// A `team` row read as a `Team`. Teams are written by `createTeam` and roster imports (which
/// pick the palette's next colour and stamp `created_ms`), so the record only reads.
extension Team: FetchableRecord, TableRecord {
    public static let databaseTableName = "team"

    public init(row: Row) throws {
        self.init(id: row["id"], name: row["name"], colour: RGBColour(hex: row["colour"]) ?? RGBColour.teamPalette[0],
                  uuid: UUIDColumn.decode(row["uuid"]))
    }
}

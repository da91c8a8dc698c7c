import GRDB
import TeamCore

/// A `membership` row: a player on a team's roster, with their number and default strap there.
extension Membership: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "membership"

    public init(row: Row) throws {
        self.init(teamID: row["team_id"], playerID: row["player_id"], shirtNumber: row["shirt_number"], strapID: row["strap_id"])
    }

    public func encode(to container: inout PersistenceContainer) {
        container["team_id"] = teamID
        container["player_id"] = playerID
        container["shirt_number"] = shirtNumber
        container["strap_id"] = strapID
    }
}

import Foundation
import GRDB
import TeamCore

/// A `player` row, read and written. The row's id is not part of a `Player` (see there): an insert
/// answers it (`db.lastInsertedRowID`), an update names it (`StoredPlayer`).
extension Player: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "player"

    public init(row: Row) throws {
        self.init(firstName: row["first_name"], lastName: row["last_name"], birthYear: row["birth_year"],
                  sex: Sex(rawValue: row["sex"]) ?? .male, weightKg: row["weight_kg"], restingHR: row["resting_hr"],
                  measuredMaxHR: row["max_hr"], photoPath: row["photo_path"], uuid: UUIDColumn.decode(row["uuid"]),
                  consent: (row["consent_day"] as String?).flatMap(CalendarDay.init(iso:)).map { Consent(day: $0, givenBy: row["consent_by"] ?? "") })
    }

    public func encode(to container: inout PersistenceContainer) {
        container["first_name"] = firstName
        container["last_name"] = lastName
        container["birth_year"] = birthYear
        container["sex"] = sex.rawValue
        container["weight_kg"] = weightKg
        container["resting_hr"] = restingHR
        container["max_hr"] = measuredMaxHR
        container["photo_path"] = photoPath
        container["consent_day"] = consent?.day.description
        container["consent_by"] = consent?.givenBy
        // Written once, on insert (a new player without one gets a random one from the schema's trigger); never renumbered.
        if let uuid { container["uuid"] = UUIDColumn.encode(uuid) }
    }
}

/// A stored player with the id of its row: what an update writes.
struct StoredPlayer: PersistableRecord {
    static let databaseTableName = Player.databaseTableName
    var id: Int64
    var player: Player

    func encode(to container: inout PersistenceContainer) {
        container["id"] = id
        player.encode(to: &container)
    }
}

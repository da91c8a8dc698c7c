import Foundation
import GRDB
import TeamCore

/// A `session` row read as a `Session`. `startSession` writes the row (with its participants and
/// the team's last tags in the same transaction); its state changes column by column.
extension Session: FetchableRecord, TableRecord {
    public static let databaseTableName = "session"

    public init(row: Row) throws {
        self.init(id: row["id"], teamID: row["team_id"], plannedDurationMs: row["planned_ms"],
                  startedAt: Date(unixMs: row["started_ms"]),
                  endedAt: (row["ended_ms"] as Int64?).map(Date.init(unixMs:)),
                  state: Session.State(rawValue: row["state"]) ?? .interrupted, tags: SessionTagsColumn.decode(row["tags"]),
                  reviewed: row["reviewed"], zoneModel: ZoneModel(rawValue: row["zone_model"]) ?? .percentOfMax,
                  effortEndMs: row["effort_end_ms"], uuid: UUIDColumn.decode(row["uuid"]))
    }
}

/// A `session_player` row: who took part, wearing which strap, with their physiology that day.
extension SessionPlayer: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "session_player"

    public init(row: Row) throws {
        self.init(sessionID: row["session_id"], playerID: row["player_id"], strapID: row["strap_id"],
                  shirtNumber: row["shirt_number"],
                  physiology: Physiology(age: row["age"], sex: Sex(rawValue: row["sex"]) ?? .male, weightKg: row["weight_kg"],
                                         restingHR: row["resting_hr"], maxHR: row["max_hr"],
                                         maxSource: Physiology.MaxSource(rawValue: row["max_source"]) ?? .tanaka))
    }

    public func encode(to container: inout PersistenceContainer) {
        container["session_id"] = sessionID
        container["player_id"] = playerID
        container["strap_id"] = strapID
        container["shirt_number"] = shirtNumber
        container["age"] = physiology.age
        container["sex"] = physiology.sex.rawValue
        container["weight_kg"] = physiology.weightKg
        container["resting_hr"] = physiology.restingHR
        container["max_hr"] = physiology.maxHR
        container["max_source"] = physiology.maxSource.rawValue
    }
}

/// A `lap` row (its own id is never read: laps are a session's, in time order).
extension Lap: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "lap"

    public init(row: Row) throws {
        self.init(sessionID: row["session_id"], tMs: row["t_ms"], label: row["label"])
    }

    public func encode(to container: inout PersistenceContainer) {
        container["session_id"] = sessionID
        container["t_ms"] = tMs
        container["label"] = label
    }
}

/// Tags in one text column ("match,sitting"): `session.tags` and `team.last_tags`.
enum SessionTagsColumn {
    static func encode(_ tags: [String]) -> String { tags.joined(separator: ",") }
    static func decode(_ stored: String) -> [String] { stored.split(separator: ",").map(String.init) }
}

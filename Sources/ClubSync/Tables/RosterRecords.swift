import ClubProtocol
import Foundation
import GRDB
import Store
import TeamCore

// A roster record of the kiosk's tables in the club's terms (`RosterSchema`'s entities and fields), both ways, here
// only: the value of a field as the tables hold it (`rosterValue`, what a push sends) and a pulled record written
// into them (`ClubRecordWriter`). The kiosk has no Swift type per roster record on the wire: the columns are the record.

/// Writes one record's pulled fields into the kiosk's tables.
struct ClubRecordWriter {
    let db: Database
    let key: String
    let fields: [String: RosterValue]

    var deleted: Bool { fields["deleted"]?.bool == true }

    func apply(_ entity: RosterEntity, _ outcome: inout ClubPullOutcome) throws {
        switch entity {
        case .settings: try settings()
        case .team: try team(&outcome)
        case .strap: try strap()
        case .player: try player(&outcome)
        case .membership: try membership()
        case .session: try session(&outcome)
        }
    }

    func id(_ table: String, _ uuid: String) throws -> Int64? {
        try Int64.fetchOne(db, sql: "SELECT id FROM \(table) WHERE uuid = ?", arguments: [uuid])
    }

    func settings() throws {
        for (localKey, field) in RosterSchema.sharedSettingsInTheStore {
            guard let value = fields[field]?.string else { continue }
            try db.execute(sql: "INSERT INTO setting(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                           arguments: [localKey, value])
        }
    }

    /// A name no other team here has: the club may hold two teams of one name (made on two kiosks
    /// before they met), the kiosk cannot. The second is shown with a number.
    func freeTeamName(_ name: String, id: Int64?) throws -> String {
        var candidate = name, n = 2
        while let other = try Int64.fetchOne(db, sql: "SELECT id FROM team WHERE name = ?", arguments: [candidate]), other != id {
            let suffix = " (\(n))"
            candidate = String(name.prefix(Team.maxNameLength - suffix.count)) + suffix
            n += 1
        }
        return candidate
    }

    func team(_ outcome: inout ClubPullOutcome) throws {
        let existing = try id("team", key)
        if deleted {
            guard let existing else { return }
            if try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM session WHERE team_id = ?", arguments: [existing])! > 0 {
                try db.execute(sql: "DELETE FROM membership WHERE team_id = ?", arguments: [existing])
                outcome.notes.append("team \(key): deleted on the club; kept here (it has sessions), without players")
            } else {
                try db.execute(sql: "DELETE FROM team WHERE id = ?", arguments: [existing])
            }
            return
        }
        let colour = fields["colour"]?.string.flatMap(RGBColour.init(hex:))?.hex
        if let existing {
            if let name = fields["name"]?.string {
                try db.execute(sql: "UPDATE team SET name = ? WHERE id = ?", arguments: [try freeTeamName(name, id: existing), existing])
            }
            if let colour { try db.execute(sql: "UPDATE team SET colour = ? WHERE id = ?", arguments: [colour, existing]) }
        } else {
            let name = try freeTeamName(fields["name"]?.string ?? "Team \(key.prefix(4))", id: nil)
            let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM team")!
            try db.execute(sql: "INSERT INTO team(name, colour, created_ms, uuid) VALUES (?, ?, ?, ?)",
                           arguments: [name, colour ?? RGBColour.teamPalette[count % RGBColour.teamPalette.count].hex, Date().unixMs, key])
        }
    }

    func strap() throws {
        let existing = try id("strap", key)
        let label = fields["name"]?.string.map { $0.trimmingCharacters(in: .whitespaces) }
        let forgotten: Int64?? = fields["deleted"]?.bool.map { $0 ? Date().unixMs : nil }
        if let existing {
            if let label { try db.execute(sql: "UPDATE strap SET label = ? WHERE id = ?", arguments: [label.isEmpty ? nil : label, existing]) }
            if let forgotten { try db.execute(sql: "UPDATE strap SET forgotten_ms = ? WHERE id = ?", arguments: [forgotten, existing]) }
        } else if let address = fields["address"]?.string, Strap.isValidAddress(address) {
            // Known here by its address under another UUID cannot happen: the UUID follows from the address.
            try db.execute(sql: """
                INSERT INTO strap(address, name, uuid, label, forgotten_ms) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT(address) DO UPDATE SET uuid = excluded.uuid, label = COALESCE(excluded.label, label)
                """, arguments: [address.uppercased(), label?.isEmpty == false ? label! : address.uppercased(), key,
                                 label?.isEmpty == false ? label : nil, forgotten ?? nil])
        }
    }

    static let playerColumns: [String: String] = ["firstName": "first_name", "lastName": "last_name", "birthYear": "birth_year", "sex": "sex",
                                                  "weightKg": "weight_kg", "restingHR": "resting_hr", "maxHR": "max_hr"]

    func databaseValue(_ value: RosterValue) -> (any DatabaseValueConvertible)? {
        switch value {
        case .null: nil
        case .bool(let b): b
        case .integer(let i): i
        case .number(let d): d
        case .string(let s): s
        }
    }

    func player(_ outcome: inout ClubPullOutcome) throws {
        var existing = try id("player", key)
        if deleted {
            guard let existing else { return }
            let recorded = "SELECT (SELECT COUNT(*) FROM session_player WHERE player_id = ?1) + (SELECT COUNT(*) FROM wellness_answer WHERE player_id = ?1)"
            if try Int.fetchOne(db, sql: recorded, arguments: [existing])! > 0 {
                try db.execute(sql: "DELETE FROM membership WHERE player_id = ?", arguments: [existing])
                outcome.notes.append("player \(key): deleted on the club; kept here (they took part in sessions or answered wellness), on no team")
            } else {
                try db.execute(sql: "DELETE FROM player WHERE id = ?", arguments: [existing])
            }
            return
        }
        if existing == nil {
            let first = fields["firstName"]?.string ?? "?"
            try db.execute(sql: """
                INSERT INTO player(first_name, last_name, birth_year, sex, weight_kg, resting_hr, uuid) VALUES (?, '', 2000, 'M', 70, 60, ?)
                """, arguments: [first, key])
            existing = db.lastInsertedRowID
        }
        guard let existing else { return }
        for (field, column) in Self.playerColumns {
            guard let value = fields[field] else { continue }
            try db.execute(sql: "UPDATE player SET \(column) = ? WHERE id = ?", arguments: [databaseValue(value), existing])
        }
        if let consent = fields["consent"] {
            // Both columns or neither (the schema's check); a value the schema refused never gets here.
            let onFile = consent.string.flatMap(Consent.init(storedForm:))
            try db.execute(sql: "UPDATE player SET consent_day = ?, consent_by = ? WHERE id = ?",
                           arguments: [onFile?.day.description, onFile?.givenBy, existing])
        }
        if let photo = fields["photo"] {
            if let text = photo.string, let jpeg = Data(base64Encoded: text) {
                try SidelineStore.setPhoto(playerID: existing, jpeg: [UInt8](jpeg), at: Date(), db)
            } else {
                try db.execute(sql: "DELETE FROM player_photo WHERE player_id = ?", arguments: [existing])
            }
        }
    }

    func membership() throws {
        let parts = key.split(separator: "/").map(String.init)
        guard parts.count == 2, let team = try id("team", parts[0]), let player = try id("player", parts[1]) else { return }
        if deleted {
            try db.execute(sql: "DELETE FROM membership WHERE team_id = ? AND player_id = ?", arguments: [team, player])
            return
        }
        let exists = try Int.fetchOne(db, sql: "SELECT 1 FROM membership WHERE team_id = ? AND player_id = ?", arguments: [team, player]) != nil
        if !exists {
            try db.execute(sql: "INSERT INTO membership(team_id, player_id, shirt_number) VALUES (?, ?, ?)",
                           arguments: [team, player, fields["shirtNumber"]?.integer ?? 0])
        }
        if let number = fields["shirtNumber"]?.integer {
            try db.execute(sql: "UPDATE membership SET shirt_number = ? WHERE team_id = ? AND player_id = ?", arguments: [number, team, player])
        }
        if let strap = fields["strap"] {
            let strapID = try strap.string.flatMap { try id("strap", $0) }
            if let strapID {
                // One strap per team: the club's assignment takes it from whoever wore it here.
                try db.execute(sql: "UPDATE membership SET strap_id = NULL WHERE team_id = ? AND strap_id = ? AND player_id != ?",
                               arguments: [team, strapID, player])
            }
            try db.execute(sql: "UPDATE membership SET strap_id = ? WHERE team_id = ? AND player_id = ?", arguments: [strapID, team, player])
        }
    }

    func session(_ outcome: inout ClubPullOutcome) throws {
        guard deleted, let existing = try id("session", key) else { return }
        try SidelineStore.deleteSessions(sql: "id = ?", [existing], db)
        outcome.sessionsDeleted += 1
    }
}

extension SidelineStore {
    /// A roster field's value as the store holds it now, in the club's terms (`RosterSchema`).
    static func rosterValue(_ entity: RosterEntity, key: String, field: String, _ db: Database) throws -> RosterValue {
        func value(_ sql: String, _ arguments: StatementArguments) throws -> DatabaseValue? {
            try DatabaseValue.fetchOne(db, sql: sql, arguments: arguments)
        }
        func text(_ v: DatabaseValue?) -> RosterValue { (String.fromDatabaseValue(v ?? .null)).map(RosterValue.string) ?? .null }
        switch entity {
        case .team:
            guard let row = try Row.fetchOne(db, sql: "SELECT name, colour FROM team WHERE uuid = ?", arguments: [key]) else {
                return field == "deleted" ? .bool(true) : .null
            }
            switch field {
            case "name": return .string(row["name"])
            case "colour": return .string(row["colour"])
            default: return .bool(false)
            }
        case .player:
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM player WHERE uuid = ?", arguments: [key]) else {
                return field == "deleted" ? .bool(true) : .null
            }
            switch field {
            case "firstName": return .string(row["first_name"])
            case "lastName": return .string(row["last_name"])
            case "birthYear": return .integer(row["birth_year"])
            case "sex": return .string(row["sex"])
            case "weightKg": return .number(row["weight_kg"])
            case "restingHR": return .integer(row["resting_hr"])
            case "maxHR": return (row["max_hr"] as Int64?).map(RosterValue.integer) ?? .null
            case "consent":
                let day: String? = row["consent_day"], by: String? = row["consent_by"]
                return day.flatMap(CalendarDay.init(iso:)).map { .string(Consent(day: $0, givenBy: by ?? "").storedForm) } ?? .null
            case "photo":
                let jpeg = try Data.fetchOne(db, sql: "SELECT jpeg FROM player_photo WHERE player_id = ?", arguments: [row["id"] as Int64])
                return jpeg.map { .string($0.base64EncodedString()) } ?? .null
            default: return .bool(false)
            }
        case .membership:
            let parts = key.split(separator: "/").map(String.init)
            let row = parts.count == 2 ? try Row.fetchOne(db, sql: """
                SELECT m.shirt_number, s.uuid AS strap FROM membership m JOIN team t ON t.id = m.team_id JOIN player p ON p.id = m.player_id
                LEFT JOIN strap s ON s.id = m.strap_id WHERE t.uuid = ? AND p.uuid = ?
                """, arguments: [parts[0], parts[1]]) : nil
            guard let row else { return field == "deleted" ? .bool(true) : .null }
            switch field {
            case "shirtNumber": return .integer(row["shirt_number"])
            case "strap": return text(row["strap"])
            default: return .bool(false)
            }
        case .strap:
            guard let row = try Row.fetchOne(db, sql: "SELECT address, label, forgotten_ms FROM strap WHERE uuid = ?", arguments: [key]) else {
                return field == "deleted" ? .bool(true) : .null
            }
            switch field {
            case "address": return .string(row["address"])
            case "name": return .string(row["label"] ?? "")
            default: return .bool((row["forgotten_ms"] as Int64?) != nil)
            }
        case .settings:
            guard let local = RosterSchema.sharedSettingsInTheStore.first(where: { $0.field == field }) else { return .null }
            let stored = try value("SELECT value FROM setting WHERE key = ?", [local.key])
            // Never set here: the kiosk's default, as its settings read it.
            let unprefixed = String(local.key.dropFirst(KioskSettings.storeKeyPrefix.count))
            return stored.map { text($0) } ?? .string(KioskSettings().keyValues.first { $0.0 == unprefixed }?.1 ?? "")
        case .session:
            return .bool(try value("SELECT 1 FROM session WHERE uuid = ?", [key]) == nil)
        }
    }
}

extension RosterSchema {
    /// The shared settings by the store's keys (`setting.key`) → the club's fields.
    static let sharedSettingsInTheStore: [(key: String, field: String)] =
        sharedSettings.map { (KioskSettings.storeKeyPrefix + $0.kioskKey, $0.field) }
}

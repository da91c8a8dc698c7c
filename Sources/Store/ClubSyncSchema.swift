import ClubIdentity
import GRDB
import TeamCore

/// Schema v14: what a club needs of the kiosk's database — UUIDs for teams, players, straps and
/// sessions, the sync's own state, and the outbox (roster edits to push, sessions to upload,
/// tombstones to send), all in the same SQLite file so a kill -9 or a power cut loses nothing.
///
/// Roster edits are captured by triggers, in the transaction that makes them: whatever path
/// writes a team, player, photo, membership, strap or shared setting — the kiosk's screens,
/// `sideline import-roster`, the command line, a script — cannot forget to queue it. A trigger
/// records which field of which record changed and stamps it with the club's clock
/// (`HybridLogicalClock.stamp`: the local time plus the offset to the server's measured at the
/// last sync, never behind the last stamp); the value is read from the row when it is pushed,
/// so only the latest goes up. While a pull applies the server's changes, `capture_suppressed`
/// is 1 inside its transaction and nothing is queued.
///
/// The SQL below is generated, but it is a migration: what it writes must never change once
/// released (`BackupSchema` compares a backup's triggers with what the migrations make). So it names
/// the club's entities and fields as the literal words it always wrote, not through the wire's types
/// (`ClubProtocol.RosterEntity`, `RosterSchema`): the store does not link the wire, and the history
/// stays what it was if the wire grows (decision 086). The code that reads and writes these tables is
/// `ClubSync`'s; a new club table is a migration of the store's, the database file's one history.
enum ClubSyncSchema {
    /// A random UUID (version 4) in lower case, in SQL: for rows inserted without one.
    static let randomUUID = """
        lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || \
        substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))
        """

    /// Now, in Unix milliseconds by the kiosk's clock.
    static let nowMs = "CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)"

    /// `HybridLogicalClock.stamp(localMs:)` in SQL: the clock moves to the corrected time, or one
    /// count past its last stamp when that is not behind. Only while capture is on.
    static let tick = """
        UPDATE club_state SET
            last_counter = CASE WHEN last_wall_ms >= \(nowMs) + offset_ms THEN last_counter + 1 ELSE 0 END,
            last_wall_ms = max(last_wall_ms, \(nowMs) + offset_ms)
        WHERE capture_suppressed = 0;
        """

    /// Queues `fields` (SQL rows of one column `field`) of `entity`'s record `key` (SQL, NULL: skip)
    /// with the clock's stamp, in place of an earlier edit of the same field. Not `INSERT OR REPLACE`:
    /// inside a trigger the statement that fired it decides conflicts, and an upsert's would fail.
    /// `entity`: the club's word for the record (`RosterEntity`'s raw value).
    static func queue(_ entity: String, key: String, fields: [(name: String, when: String?)]) -> String {
        queue(entity, key: key, rows: fields.map { f in "SELECT '\(f.name)' AS field" + (f.when.map { " WHERE \($0)" } ?? "") }.joined(separator: " UNION ALL "))
    }

    /// `rows`: SQL selecting the fields, one column `field`.
    static func queue(_ entity: String, key: String, rows: String) -> String {
        """
            DELETE FROM club_roster_edit WHERE (entity, key, field) IN
                (SELECT '\(entity)', k.key, f.field FROM club_state c, (SELECT \(key) AS key) k, (\(rows)) f WHERE c.capture_suppressed = 0);
            INSERT INTO club_roster_edit(entity, key, field, stamp_wall_ms, stamp_counter)
                SELECT '\(entity)', k.key, f.field, c.last_wall_ms, c.last_counter
                FROM club_state c, (SELECT \(key) AS key) k, (\(rows)) f
                WHERE c.capture_suppressed = 0 AND k.key IS NOT NULL;
            """
    }

    /// A roster table's columns by the club's field names.
    struct Captured {
        var table: String
        var entity: String
        /// The record's key from NEW or OLD (`%` stands for the row's alias).
        var key: String
        /// Field → "did it change" in SQL over OLD and NEW.
        var fields: [(name: String, changed: String)]
        /// Whether the row gets a random UUID on insert (straps get theirs from the address, in Swift).
        var fillsUUID: Bool

        func key(_ row: String) -> String { key.replacingOccurrences(of: "%", with: row) }
    }

    static func changed(_ column: String) -> String { "OLD.\(column) IS NOT NEW.\(column)" }

    static let captured: [Captured] = [
        Captured(table: "team", entity: "team", key: "%.uuid",
                 fields: [("name", changed("name")), ("colour", changed("colour"))], fillsUUID: true),
        Captured(table: "player", entity: "player", key: "%.uuid",
                 fields: [("firstName", changed("first_name")), ("lastName", changed("last_name")), ("birthYear", changed("birth_year")),
                          ("sex", changed("sex")), ("weightKg", changed("weight_kg")), ("restingHR", changed("resting_hr")),
                          ("maxHR", changed("max_hr"))], fillsUUID: true),
        Captured(table: "membership", entity: "membership",
                 key: "(SELECT uuid FROM team WHERE id = %.team_id) || '/' || (SELECT uuid FROM player WHERE id = %.player_id)",
                 fields: [("shirtNumber", changed("shirt_number")), ("strap", changed("strap_id"))], fillsUUID: false),
        Captured(table: "strap", entity: "strap", key: "%.uuid",
                 fields: [("address", changed("address")), ("name", changed("label")),
                          ("deleted", "(OLD.forgotten_ms IS NULL) IS NOT (NEW.forgotten_ms IS NULL)")], fillsUUID: false),
    ]

    static func triggers(_ c: Captured) -> String {
        let all = c.fields.map { (name: $0.name, when: String?.none) } + (c.fields.contains { $0.name == "deleted" } ? [] : [("deleted", nil)])
        let fill = c.fillsUUID ? "UPDATE \(c.table) SET uuid = \(randomUUID) WHERE rowid = NEW.rowid AND uuid IS NULL;" : ""
        let newKey = c.fillsUUID ? "(SELECT uuid FROM \(c.table) WHERE rowid = NEW.rowid)" : c.key("NEW")
        let columns = c.fields.map(\.changed).joined(separator: " OR ")
        var sql = """
            CREATE TRIGGER club_\(c.table)_inserted AFTER INSERT ON \(c.table) BEGIN
                \(fill)
                DELETE FROM club_deleted WHERE entity = '\(c.entity)' AND key = \(newKey);
                \(tick)
                \(queue(c.entity, key: newKey, fields: all))
            END;
            CREATE TRIGGER club_\(c.table)_updated AFTER UPDATE ON \(c.table) WHEN \(columns) BEGIN
                \(tick)
                \(queue(c.entity, key: c.key("NEW"), fields: c.fields.map { ($0.name, $0.changed) }))
            END;
            CREATE TRIGGER club_\(c.table)_deleted AFTER DELETE ON \(c.table) BEGIN
                INSERT OR IGNORE INTO club_deleted(entity, key) SELECT '\(c.entity)', k FROM (SELECT \(c.key("OLD")) AS k) WHERE k IS NOT NULL;
                \(tick)
                \(queue(c.entity, key: c.key("OLD"), fields: [("deleted", nil)]))
            END;
            """
        if c.table == "strap" {
            // A strap inserted without its UUID (by another program) is queued once the store gives it one.
            sql += """

                CREATE TRIGGER club_strap_identified AFTER UPDATE OF uuid ON strap WHEN OLD.uuid IS NULL AND NEW.uuid IS NOT NULL BEGIN
                    \(tick)
                    \(queue("strap", key: "NEW.uuid", fields: all))
                END;
                """
        }
        return sql
    }

    /// The shared settings as v25 left them: the kiosk's keys → the club's fields (`RosterSchema.sharedSettings`
    /// then). v14 captured the first two; v15 re-created the triggers with the first four, v25 with all six.
    static let settings: [(key: String, field: String)] = [
        ("kiosk.zoneModel", "zoneModel"), ("kiosk.maxFormula", "maxHRFormula"), ("kiosk.loadStatusRatios", "loadStatusRatios"),
        ("kiosk.seasonStart", "seasonStart"), ("kiosk.retentionMonths", "retentionMonths"), ("kiosk.requireConsent", "requireConsent"),
    ]
    /// What v14's triggers capture: frozen, as the migration must write what it always wrote.
    static let settingsV14: [(key: String, field: String)] = [("kiosk.zoneModel", "zoneModel"), ("kiosk.maxFormula", "maxHRFormula")]

    /// `club_setting_inserted` and `club_setting_updateed` (sic: v14 named them so, and a migration's names stay).
    static func settingTriggers(_ settings: [(key: String, field: String)]) -> String {
        let field = "CASE NEW.key " + settings.map { "WHEN '\($0.key)' THEN '\($0.field)'" }.joined(separator: " ") + " END"
        let keys = settings.map { "'\($0.key)'" }.joined(separator: ", ")
        return ["INSERT", "UPDATE"].map { event in
            """
            CREATE TRIGGER club_setting_\(event.lowercased())ed AFTER \(event) ON setting WHEN NEW.key IN (\(keys)) BEGIN
                \(tick)
                \(queue("settings", key: "'club'", rows: "SELECT \(field) AS field"))
            END;
            """
        }.joined(separator: "\n")
    }

    /// What v15's triggers capture: frozen too. (Until v25 it read the live list, so a kiosk migrated
    /// before the retention was shared never captured `retentionMonths`; v25 makes them all again.)
    static let settingsV15 = Array(settings.prefix(4))

    /// Schema v15: the load status thresholds and the season's start are shared with the club too.
    static func migrateSharedSettings(_ db: Database) throws {
        try remakeSettingTriggers(settingsV15, queuingSetValuesAfter: settingsV14.count, db)
    }

    /// The setting triggers are made again with `settings`, and a value this kiosk set before of those past
    /// the first `known` is queued, so the club learns it with the next push (an edit made now: a later one
    /// elsewhere wins).
    static func remakeSettingTriggers(_ settings: [(key: String, field: String)], queuingSetValuesAfter known: Int, _ db: Database) throws {
        try db.execute(sql: """
            DROP TRIGGER club_setting_inserted;
            DROP TRIGGER club_setting_updateed;
            \(settingTriggers(settings))
            """)
        let added = settings.dropFirst(known)
        let set = try String.fetchAll(db, sql: "SELECT key FROM setting WHERE key IN (\(added.map { "'\($0.key)'" }.joined(separator: ", ")))")
        guard !set.isEmpty else { return }
        let fields = added.filter { set.contains($0.key) }.map { "SELECT '\($0.field)' AS field" }.joined(separator: " UNION ALL ")
        try db.execute(sql: tick + queue("settings", key: "'club'", rows: fields))
    }

    /// The player's fields v25 captures: v14's and consent on file (decision 075). Frozen.
    static let playerV25: Captured = {
        var player = captured.first { $0.entity == "player" }!
        player.fields.append(("consent", "\(changed("consent_day")) OR \(changed("consent_by"))"))
        return player
    }()
    /// What v25's setting triggers capture: every setting shared when it was written. Frozen.
    static let settingsV25 = Array(settings.prefix(6))

    /// Schema v25: the player's triggers capture consent on file; the setting triggers capture every
    /// shared setting (the retention's months and "require consent" too), and a value set here before
    /// of those v15 did not know is queued.
    static func migrateConsent(_ db: Database) throws {
        try db.execute(sql: "DROP TRIGGER club_player_inserted; DROP TRIGGER club_player_updated; DROP TRIGGER club_player_deleted;")
        try db.execute(sql: triggers(playerV25))
        try remakeSettingTriggers(settingsV25, queuingSetValuesAfter: settingsV15.count, db)
    }

    static func migrate(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE team ADD COLUMN uuid TEXT;
            ALTER TABLE player ADD COLUMN uuid TEXT;
            ALTER TABLE strap ADD COLUMN uuid TEXT;
            ALTER TABLE session ADD COLUMN uuid TEXT;
            UPDATE team SET uuid = \(randomUUID);
            UPDATE player SET uuid = \(randomUUID);
            UPDATE session SET uuid = \(randomUUID);
            """)
        // A strap's UUID follows from its address: two kiosks that met one strap agree on it.
        for (id, address) in try Row.fetchAll(db, sql: "SELECT id, address FROM strap").map({ ($0[0] as Int64, $0[1] as String) }) {
            try db.execute(sql: "UPDATE strap SET uuid = ? WHERE id = ?", arguments: [StrapIdentity.uuid(forAddress: address).uuidString.lowercased(), id])
        }
        try db.execute(sql: """
            CREATE UNIQUE INDEX team_by_uuid ON team(uuid);
            CREATE UNIQUE INDEX player_by_uuid ON player(uuid);
            CREATE UNIQUE INDEX strap_by_uuid ON strap(uuid);
            CREATE UNIQUE INDEX session_by_uuid ON session(uuid);
            -- The sync's state, one row: the roster's change-capture switch, the club's clock (HybridLogicalClock),
            -- the change feed's cursor, and how the last pass went.
            CREATE TABLE club_state(
                id INTEGER PRIMARY KEY CHECK (id = 1),
                capture_suppressed INTEGER NOT NULL DEFAULT 0,
                offset_ms INTEGER NOT NULL DEFAULT 0,
                last_wall_ms INTEGER NOT NULL DEFAULT 0,
                last_counter INTEGER NOT NULL DEFAULT 0,
                roster_seq INTEGER NOT NULL DEFAULT 0,
                last_sync_ms INTEGER,
                last_problem TEXT);
            INSERT INTO club_state(id) VALUES (1);
            -- A roster field edited here and not yet pushed: its value is read from its row when it is.
            CREATE TABLE club_roster_edit(
                entity TEXT NOT NULL,
                key TEXT NOT NULL,
                field TEXT NOT NULL,
                stamp_wall_ms INTEGER NOT NULL,
                stamp_counter INTEGER NOT NULL,
                PRIMARY KEY (entity, key, field));
            -- A record deleted here or by the club: a pulled edit of one of its fields does not bring it back
            -- (only its `deleted` set to false does).
            CREATE TABLE club_deleted(
                entity TEXT NOT NULL,
                key TEXT NOT NULL,
                PRIMARY KEY (entity, key));
            -- A session deleted here, to be deleted on the club.
            CREATE TABLE club_session_tombstone(
                session_uuid TEXT PRIMARY KEY,
                deleted_ms INTEGER NOT NULL);
            -- A finished session's upload: under way (upload_id, the hash of what is sent) or done (stored_ms).
            CREATE TABLE club_session_upload(
                session_uuid TEXT PRIMARY KEY,
                sha256 TEXT NOT NULL,
                upload_id TEXT,
                stored_ms INTEGER);
            CREATE TRIGGER club_session_inserted AFTER INSERT ON session WHEN NEW.uuid IS NULL BEGIN
                UPDATE session SET uuid = \(randomUUID) WHERE id = NEW.id;
            END;
            CREATE TRIGGER club_session_deleted AFTER DELETE ON session BEGIN
                INSERT OR REPLACE INTO club_session_tombstone(session_uuid, deleted_ms)
                    SELECT OLD.uuid, \(nowMs) FROM club_state WHERE capture_suppressed = 0 AND OLD.uuid IS NOT NULL;
                DELETE FROM club_session_upload WHERE session_uuid = OLD.uuid;
            END;
            CREATE TRIGGER club_photo_inserted AFTER INSERT ON player_photo BEGIN
                \(tick)
                \(queue("player", key: "(SELECT uuid FROM player WHERE id = NEW.player_id)", fields: [("photo", nil)]))
            END;
            CREATE TRIGGER club_photo_updated AFTER UPDATE ON player_photo BEGIN
                \(tick)
                \(queue("player", key: "(SELECT uuid FROM player WHERE id = NEW.player_id)", fields: [("photo", nil)]))
            END;
            CREATE TRIGGER club_photo_deleted AFTER DELETE ON player_photo BEGIN
                \(tick)
                \(queue("player", key: "(SELECT uuid FROM player WHERE id = OLD.player_id)", fields: [("photo", nil)]))
            END;
            \(settingTriggers(settingsV14))
            """)
        for c in captured { try db.execute(sql: triggers(c)) }
    }
}

extension SidelineStore {
    /// Moves the club's clock (`club_state`) as the change-capture triggers do (`ClubSyncSchema.tick`), in the
    /// caller's transaction: for the club sync queueing edits by hand (a kiosk that joins queues its roster).
    public static func tickClubClock(_ db: Database) throws {
        try db.execute(sql: ClubSyncSchema.tick)
    }
}

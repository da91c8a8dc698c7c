import GRDB

/// The database schema, as migrations from v1. Documented in docs/SCHEMA.md.
///
/// Times are integers: wall-clock instants in Unix milliseconds (`*_ms`),
/// offsets within a session in milliseconds since its start (`t_ms`).
/// The hot tables (sample_minute, rr_minute, strap_event) carry no foreign keys: every insert
/// would pay for the lookups; deletes of sessions and players clean them up.
enum Schema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE team(
                    id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL UNIQUE COLLATE NOCASE,
                    colour TEXT NOT NULL,
                    created_ms INTEGER NOT NULL);
                CREATE TABLE player(
                    id INTEGER PRIMARY KEY,
                    first_name TEXT NOT NULL,
                    last_name TEXT NOT NULL,
                    birth_year INTEGER NOT NULL,
                    sex TEXT NOT NULL CHECK (sex IN ('M', 'F')),
                    weight_kg REAL NOT NULL,
                    resting_hr INTEGER NOT NULL,
                    max_hr INTEGER,
                    photo_path TEXT);
                CREATE TABLE strap(
                    id INTEGER PRIMARY KEY,
                    address TEXT NOT NULL UNIQUE,
                    name TEXT NOT NULL,
                    last_battery INTEGER,
                    last_seen_ms INTEGER);
                -- A roster entry; strap_id is the default assignment, unique within the team.
                CREATE TABLE membership(
                    team_id INTEGER NOT NULL REFERENCES team(id) ON DELETE CASCADE,
                    player_id INTEGER NOT NULL REFERENCES player(id) ON DELETE CASCADE,
                    shirt_number INTEGER NOT NULL,
                    strap_id INTEGER REFERENCES strap(id) ON DELETE SET NULL,
                    PRIMARY KEY (team_id, player_id),
                    UNIQUE (team_id, strap_id));
                CREATE TABLE session(
                    id INTEGER PRIMARY KEY,
                    team_id INTEGER NOT NULL REFERENCES team(id) ON DELETE CASCADE,
                    planned_ms INTEGER,
                    started_ms INTEGER NOT NULL,
                    ended_ms INTEGER,
                    state TEXT NOT NULL CHECK (state IN ('running', 'paused', 'ended', 'interrupted')),
                    zone_model TEXT NOT NULL,
                    tags TEXT NOT NULL DEFAULT '',
                    reviewed INTEGER NOT NULL DEFAULT 0,
                    -- session offset up to which every row is committed
                    committed_t_ms INTEGER NOT NULL DEFAULT 0);
                CREATE INDEX session_by_team ON session(team_id, started_ms);
                -- Who took part, wearing which strap (a per-session override), and
                -- their physiology that day.
                CREATE TABLE session_player(
                    session_id INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
                    player_id INTEGER NOT NULL REFERENCES player(id) ON DELETE CASCADE,
                    strap_id INTEGER REFERENCES strap(id) ON DELETE SET NULL,
                    shirt_number INTEGER NOT NULL,
                    age INTEGER NOT NULL,
                    sex TEXT NOT NULL,
                    weight_kg REAL NOT NULL,
                    resting_hr REAL NOT NULL,
                    max_hr REAL NOT NULL,
                    max_source TEXT NOT NULL,
                    PRIMARY KEY (session_id, player_id));
                CREATE TABLE lap(
                    id INTEGER PRIMARY KEY,
                    session_id INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
                    t_ms INTEGER NOT NULL,
                    label TEXT);
                CREATE TABLE sample(
                    session_id INTEGER NOT NULL,
                    player_id INTEGER NOT NULL,
                    strap_id INTEGER NOT NULL,
                    t_ms INTEGER NOT NULL,
                    bpm INTEGER NOT NULL,
                    contact INTEGER NOT NULL);
                CREATE INDEX sample_by_player ON sample(session_id, player_id, t_ms);
                CREATE TABLE rr(
                    session_id INTEGER NOT NULL,
                    player_id INTEGER NOT NULL,
                    t_ms INTEGER NOT NULL,
                    rr_1024 INTEGER NOT NULL);
                CREATE INDEX rr_by_player ON rr(session_id, player_id, t_ms);
                CREATE TABLE strap_event(
                    session_id INTEGER NOT NULL,
                    strap_id INTEGER NOT NULL,
                    t_ms INTEGER NOT NULL,
                    kind TEXT NOT NULL CHECK (kind IN ('battery', 'link')),
                    value INTEGER NOT NULL);
                CREATE INDEX strap_event_by_session ON strap_event(session_id, t_ms);
                CREATE TABLE setting(
                    key TEXT PRIMARY KEY,
                    value TEXT NOT NULL);
                """)
        }
        migrator.registerMigration("v2-sample-energy") { db in
            // Energy Expended (0x2A37 flag bit 3), kJ, on the readings that carried it.
            try db.execute(sql: "ALTER TABLE sample ADD COLUMN energy_kj INTEGER")
        }
        migrator.registerMigration("v3-nn-cache") { db in
            // Artefact-corrected NN intervals per player, computed once by review: the
            // RR correction is the costly part of a session summary. `algorithm` names
            // the method and its version; `committed_t_ms` is the session's when it was
            // computed, so rows recorded later make the entry stale.
            try db.execute(sql: """
                CREATE TABLE nn_cache(
                    session_id INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
                    player_id INTEGER NOT NULL REFERENCES player(id) ON DELETE CASCADE,
                    algorithm TEXT NOT NULL,
                    committed_t_ms INTEGER NOT NULL,
                    series BLOB NOT NULL,
                    PRIMARY KEY (session_id, player_id));
                """)
        }
        migrator.registerMigration("v4-effort-end") { db in
            // When the effort ended (a session offset like sample.t_ms): the recording goes on
            // for the recovery minute after it. NULL for sessions recorded before.
            try db.execute(sql: "ALTER TABLE session ADD COLUMN effort_end_ms INTEGER")
        }
        migrator.registerMigration("v5-covering-read-indexes") { db in
            // Review reads a session's rows player by player, in time order. With the
            // columns it reads inside the index, that is one sequential index scan
            // instead of a table lookup per row (3× faster on a 2-hour session); the
            // insert cost is the same, as the index was there already.
            try db.execute(sql: """
                DROP INDEX sample_by_player;
                CREATE INDEX sample_by_player ON sample(session_id, player_id, t_ms, bpm, contact, strap_id, energy_kj);
                DROP INDEX rr_by_player;
                CREATE INDEX rr_by_player ON rr(session_id, player_id, t_ms, rr_1024);
                """)
        }
        migrator.registerMigration("v6-team-last-tags") { db in
            // The context tags of the team's last session: the lobby offers them again.
            try db.execute(sql: "ALTER TABLE team ADD COLUMN last_tags TEXT NOT NULL DEFAULT ''")
        }
        migrator.registerMigration("v7-session-summary") { db in
            // The sessions list's average heart rate, from the session's analysis: computed once
            // per session (it reads every sample), stale when more rows were committed since.
            try db.execute(sql: """
                CREATE TABLE session_summary(
                    session_id INTEGER PRIMARY KEY REFERENCES session(id) ON DELETE CASCADE,
                    algorithm TEXT NOT NULL,
                    committed_t_ms INTEGER NOT NULL,
                    average_bpm REAL);
                """)
        }
        migrator.registerMigration("v8-strap-forgotten") { db in
            // "Forget strap" for a strap past sessions name: it leaves every list and team, and
            // its row stays so those sessions keep its address. NULL: known.
            try db.execute(sql: "ALTER TABLE strap ADD COLUMN forgotten_ms INTEGER")
        }
        migrator.registerMigration("v9-strap-sensor-description") { db in
            // What a strap says of itself when it connects (Body Sensor Location 0x2A38, the
            // Device Information service's Manufacturer Name 0x2A29), as names; NULL: not heard.
            try db.execute(sql: """
                ALTER TABLE strap ADD COLUMN body_location TEXT;
                ALTER TABLE strap ADD COLUMN manufacturer TEXT;
                """)
        }
        migrator.registerMigration("v10-player-photo") { db in
            // A player's photo, decoded, cropped and scaled before it is stored (a square JPEG of
            // a few kB), so it travels with every backup and restore. `updated_ms` is its version:
            // the screens' cached copies follow a new one.
            try db.execute(sql: """
                CREATE TABLE player_photo(
                    player_id INTEGER PRIMARY KEY REFERENCES player(id) ON DELETE CASCADE,
                    jpeg BLOB NOT NULL,
                    updated_ms INTEGER NOT NULL);
                """)
        }
        migrator.registerMigration("v11-session-challenge") { db in
            // A challenge between two sides of a session: its rule, each side's name and score (NULL
            // until the effort ended: the score as the wall display showed it then), and who was on
            // which side (0 the first, drawn red; 1 the second, blue).
            try db.execute(sql: """
                CREATE TABLE session_challenge(
                    session_id INTEGER PRIMARY KEY REFERENCES session(id) ON DELETE CASCADE,
                    rule TEXT NOT NULL,
                    first_name TEXT NOT NULL,
                    first_score REAL,
                    second_name TEXT NOT NULL,
                    second_score REAL);
                CREATE TABLE session_challenge_player(
                    session_id INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
                    player_id INTEGER NOT NULL REFERENCES player(id) ON DELETE CASCADE,
                    side INTEGER NOT NULL CHECK (side IN (0, 1)),
                    PRIMARY KEY (session_id, player_id));
                """)
        }
        migrator.registerMigration("v12-strap-label") { db in
            // The club's own name for a strap ("Box A 7"), shown instead of its advertised name
            // wherever straps are listed; NULL: none.
            try db.execute(sql: "ALTER TABLE strap ADD COLUMN label TEXT")
        }
        migrator.registerMigration("v13-session-load") { db in
            // What the season reads of each player's session, computed once from its analysis when
            // the session is saved (or, for sessions recorded before, the first time a season needs
            // it): the cardio load, the time in zones, HRR60, and for a readiness check its lnRMSSD,
            // resting HR and the share of beats corrected. Stale like nn_cache when more rows come.
            try db.execute(sql: """
                CREATE TABLE session_load(
                    session_id INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
                    player_id INTEGER NOT NULL REFERENCES player(id) ON DELETE CASCADE,
                    algorithm TEXT NOT NULL,
                    committed_t_ms INTEGER NOT NULL,
                    cardio_load REAL NOT NULL,
                    z0_ms INTEGER NOT NULL, z1_ms INTEGER NOT NULL, z2_ms INTEGER NOT NULL,
                    z3_ms INTEGER NOT NULL, z4_ms INTEGER NOT NULL, z5_ms INTEGER NOT NULL,
                    recovery_bpm REAL,
                    ln_rmssd REAL,
                    resting_bpm REAL,
                    corrected_share REAL,
                    PRIMARY KEY (session_id, player_id));
                CREATE INDEX session_load_by_player ON session_load(player_id);
                """)
        }
        migrator.registerMigration("v14-club-sync") { db in
            // UUIDs for what a club shares, the sync's state and its outbox, and the triggers that
            // capture every roster edit (ClubSyncSchema).
            try ClubSyncSchema.migrate(db)
        }
        migrator.registerMigration("v15-club-season-settings") { db in
            // The load status thresholds and the season's start become settings the club shares:
            // the setting triggers capture them too (ClubSyncSchema.migrateSharedSettings).
            try ClubSyncSchema.migrateSharedSettings(db)
        }
        migrator.registerMigration("v16-rr-before-start") { db in
            // Beats that ended before their session began were kept until 0.15 (the first packet's
            // earlier beats); the recording no longer keeps them, and the club refuses a session that
            // holds one. Dropped here so the kiosk's export and what it uploads stay one and the same;
            // what was computed from them is computed again when next asked for, and an upload that
            // was refused for them starts afresh.
            try db.execute(sql: """
                CREATE TEMP TABLE rr_before_start AS SELECT DISTINCT session_id, player_id FROM rr WHERE t_ms < 0;
                DELETE FROM rr WHERE t_ms < 0;
                DELETE FROM nn_cache WHERE (session_id, player_id) IN (SELECT session_id, player_id FROM rr_before_start);
                DELETE FROM session_load WHERE (session_id, player_id) IN (SELECT session_id, player_id FROM rr_before_start);
                UPDATE club_session_upload SET upload_id = NULL
                    WHERE stored_ms IS NULL AND session_uuid IN (SELECT uuid FROM session WHERE id IN (SELECT session_id FROM rr_before_start));
                DROP TABLE rr_before_start;
                """)
        }
        migrator.registerMigration("v17-club-upload-refused") { db in
            // A session the club refused for good (422: a value outside its bounds, docs/CLUB.md)
            // leaves the outbox with the club's reason; the session itself stays here.
            try db.execute(sql: """
                ALTER TABLE club_session_upload ADD COLUMN refused_ms INTEGER;
                ALTER TABLE club_session_upload ADD COLUMN refused_reason TEXT;
                """)
        }
        migrator.registerMigration("v18-session-rpe") { db in
            // Each player's own rating of a session they took part in (session RPE, CR-10 0–10),
            // when it was given and whether the coach set or corrected it (docs/ANALYTICS.md).
            try db.execute(sql: """
                CREATE TABLE session_rating(
                    session_id INTEGER NOT NULL,
                    player_id INTEGER NOT NULL,
                    rpe INTEGER NOT NULL CHECK (rpe BETWEEN 0 AND 10),
                    rated_ms INTEGER NOT NULL,
                    by_coach INTEGER NOT NULL DEFAULT 0 CHECK (by_coach IN (0, 1)),
                    PRIMARY KEY (session_id, player_id),
                    FOREIGN KEY (session_id, player_id) REFERENCES session_player(session_id, player_id) ON DELETE CASCADE);
                """)
        }
        migrator.registerMigration("v19-player-erasure") { db in
            // Players erased for good (`PlayerErasure`): named by a one-way digest of their UUID, never by
            // anything of theirs. Kept for ever: a restore or a stale kiosk that brings a player back has
            // them erased again. `sent_ms`: when the club acknowledged it (NULL: still to send). The club's
            // erasures are pulled from `club_state.erasure_seq` on.
            try db.execute(sql: """
                CREATE TABLE player_erasure(
                    player_digest TEXT PRIMARY KEY,
                    erased_ms INTEGER NOT NULL,
                    erased_by TEXT NOT NULL,
                    sent_ms INTEGER);
                ALTER TABLE club_state ADD COLUMN erasure_seq INTEGER NOT NULL DEFAULT 0;
                """)
        }
        migrator.registerMigration("v20-wellness") { db in
            // Each player's morning wellness, one answer set a local day (a second the same day replaces
            // the first), five items 1–5 (docs/ANALYTICS.md). `sent_ms`: when the club acknowledged it
            // (NULL: still to send; a replaced answer goes again).
            try db.execute(sql: """
                CREATE TABLE wellness_answer(
                    player_id INTEGER NOT NULL REFERENCES player(id) ON DELETE CASCADE,
                    day TEXT NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
                    fatigue INTEGER NOT NULL CHECK (fatigue BETWEEN 1 AND 5),
                    sleep INTEGER NOT NULL CHECK (sleep BETWEEN 1 AND 5),
                    soreness INTEGER NOT NULL CHECK (soreness BETWEEN 1 AND 5),
                    stress INTEGER NOT NULL CHECK (stress BETWEEN 1 AND 5),
                    mood INTEGER NOT NULL CHECK (mood BETWEEN 1 AND 5),
                    answered_ms INTEGER NOT NULL,
                    sent_ms INTEGER,
                    PRIMARY KEY (player_id, day));
                """)
        }
        migrator.registerMigration("v22-max-hr-dismissed") { db in
            // The highest HRmax found in the data the coach turned down for the player
            // (`MaxHeartRateSuggestion`): not suggested again up to it. NULL: none turned down.
            try db.execute(sql: "ALTER TABLE player ADD COLUMN max_hr_dismissed INTEGER")
        }
        migrator.registerMigration("v23-session-by-start") { db in
            // The season reads every session of its players in start order (`seasonEntries`): walked
            // through this index instead of sorting ~12 000 joined rows each time the table opens.
            try db.execute(sql: "CREATE INDEX session_by_start ON session(started_ms)")
        }
        migrator.registerMigration("v24-session-snapshot") { db in
            // What a finished session's record takes from rows that change later, as it stood when the
            // session ended (`SessionSnapshot`, decision 074): its players' names beside their physiology,
            // its team's name and review flag, its straps as they were. Sessions finished before get
            // today's values, once.
            try db.execute(sql: """
                ALTER TABLE session_player ADD COLUMN first_name TEXT;
                ALTER TABLE session_player ADD COLUMN last_name TEXT;
                CREATE TABLE session_snapshot(
                    session_id INTEGER PRIMARY KEY REFERENCES session(id) ON DELETE CASCADE,
                    team_name TEXT NOT NULL,
                    reviewed INTEGER NOT NULL);
                CREATE TABLE session_strap(
                    session_id INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
                    strap_id INTEGER NOT NULL,
                    address TEXT NOT NULL,
                    uuid TEXT,
                    name TEXT NOT NULL,
                    body_location TEXT,
                    manufacturer TEXT,
                    battery INTEGER,
                    PRIMARY KEY (session_id, strap_id));
                """)
            try SidelineStore.takeSessionSnapshots(db, readingsIn: .sampleRows)
        }
        migrator.registerMigration("v25-consent") { db in
            // Consent on file (decision 075): the day it was given and by whom, both or neither; the
            // roster's capture learns the field, and the setting triggers every shared setting
            // (`ClubSyncSchema.migrateConsent`).
            try db.execute(sql: """
                ALTER TABLE player ADD COLUMN consent_day TEXT
                    CHECK (consent_day IS NULL OR consent_day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]');
                ALTER TABLE player ADD COLUMN consent_by TEXT CHECK ((consent_by IS NULL) = (consent_day IS NULL));
                """)
            try ClubSyncSchema.migrateConsent(db)
        }
        migrator.registerMigration("v26-flags") { db in
            // A flag of the lobby's "Needs attention" list dismissed for a day (decision 076): one row a
            // team, day and flag key; another day shows the flag again. The key names the rule and its
            // subject ("acwr/player-12", `Flag.key`).
            try db.execute(sql: """
                CREATE TABLE flag_dismissal(
                    team_id INTEGER NOT NULL REFERENCES team(id) ON DELETE CASCADE,
                    day TEXT NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
                    flag_key TEXT NOT NULL CHECK (length(flag_key) <= 80),
                    dismissed_ms INTEGER NOT NULL,
                    PRIMARY KEY (team_id, day, flag_key));
                """)
        }
        migrator.registerMigration("v27-drills") { db in
            // A team's drill library (decision 077): names unique in the team whatever their case, the minutes
            // planned (NULL: as long as it takes), in the order the coach added them. And the drills each
            // session ran, by the name they had then: from start_ms to end_ms, or (NULL) to the next drill or
            // the effort's end. A session's phases are these and its interval blocks (laps, decision 059).
            try db.execute(sql: """
                CREATE TABLE drill(
                    id INTEGER PRIMARY KEY,
                    team_id INTEGER NOT NULL REFERENCES team(id) ON DELETE CASCADE,
                    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 128),
                    planned_minutes INTEGER CHECK (planned_minutes BETWEEN 1 AND 120),
                    UNIQUE (team_id, name COLLATE NOCASE));
                CREATE TABLE session_drill(
                    session_id INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
                    start_ms INTEGER NOT NULL CHECK (start_ms >= 0),
                    end_ms INTEGER CHECK (end_ms > start_ms),
                    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 128),
                    PRIMARY KEY (session_id, start_ms));
                CREATE INDEX session_drill_by_name ON session_drill(name COLLATE NOCASE);
                """)
        }
        migrator.registerMigration("v28-club-upload-waits-for-newer-server") { db in
            // A session whose bundle format the club server does not take yet (a kiosk newer than its server,
            // decision 082): kept in the outbox as waiting, with its format, the formats the server listed then
            // (NULL: it listed none) and when it was last offered, so it is sent again only when that may help.
            try db.execute(sql: """
                ALTER TABLE club_session_upload ADD COLUMN newer_server_format INTEGER;
                ALTER TABLE club_session_upload ADD COLUMN newer_server_listed TEXT;
                ALTER TABLE club_session_upload ADD COLUMN newer_server_tried_ms INTEGER;
                """)
            // Sessions an older kiosk dropped as refused for good when an older server answered their newer format
            // "not in canonical form" (a kiosk writes only canonical bytes): back in the outbox, waiting, due at once.
            // Their format is known only once the bundle is built again: 2, "2 or newer", until the next offer notes it
            // (a format 1 bundle refused so is refused again, for good, at that offer).
            try db.execute(sql: """
                UPDATE club_session_upload SET refused_ms = NULL, refused_reason = NULL,
                    newer_server_format = 2, newer_server_listed = NULL, newer_server_tried_ms = 0
                WHERE refused_ms IS NOT NULL AND refused_reason LIKE '%the bundle is not in canonical form%'
                """)
        }
        migrator.registerMigration("v29-fitness-test") { db in
            // A fitness test's HRex (% HRmax over the run's last 30 s, decision 079), kept with the rest of what the
            // season reads of a session. NULL for every other session, so rows kept before stay as they are.
            try db.execute(sql: "ALTER TABLE session_load ADD COLUMN hrex REAL")
        }
        migrator.registerMigration("v30-session-season") { db in
            // What the season reads of a session, one row a session: its players' `session_load` rows
            // packed into one blob (`SessionSeasonPacking`, decision 088), so the season table reads
            // 300 rows rather than seeking 12 000. Derived from `session_load`, which stays the source:
            // rewritten whenever its session's figures are kept, dropped whenever one of them goes
            // (an erasure, a deleted player or session), and then computed again when next asked for.
            try db.execute(sql: """
                CREATE TABLE session_season(
                    session_id INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
                    algorithm TEXT NOT NULL,
                    players BLOB NOT NULL,
                    PRIMARY KEY (session_id, algorithm)) WITHOUT ROWID;
                CREATE TRIGGER session_season_follows_deleted_load AFTER DELETE ON session_load BEGIN
                    DELETE FROM session_season WHERE session_id = OLD.session_id AND algorithm = OLD.algorithm;
                END;
                """)
            // Boards in the field: every session's kept figures packed once.
            for sessionID in try Int64.fetchAll(db, sql: "SELECT DISTINCT session_id FROM session_load ORDER BY session_id") {
                try SidelineStore.packSessionSeason(sessionID, db)
            }
        }
        migrator.registerMigration("v31-club-problem-message") { db in
            // The club sync's last problem as a message (JSON of `Message`: its id and values), so the kiosk's
            // Settings say it in the coach's language; `last_problem` keeps the English line the log and
            // `club status --json` read (decision 087). NULL for a problem kept before.
            try db.execute(sql: "ALTER TABLE club_state ADD COLUMN last_problem_message TEXT")
        }
        migrator.registerMigration("v32-rr-minute") { db in
            // RR intervals a row a player and minute, the minute's beats in a blob (decision 098): the first
            // analysis of a 2-hour team session read 673 000 rows of `rr` through their index, now 3 630.
            try RRMinuteMigration.migrate(db)
        }
        migrator.registerMigration("v33-sample-minute") { db in
            // Heart-rate readings a row a player and minute, the minute's readings in a blob (decision 108): the first
            // analysis of a 2-hour team session stepped 216 000 rows of `sample` through their index, now 3 630.
            try SampleMinuteMigration.migrate(db)
        }
        return migrator
    }
}

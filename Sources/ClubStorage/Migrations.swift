/// The club database's schema, as numbered migrations (docs/CLUB.md explains it).
///
/// Every table holds a `club_id`, and row-level security is on and forced on every one: a row
/// is visible and writable only while the transaction has set `sideline.club_id` to its club
/// (`set_config(…, true)`, per transaction). The server's role owns nothing and bypasses
/// nothing, so a query it sends without a club sees no row at all. Before the club is known (a
/// bearer token, an enrolment code, a login), three `SECURITY DEFINER` functions owned by the
/// schema's owner look up the one matching row and return its ids only; inside them (and only
/// for the owner: the policy checks `current_user`) `sideline.lookup = on` lets reads cross clubs.
enum Migrations {
    struct Migration: Sendable {
        var version: Int
        var name: String
        /// One statement each (the extended protocol runs one at a time).
        var statements: @Sendable (_ owner: String) -> [String]
    }

    static let clubTables = ["club", "kiosk", "api_token", "club_user", "roster_field", "roster_conflict",
                             "session", "session_participant", "upload", "upload_chunk"]

    /// Row-level security on a table, as every club table has it: rows of the transaction's club only,
    /// and the owner's lookup (inside the definer functions) for reads across clubs.
    static func clubPolicies(_ table: String, owner: String) -> [String] {
        let column = table == "club" ? "id" : "club_id"
        let ownerLiteral = "'" + owner.replacingOccurrences(of: "'", with: "''") + "'"
        return [
            "ALTER TABLE \(table) ENABLE ROW LEVEL SECURITY",
            "ALTER TABLE \(table) FORCE ROW LEVEL SECURITY",
            """
            CREATE POLICY club_rows ON \(table)
                USING (\(column) = nullif(current_setting('sideline.club_id', true), '')::uuid)
                WITH CHECK (\(column) = nullif(current_setting('sideline.club_id', true), '')::uuid)
            """,
            """
            CREATE POLICY owner_lookup ON \(table) FOR SELECT
                USING (current_user = \(ownerLiteral) AND current_setting('sideline.lookup', true) = 'on')
            """,
        ]
    }

    /// A definer function reads across clubs only inside itself: it switches the owner's lookup on
    /// for its one query and off again (PostgreSQL 15 lets no one but a superuser give a function a
    /// custom setting of its own, so it is set and reset in the body).
    static func lookup(_ signature: String, returns: String, _ query: String) -> String {
        """
        CREATE FUNCTION \(signature) RETURNS TABLE(\(returns))
        LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp AS $$
        BEGIN
            PERFORM set_config('sideline.lookup', 'on', true);
            RETURN QUERY \(query);
            PERFORM set_config('sideline.lookup', '', true);
        END
        $$
        """
    }

    /// A definer function with a plain body (the login throttle's, on a table of no club).
    static func definer(_ signature: String, returns: String, _ body: String) -> String {
        """
        CREATE FUNCTION \(signature) RETURNS \(returns)
        LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp AS $$
        BEGIN
        \(body)
        END
        $$
        """
    }

    static let all: [Migration] = [
        Migration(version: 1, name: "club-schema") { owner in
            var statements = [
                """
                CREATE TABLE club(
                    id uuid PRIMARY KEY,
                    name text NOT NULL UNIQUE,
                    created_at timestamptz NOT NULL DEFAULT now(),
                    -- the club's change feed: the last number handed out (one writer at a time per club)
                    roster_seq bigint NOT NULL DEFAULT 0)
                """,
                """
                CREATE TABLE kiosk(
                    club_id uuid NOT NULL REFERENCES club(id) ON DELETE CASCADE,
                    id uuid PRIMARY KEY,
                    name text NOT NULL,
                    enrolment_code_hash bytea UNIQUE,
                    enrolment_expires_at timestamptz,
                    token_hash bytea UNIQUE,
                    enrolled_at timestamptz,
                    last_seen_at timestamptz,
                    created_at timestamptz NOT NULL DEFAULT now(),
                    UNIQUE (club_id, name))
                """,
                """
                CREATE TABLE api_token(
                    club_id uuid NOT NULL REFERENCES club(id) ON DELETE CASCADE,
                    id uuid PRIMARY KEY,
                    token_hash bytea NOT NULL UNIQUE,
                    created_at timestamptz NOT NULL DEFAULT now())
                """,
                """
                CREATE TABLE club_user(
                    club_id uuid NOT NULL REFERENCES club(id) ON DELETE CASCADE,
                    id uuid PRIMARY KEY,
                    email text NOT NULL,
                    role text NOT NULL CHECK (role IN ('admin', 'coach')),
                    -- a coach's team (NULL: an admin, who sees the whole club)
                    team_uuid uuid,
                    password_hash text NOT NULL,
                    created_at timestamptz NOT NULL DEFAULT now())
                """,
                "CREATE UNIQUE INDEX club_user_email ON club_user(lower(email))",
                """
                -- Rosters and club settings, one row per field: its value, the stamp of the edit that set
                -- it (last writer wins per field) and its number in the club's change feed.
                CREATE TABLE roster_field(
                    club_id uuid NOT NULL REFERENCES club(id) ON DELETE CASCADE,
                    entity text NOT NULL,
                    key text NOT NULL,
                    field text NOT NULL,
                    -- the value as canonical JSON text (jsonb would rewrite numbers and keys)
                    value text NOT NULL,
                    stamp_wall_ms bigint NOT NULL,
                    stamp_counter integer NOT NULL,
                    stamp_origin text NOT NULL,
                    seq bigint NOT NULL,
                    PRIMARY KEY (club_id, entity, key, field))
                """,
                "CREATE INDEX roster_field_feed ON roster_field(club_id, seq)",
                """
                -- Edits that lost to a later edit of the same field: kept so a person can see what was overruled.
                CREATE TABLE roster_conflict(
                    club_id uuid NOT NULL REFERENCES club(id) ON DELETE CASCADE,
                    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
                    entity text NOT NULL,
                    key text NOT NULL,
                    field text NOT NULL,
                    losing_value text NOT NULL,
                    losing_stamp text NOT NULL,
                    winning_stamp text NOT NULL,
                    logged_at timestamptz NOT NULL DEFAULT now())
                """,
                """
                -- A session as its kiosk uploaded it, immutable: the session row, its content hash and the
                -- parts of the bundle besides the readings (straps, laps, strap events) as JSON.
                CREATE TABLE session(
                    club_id uuid NOT NULL REFERENCES club(id) ON DELETE CASCADE,
                    uuid uuid NOT NULL,
                    team_uuid uuid NOT NULL,
                    team_name text NOT NULL,
                    started_ms bigint NOT NULL,
                    ended_ms bigint,
                    planned_ms bigint,
                    effort_end_ms bigint,
                    state text NOT NULL,
                    zone_model text NOT NULL,
                    tags text[] NOT NULL,
                    reviewed boolean NOT NULL,
                    format integer NOT NULL,
                    sha256 text NOT NULL,
                    extras jsonb NOT NULL,
                    player_count integer NOT NULL,
                    sample_count bigint NOT NULL,
                    kiosk_id uuid,
                    uploaded_at timestamptz NOT NULL DEFAULT now(),
                    PRIMARY KEY (club_id, uuid))
                """,
                "CREATE INDEX session_by_start ON session(club_id, started_ms DESC)",
                """
                -- A participant with their readings as compact columns (delta-coded varints, one value per
                -- column and reading; see SeriesCodec): one row per player and session, not one per reading.
                CREATE TABLE session_participant(
                    club_id uuid NOT NULL,
                    session_uuid uuid NOT NULL,
                    ordinal integer NOT NULL,
                    player_uuid uuid NOT NULL,
                    first_name text NOT NULL,
                    last_name text NOT NULL,
                    shirt_number integer NOT NULL,
                    strap integer,
                    age integer NOT NULL,
                    sex text NOT NULL,
                    weight_kg double precision NOT NULL,
                    resting_hr double precision NOT NULL,
                    max_hr double precision NOT NULL,
                    max_source text NOT NULL,
                    sample_count integer NOT NULL,
                    rr_count integer NOT NULL,
                    samples bytea NOT NULL,
                    rr bytea NOT NULL,
                    PRIMARY KEY (club_id, session_uuid, ordinal),
                    UNIQUE (club_id, session_uuid, player_uuid),
                    FOREIGN KEY (club_id, session_uuid) REFERENCES session(club_id, uuid) ON DELETE CASCADE)
                """,
                "CREATE INDEX session_participant_by_player ON session_participant(club_id, player_uuid)",
                """
                -- A resumable upload under way: its bytes arrive as chunks at offsets; it expires unfinished.
                CREATE TABLE upload(
                    club_id uuid NOT NULL REFERENCES club(id) ON DELETE CASCADE,
                    id uuid PRIMARY KEY,
                    kiosk_id uuid NOT NULL,
                    session_uuid uuid NOT NULL,
                    sha256 text NOT NULL,
                    length bigint NOT NULL,
                    received bigint NOT NULL DEFAULT 0,
                    created_at timestamptz NOT NULL DEFAULT now(),
                    expires_at timestamptz NOT NULL)
                """,
                "CREATE INDEX upload_expiry ON upload(club_id, expires_at)",
                """
                CREATE TABLE upload_chunk(
                    club_id uuid NOT NULL,
                    upload_id uuid NOT NULL REFERENCES upload(id) ON DELETE CASCADE,
                    "offset" bigint NOT NULL,
                    bytes bytea NOT NULL,
                    PRIMARY KEY (upload_id, "offset"))
                """,
            ]
            for table in clubTables { statements += clubPolicies(table, owner: owner) }
            statements += [
                lookup("sideline_token_owner(p_hash bytea)", returns: "club_id uuid, kind text, subject_id uuid", """
                    SELECT k.club_id, 'kiosk'::text, k.id FROM kiosk k WHERE k.token_hash = p_hash
                    UNION ALL
                    SELECT t.club_id, 'api'::text, t.id FROM api_token t WHERE t.token_hash = p_hash
                    """),
                lookup("sideline_enrolment_owner(p_hash bytea)", returns: "club_id uuid, kiosk_id uuid", """
                    SELECT k.club_id, k.id FROM kiosk k WHERE k.enrolment_code_hash = p_hash AND k.enrolment_expires_at > now()
                    """),
                lookup("sideline_login_owner(p_email text)", returns: "club_id uuid, user_id uuid", """
                    SELECT u.club_id, u.id FROM club_user u WHERE lower(u.email) = lower(p_email)
                    """),
            ]
            statements += ["sideline_token_owner(bytea)", "sideline_enrolment_owner(bytea)", "sideline_login_owner(text)"].map {
                "REVOKE ALL ON FUNCTION \($0) FROM PUBLIC"
            }
            return statements
        },
        Migration(version: 2, name: "session-document-cache") { owner in
            [
                """
                -- A stored session never changes, so its document (the analysis as JSON) is computed once per
                -- version of the analysis and kept; deleted with its session.
                CREATE TABLE session_document(
                    club_id uuid NOT NULL,
                    session_uuid uuid NOT NULL,
                    algorithm text NOT NULL,
                    document text NOT NULL,
                    PRIMARY KEY (club_id, session_uuid, algorithm),
                    FOREIGN KEY (club_id, session_uuid) REFERENCES session(club_id, uuid) ON DELETE CASCADE)
                """,
            ] + clubPolicies("session_document", owner: owner)
        },
        Migration(version: 3, name: "web") { owner in
            let ownerLiteral = "'" + owner.replacingOccurrences(of: "'", with: "''") + "'"
            var statements = [
                // The sessions list shows each session's team average, kept with its document.
                "ALTER TABLE session_document ADD COLUMN team_average_bpm double precision",
                """
                -- What the season reads of each player of a session (SessionSeasonFigures), kept per version of
                -- the analysis when its document is computed: a season table reads these, not the readings.
                CREATE TABLE session_load(
                    club_id uuid NOT NULL,
                    session_uuid uuid NOT NULL,
                    algorithm text NOT NULL,
                    player_uuid uuid NOT NULL,
                    cardio_load double precision NOT NULL,
                    zone_ms bigint[] NOT NULL,
                    recovery_bpm double precision,
                    ln_rmssd double precision,
                    resting_bpm double precision,
                    corrected_share double precision,
                    PRIMARY KEY (club_id, session_uuid, algorithm, player_uuid),
                    FOREIGN KEY (club_id, session_uuid) REFERENCES session(club_id, uuid) ON DELETE CASCADE)
                """,
                "CREATE INDEX session_load_by_player ON session_load(club_id, algorithm, player_uuid)",
                """
                -- A signed-in browser: the SHA-256 of its cookie's 256 random bits, its user, the token its forms carry.
                CREATE TABLE web_session(
                    club_id uuid NOT NULL REFERENCES club(id) ON DELETE CASCADE,
                    id_hash bytea PRIMARY KEY,
                    user_id uuid NOT NULL REFERENCES club_user(id) ON DELETE CASCADE,
                    csrf_token text NOT NULL,
                    created_at timestamptz NOT NULL DEFAULT now(),
                    expires_at timestamptz NOT NULL)
                """,
                "CREATE INDEX web_session_expiry ON web_session(club_id, expires_at)",
                """
                -- Failed logins, by e-mail as typed (lower case) and by client address, before any club is known:
                -- read and written only through the definer functions below (the app role has no grant on it).
                CREATE TABLE login_failure(
                    email text NOT NULL,
                    address text NOT NULL,
                    at timestamptz NOT NULL DEFAULT now())
                """,
                "CREATE INDEX login_failure_by_email ON login_failure(email, at)",
                "CREATE INDEX login_failure_by_address ON login_failure(address, at)",
                "ALTER TABLE login_failure ENABLE ROW LEVEL SECURITY",
                "ALTER TABLE login_failure FORCE ROW LEVEL SECURITY",
                "CREATE POLICY owner_only ON login_failure USING (current_user = \(ownerLiteral)) WITH CHECK (current_user = \(ownerLiteral))",
                lookup("sideline_web_session_owner(p_hash bytea)", returns: "club_id uuid, user_id uuid", """
                    SELECT w.club_id, w.user_id FROM web_session w WHERE w.id_hash = p_hash AND w.expires_at > now()
                    """),
                definer("sideline_login_failures(p_email text, p_address text, p_seconds integer)",
                        returns: "TABLE(by_email bigint, by_address bigint)", """
                    RETURN QUERY SELECT
                        (SELECT count(*) FROM login_failure f WHERE f.email = lower(p_email) AND f.at > now() - make_interval(secs => p_seconds)),
                        (SELECT count(*) FROM login_failure f WHERE f.address = p_address AND f.at > now() - make_interval(secs => p_seconds));
                    """),
                definer("sideline_login_failed(p_email text, p_address text)", returns: "void", """
                    DELETE FROM login_failure WHERE at < now() - interval '1 day';
                    INSERT INTO login_failure(email, address) VALUES (lower(left(p_email, 254)), left(p_address, 64));
                    """),
                definer("sideline_login_succeeded(p_email text)", returns: "void", """
                    DELETE FROM login_failure WHERE email = lower(p_email);
                    """),
            ]
            statements += clubPolicies("session_load", owner: owner) + clubPolicies("web_session", owner: owner)
            statements += ["sideline_web_session_owner(bytea)", "sideline_login_failures(text, text, integer)",
                           "sideline_login_failed(text, text)", "sideline_login_succeeded(text)"].map {
                "REVOKE ALL ON FUNCTION \($0) FROM PUBLIC"
            }
            return statements
        },
        Migration(version: 4, name: "session-quarantine") { owner in
            let ownerLiteral = "'" + owner.replacingOccurrences(of: "'", with: "''") + "'"
            return [
                "ALTER TABLE session ADD COLUMN quarantine_reason text",
                "ALTER TABLE session ADD COLUMN quarantined_at timestamptz",
                """
                -- A session `sideline-club check` found outside the bounds of a kiosk's input (InputBounds) stays
                -- stored, but the server's role no longer sees it: no page, export, read API or season serves it.
                -- The owner (who runs check) still does, to list it or let it go when the rules allow it again.
                CREATE POLICY served_sessions ON session AS RESTRICTIVE
                    USING (quarantine_reason IS NULL OR current_user = \(ownerLiteral))
                """,
            ]
        },
        Migration(version: 5, name: "revocation-and-sign-in") { _ in
            [
                // A revoked kiosk loses its token (and any code) at once; its row and what it uploaded stay, and
                // `add-kiosk` for its name gives it a code to enrol again, which clears the mark.
                "ALTER TABLE kiosk ADD COLUMN revoked_at timestamptz",
                // A revoked API token keeps its row (the listing shows when); the lookup no longer finds it.
                "ALTER TABLE api_token ADD COLUMN revoked_at timestamptz",
                // A disabled user keeps their row and may be enabled again; their sessions open nothing meanwhile.
                "ALTER TABLE club_user ADD COLUMN disabled_at timestamptz",
                """
                CREATE OR REPLACE FUNCTION sideline_token_owner(p_hash bytea) RETURNS TABLE(club_id uuid, kind text, subject_id uuid)
                LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp AS $$
                BEGIN
                    PERFORM set_config('sideline.lookup', 'on', true);
                    RETURN QUERY
                        SELECT k.club_id, 'kiosk'::text, k.id FROM kiosk k WHERE k.token_hash = p_hash AND k.revoked_at IS NULL
                        UNION ALL
                        SELECT t.club_id, 'api'::text, t.id FROM api_token t WHERE t.token_hash = p_hash AND t.revoked_at IS NULL;
                    PERFORM set_config('sideline.lookup', '', true);
                END
                $$
                """,
                // The sign-in limit (SignInLimit) counts failures per e-mail and address pair as well.
                "CREATE INDEX login_failure_by_pair ON login_failure(email, address, at)",
                definer("sideline_login_history(p_email text, p_address text, p_seconds integer)",
                        returns: "TABLE(now_ms bigint, email_ms bigint[], pair_ms bigint[], address_ms bigint[])", """
                    RETURN QUERY SELECT
                        (extract(epoch FROM now()) * 1000)::bigint,
                        ARRAY(SELECT (extract(epoch FROM f.at) * 1000)::bigint FROM login_failure f
                              WHERE f.email = lower(p_email) AND f.at > now() - make_interval(secs => p_seconds) ORDER BY f.at DESC LIMIT 64),
                        ARRAY(SELECT (extract(epoch FROM f.at) * 1000)::bigint FROM login_failure f
                              WHERE f.email = lower(p_email) AND f.address = p_address AND f.at > now() - make_interval(secs => p_seconds)
                              ORDER BY f.at DESC LIMIT 64),
                        ARRAY(SELECT (extract(epoch FROM f.at) * 1000)::bigint FROM login_failure f
                              WHERE f.address = p_address AND f.at > now() - make_interval(secs => p_seconds) ORDER BY f.at DESC LIMIT 64);
                    """),
                // A success clears its own pair only: the admin signing in does not give a guesser elsewhere fresh tries.
                definer("sideline_login_succeeded_from(p_email text, p_address text)", returns: "void", """
                    DELETE FROM login_failure WHERE email = lower(p_email) AND address = left(p_address, 64);
                    """),
                "DROP FUNCTION sideline_login_failures(text, text, integer)",
                "DROP FUNCTION sideline_login_succeeded(text)",
                "REVOKE ALL ON FUNCTION sideline_login_history(text, text, integer) FROM PUBLIC",
                "REVOKE ALL ON FUNCTION sideline_login_succeeded_from(text, text) FROM PUBLIC",
            ]
        },
        Migration(version: 6, name: "upload-quota-and-sweep") { owner in
            let ownerLiteral = "'" + owner.replacingOccurrences(of: "'", with: "''") + "'"
            return [
                // A kiosk's unfinished uploads, counted on every new one (UploadStore.Quota).
                "CREATE INDEX upload_by_kiosk ON upload(kiosk_id)",
                // The sweep deletes expired uploads of every club, and nothing else: the owner's lookup may
                // delete across clubs only rows already expired.
                """
                CREATE POLICY owner_sweep ON upload FOR DELETE
                    USING (current_user = \(ownerLiteral) AND current_setting('sideline.lookup', true) = 'on' AND expires_at < now())
                """,
                """
                CREATE FUNCTION sideline_sweep_expired_uploads() RETURNS bigint
                LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp AS $$
                DECLARE swept bigint;
                BEGIN
                    PERFORM set_config('sideline.lookup', 'on', true);
                    DELETE FROM upload WHERE expires_at < now();
                    GET DIAGNOSTICS swept = ROW_COUNT;
                    PERFORM set_config('sideline.lookup', '', true);
                    RETURN swept;
                END
                $$
                """,
                "REVOKE ALL ON FUNCTION sideline_sweep_expired_uploads() FROM PUBLIC",
            ]
        },
        Migration(version: 7, name: "session-rpe") { _ in
            [
                // A participant's session RPE (bundle format 2): the only part of a stored session that changes
                // after its upload — a later bundle that differs in nothing else replaces them (decision 067).
                "ALTER TABLE session_participant ADD COLUMN rpe smallint CHECK (rpe BETWEEN 0 AND 10)",
                "ALTER TABLE session_participant ADD COLUMN rated_ms bigint",
                "ALTER TABLE session_participant ADD COLUMN rated_by_coach boolean",
            ]
        },
        Migration(version: 8, name: "player-erasure") { owner in
            [
                """
                -- Players erased for good (ClubErasure): named by the digest of their UUID (PlayerErasure), never by
                -- anything of theirs; numbered in the club's feed (club.roster_seq) so every kiosk pulls them. Never deleted.
                CREATE TABLE player_erasure(
                    club_id uuid NOT NULL REFERENCES club(id) ON DELETE CASCADE,
                    player_digest text NOT NULL CHECK (player_digest ~ '^[0-9a-f]{64}$'),
                    erased_at timestamptz NOT NULL,
                    erased_by text NOT NULL,
                    seq bigint NOT NULL,
                    recorded_at timestamptz NOT NULL DEFAULT now(),
                    PRIMARY KEY (club_id, player_digest))
                """,
                "CREATE INDEX player_erasure_feed ON player_erasure(club_id, seq)",
                """
                -- The hashes a stored session had before it was rewritten without an erased player: a kiosk that
                -- offers one is told the session is superseded (nothing to send), not refused.
                CREATE TABLE session_superseded(
                    club_id uuid NOT NULL,
                    session_uuid uuid NOT NULL,
                    sha256 text NOT NULL,
                    superseded_at timestamptz NOT NULL DEFAULT now(),
                    PRIMARY KEY (club_id, session_uuid, sha256),
                    FOREIGN KEY (club_id, session_uuid) REFERENCES session(club_id, uuid) ON DELETE CASCADE)
                """,
            ] + clubPolicies("player_erasure", owner: owner) + clubPolicies("session_superseded", owner: owner)
        },
        Migration(version: 9, name: "wellness") { owner in
            [
                """
                -- Each player's morning wellness (decision 070): one answer set a player and local day, the latest
                -- given winning (answered_ms); sent by the kiosks as records of their own (ClubWellness), not in bundles.
                CREATE TABLE wellness_answer(
                    club_id uuid NOT NULL REFERENCES club(id) ON DELETE CASCADE,
                    player_uuid uuid NOT NULL,
                    day date NOT NULL,
                    fatigue smallint NOT NULL CHECK (fatigue BETWEEN 1 AND 5),
                    sleep smallint NOT NULL CHECK (sleep BETWEEN 1 AND 5),
                    soreness smallint NOT NULL CHECK (soreness BETWEEN 1 AND 5),
                    stress smallint NOT NULL CHECK (stress BETWEEN 1 AND 5),
                    mood smallint NOT NULL CHECK (mood BETWEEN 1 AND 5),
                    answered_ms bigint NOT NULL,
                    kiosk_id uuid,
                    PRIMARY KEY (club_id, player_uuid, day))
                """,
            ] + clubPolicies("wellness_answer", owner: owner)
        },
        Migration(version: 10, name: "access-log") { owner in
            [
                """
                -- Who viewed, downloaded or changed what (AccessLog, decision 071): appended by the server and the admin's
                -- commands, never changed: the server's role may only add rows (not their time or number) and read them.
                -- A player is named by the digest an erasure names them by (PlayerErasure), never by their UUID or name.
                CREATE TABLE access_log(
                    club_id uuid NOT NULL REFERENCES club(id) ON DELETE CASCADE,
                    id bigint GENERATED ALWAYS AS IDENTITY,
                    at timestamptz NOT NULL DEFAULT now(),
                    kind text NOT NULL CHECK (kind IN ('view', 'download', 'change', 'sync')),
                    action text NOT NULL CHECK (length(action) BETWEEN 1 AND 160),
                    user_id uuid,
                    actor text NOT NULL CHECK (length(actor) BETWEEN 1 AND 200),
                    address text NOT NULL CHECK (length(address) BETWEEN 1 AND 64),
                    team_uuid uuid,
                    session_uuid uuid,
                    player_digest text CHECK (player_digest ~ '^[0-9a-f]{64}$'),
                    kiosk_id uuid,
                    -- A kiosk's sync is logged once a day per kind of work (the unique index below): its UTC day.
                    sync_day date,
                    CHECK ((kind = 'sync') = (sync_day IS NOT NULL AND kiosk_id IS NOT NULL)),
                    PRIMARY KEY (club_id, id))
                """,
                "CREATE INDEX access_log_by_time ON access_log(club_id, at)",
                "CREATE INDEX access_log_by_player ON access_log(club_id, player_digest, id) WHERE player_digest IS NOT NULL",
                "CREATE INDEX access_log_by_user ON access_log(club_id, user_id, id) WHERE user_id IS NOT NULL",
                "CREATE UNIQUE INDEX access_log_sync_once_a_day ON access_log(club_id, kiosk_id, action, sync_day) WHERE kind = 'sync'",
            ] + clubPolicies("access_log", owner: owner)
        },
        Migration(version: 11, name: "retention") { owner in
            let ownerLiteral = "'" + owner.replacingOccurrences(of: "'", with: "''") + "'"
            return [
                // The daily retention job (ClubRetention) goes through every club: their ids, nothing else.
                lookup("sideline_club_ids()", returns: "club_id uuid", "SELECT c.id FROM club c"),
                // The access log is kept for the club's retention period: the owner's function deletes a club's
                // lines older than the period the club's settings hold now (never younger than a month), so the
                // server's role, which may not delete a line, cannot choose which go (decision 072).
                """
                CREATE POLICY owner_expiry ON access_log FOR DELETE
                    USING (current_user = \(ownerLiteral) AND current_setting('sideline.lookup', true) = 'on')
                """,
                """
                CREATE FUNCTION sideline_expire_access_log(p_club uuid) RETURNS bigint
                LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp AS $$
                DECLARE months integer; expired bigint := 0;
                BEGIN
                    PERFORM set_config('sideline.lookup', 'on', true);
                    SELECT CASE WHEN f.value ~ '^"[0-9]{1,3}"$' THEN trim(both '"' from f.value)::integer ELSE 0 END INTO months
                        FROM roster_field f WHERE f.club_id = p_club AND f.entity = 'settings' AND f.key = 'club' AND f.field = 'retentionMonths';
                    IF coalesce(months, 0) > 0 THEN
                        DELETE FROM access_log WHERE club_id = p_club AND at < now() - make_interval(months => greatest(months, 1));
                        GET DIAGNOSTICS expired = ROW_COUNT;
                    END IF;
                    PERFORM set_config('sideline.lookup', '', true);
                    RETURN expired;
                END
                $$
                """,
                "REVOKE ALL ON FUNCTION sideline_club_ids() FROM PUBLIC",
                "REVOKE ALL ON FUNCTION sideline_expire_access_log(uuid) FROM PUBLIC",
            ]
        },
        Migration(version: 12, name: "flag-dismissal") { owner in
            [
                """
                -- A flag of a team's list dismissed on the web for a day (decision 076): one row a team, day and key;
                -- another day shows the flag again. The key names the rule and its subject (AttentionFlag.key).
                CREATE TABLE flag_dismissal(
                    club_id uuid NOT NULL REFERENCES club(id) ON DELETE CASCADE,
                    team_uuid uuid NOT NULL,
                    day date NOT NULL,
                    flag_key text NOT NULL CHECK (length(flag_key) BETWEEN 1 AND 120),
                    dismissed_at timestamptz NOT NULL DEFAULT now(),
                    PRIMARY KEY (club_id, team_uuid, day, flag_key))
                """,
            ] + clubPolicies("flag_dismissal", owner: owner)
        },
        Migration(version: 13, name: "fitness-test") { _ in
            [
                """
                -- A fitness test's HRex per player (% HRmax over the run's last 30 s, decision 079), kept with the rest of
                -- what the season reads of a session; NULL for every other session.
                ALTER TABLE session_load ADD COLUMN hrex double precision
                """,
            ]
        },
        Migration(version: 14, name: "web-language") { _ in
            [
                """
                -- The language a user chose for the club's pages (decision 084); NULL: their browser's Accept-Language.
                ALTER TABLE club_user ADD COLUMN language text CHECK (language IN ('en', 'de', 'fr', 'es', 'nl'))
                """,
            ]
        },
        Migration(version: 15, name: "held-session-hash") { _ in
            [
                """
                -- A session `check` quarantined is hidden from the server's role (served_sessions), so a kiosk
                -- offering it again (from a backup) found no row, sent it whole and was refused at the insert on
                -- every pass. Its hash, in the caller's own club (club_rows still applies in here), is all the
                -- upload needs to answer "stored" or "stored with other content".
                CREATE FUNCTION sideline_held_session_sha256(p_uuid uuid) RETURNS TABLE(sha256 text)
                LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
                    SELECT s.sha256 FROM session s WHERE s.uuid = p_uuid AND s.quarantine_reason IS NOT NULL
                $$
                """,
                "REVOKE ALL ON FUNCTION sideline_held_session_sha256(uuid) FROM PUBLIC",
            ]
        },
        Migration(version: 16, name: "held-session-deletion") { _ in
            [
                """
                -- A session `check` quarantined is hidden from the server's role, so its DELETE found no row: a
                -- kiosk's or a coach's delete, and the retention job, left it stored for good. Deleting it, in the
                -- caller's own club (club_rows still applies in here), takes nothing the role could read.
                CREATE FUNCTION sideline_delete_held_session(p_uuid uuid) RETURNS bigint
                LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp AS $$
                DECLARE deleted bigint;
                BEGIN
                    DELETE FROM session s WHERE s.uuid = p_uuid AND s.quarantine_reason IS NOT NULL;
                    GET DIAGNOSTICS deleted = ROW_COUNT;
                    RETURN deleted;
                END
                $$
                """,
                """
                -- The held sessions the retention period has passed: those that started before the cutoff, or were
                -- quarantined before it (a start that may be what is wrong with one must not keep it for good).
                CREATE FUNCTION sideline_held_sessions_before(p_cutoff_ms bigint) RETURNS TABLE(uuid uuid)
                LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
                    SELECT s.uuid FROM session s WHERE s.quarantine_reason IS NOT NULL
                        AND (s.started_ms < p_cutoff_ms OR s.quarantined_at < to_timestamp(p_cutoff_ms / 1000.0))
                    ORDER BY s.started_ms, s.uuid
                $$
                """,
                "REVOKE ALL ON FUNCTION sideline_delete_held_session(uuid) FROM PUBLIC",
                "REVOKE ALL ON FUNCTION sideline_held_sessions_before(bigint) FROM PUBLIC",
            ]
        },
    ]

    /// What the server's role may do, and nothing else: granted again on every `migrate`.
    static let appGrants: [String] = [
        "GRANT USAGE ON SCHEMA public TO %ROLE%",
        // Read only: `serve` refuses a schema older or newer than its migrations.
        "GRANT SELECT ON sideline_migrations TO %ROLE%",
        "GRANT SELECT, UPDATE ON club TO %ROLE%",
        "GRANT SELECT, UPDATE ON kiosk TO %ROLE%",
        "GRANT SELECT ON api_token TO %ROLE%",
        "GRANT SELECT ON club_user TO %ROLE%",
        "GRANT SELECT, INSERT, UPDATE ON roster_field TO %ROLE%",
        "GRANT INSERT ON roster_conflict TO %ROLE%",
        "GRANT SELECT, INSERT, DELETE ON session TO %ROLE%",
        "GRANT SELECT, INSERT, DELETE ON session_participant TO %ROLE%",
        "GRANT SELECT, INSERT, DELETE ON session_document TO %ROLE%",
        "GRANT SELECT, INSERT, UPDATE, DELETE ON upload TO %ROLE%",
        "GRANT SELECT, INSERT, DELETE ON upload_chunk TO %ROLE%",
        "GRANT EXECUTE ON FUNCTION sideline_token_owner(bytea) TO %ROLE%",
        "GRANT EXECUTE ON FUNCTION sideline_enrolment_owner(bytea) TO %ROLE%",
        "GRANT EXECUTE ON FUNCTION sideline_login_owner(text) TO %ROLE%",
        "GRANT SELECT, INSERT, DELETE ON session_load TO %ROLE%",
        // DELETE: an erasure takes the dismissals that name the player.
        "GRANT SELECT, INSERT, DELETE ON flag_dismissal TO %ROLE%",
        "GRANT SELECT, INSERT, DELETE ON web_session TO %ROLE%",
        "GRANT EXECUTE ON FUNCTION sideline_web_session_owner(bytea) TO %ROLE%",
        "GRANT EXECUTE ON FUNCTION sideline_login_failed(text, text) TO %ROLE%",
        // Revocation from the admin's web page (and a kiosk's own `leave`, through UPDATE on kiosk above).
        "GRANT UPDATE (revoked_at) ON api_token TO %ROLE%",
        "GRANT UPDATE (disabled_at) ON club_user TO %ROLE%",
        // A user's own language, from their account page (WebAccountPage).
        "GRANT UPDATE (language) ON club_user TO %ROLE%",
        "GRANT EXECUTE ON FUNCTION sideline_login_history(text, text, integer) TO %ROLE%",
        "GRANT EXECUTE ON FUNCTION sideline_login_succeeded_from(text, text) TO %ROLE%",
        "GRANT EXECUTE ON FUNCTION sideline_sweep_expired_uploads() TO %ROLE%",
        "GRANT EXECUTE ON FUNCTION sideline_held_session_sha256(uuid) TO %ROLE%",
        "GRANT EXECUTE ON FUNCTION sideline_delete_held_session(uuid) TO %ROLE%",
        "GRANT EXECUTE ON FUNCTION sideline_held_sessions_before(bigint) TO %ROLE%",
        // A later bundle of a stored session with new ratings (SessionStore.store): its hash and format, and the ratings.
        "GRANT UPDATE (sha256, format) ON session TO %ROLE%",
        "GRANT UPDATE (rpe, rated_ms, rated_by_coach) ON session_participant TO %ROLE%",
        // Erasures (ClubErasure): the log is only added to; a session is rewritten without the player, and
        // their roster fields and logged conflicts go.
        "GRANT SELECT, INSERT ON player_erasure TO %ROLE%",
        "GRANT SELECT, INSERT ON session_superseded TO %ROLE%",
        "GRANT UPDATE (sha256, extras, player_count, sample_count) ON session TO %ROLE%",
        "GRANT DELETE ON roster_field TO %ROLE%",
        "GRANT SELECT (entity, key), DELETE ON roster_conflict TO %ROLE%",
        // Morning wellness (ClubWellness): kept and replaced by a later answer, gone with an erased player.
        "GRANT SELECT, INSERT, UPDATE, DELETE ON wellness_answer TO %ROLE%",
        // The access log (AccessLog): added to and read, never changed; its time and number are the database's own.
        "GRANT SELECT, INSERT (club_id, kind, action, user_id, actor, address, team_uuid, session_uuid, player_digest, kiosk_id, sync_day) ON access_log TO %ROLE%",
        "GRANT USAGE ON SEQUENCE access_log_id_seq TO %ROLE%",
        // The daily retention job (ClubRetention): the clubs to go through, and the log's own expiry.
        "GRANT EXECUTE ON FUNCTION sideline_club_ids() TO %ROLE%",
        "GRANT EXECUTE ON FUNCTION sideline_expire_access_log(uuid) TO %ROLE%",
    ]
}

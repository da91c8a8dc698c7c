"""A kiosk on the command line: its own database, `sideline club …` against the test's server, and its
roster read back from SQLite in the club's terms (what the change feed says of each field). The binary may
run behind a prefix (inside a network namespace: `ip netns exec …`) and with its clock skewed (`env`)."""
import contextlib
import json
import os
import sqlite3
import subprocess

from sideline_testkit.sqlite_records import readings_table


class KioskCLI:
    def __init__(self, binary: str, db, name: str, prefix: tuple = (), env: dict = None):
        self.bin, self.db, self.name = binary, str(db), name
        self.prefix, self.env = list(prefix), {**os.environ, **env} if env else None

    def command(self, *args: str) -> list:
        return [*self.prefix, self.bin, *args, "--db", self.db]

    def run(self, *args: str, check: bool = True, timeout: int = 120) -> subprocess.CompletedProcess:
        result = subprocess.run(self.command(*args), capture_output=True, text=True, timeout=timeout, env=self.env)
        if check and result.returncode != 0:
            raise AssertionError(f"sideline {' '.join(args)} ({self.name}) exited {result.returncode}: {result.stderr}{result.stdout}")
        return result

    def popen(self, *args: str) -> subprocess.Popen:
        """`sideline ARGS` started, not waited for (its output in pipes)."""
        return subprocess.Popen(self.command(*args), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=self.env)

    def club(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        return self.run("club", *args, check=check)

    def join(self, club, club_name: str, url: str = None, *extra: str, **kw) -> subprocess.CompletedProcess:
        code = club.enrolment_code(club_name, self.name)
        return self.club("join", url or f"http://127.0.0.1:{club.port}", code, *extra, **kw)

    def sync(self, *extra: str, check: bool = True) -> subprocess.CompletedProcess:
        return self.club("sync", *extra, check=check)

    def record(self, team: str = "Demo", players: int = 3, minutes: float = 1, speed: int = 6000, seed: int = 1):
        self.run("record", "--source", f"sim:{players}", "--speed", str(speed), "--team", team, "--minutes", str(minutes),
                 "--seed", str(seed), "--quiet")

    def export_json(self, session_id: int, folder) -> dict:
        """The document `sideline export --format json` writes for the session."""
        self.run("export", "--session", str(session_id), "--format", "json", "--out", str(folder))
        written = sorted(folder.glob("*.json"))
        assert len(written) == 1, written
        return json.loads(written[0].read_text())

    def sql(self, query: str, *args):
        with contextlib.closing(sqlite3.connect(self.db)) as c, c:  # closed, and committed as before
            readings_table(c, query)  # `sample` as v32 had it, decoded from store v33's minutes
            return c.execute(query, args).fetchall()

    def write(self, query: str, *args):
        """A script's write straight into the kiosk's SQLite: the triggers capture it like any other."""
        with sqlite3.connect(self.db) as c:
            c.execute("PRAGMA foreign_keys = ON")
            c.execute(query, args)

    def roster(self) -> dict:
        """Every live roster field, keyed like the club's feed: (entity, key, field) → value."""
        out = {}
        for uuid, name, colour in self.sql("SELECT uuid, name, colour FROM team"):
            out[("team", uuid, "name")], out[("team", uuid, "colour")] = name, colour
        for row in self.sql("SELECT uuid, first_name, last_name, birth_year, sex, weight_kg, resting_hr, max_hr, "
                            "consent_day || ' ' || consent_by FROM player"):
            uuid = row[0]
            for field, value in zip(["firstName", "lastName", "birthYear", "sex", "weightKg", "restingHR", "maxHR", "consent"], row[1:]):
                out[("player", uuid, field)] = value
        for key, number, strap in self.sql("SELECT t.uuid || '/' || p.uuid, m.shirt_number, s.uuid FROM membership m JOIN team t ON t.id = m.team_id "
                                           "JOIN player p ON p.id = m.player_id LEFT JOIN strap s ON s.id = m.strap_id"):
            out[("membership", key, "shirtNumber")], out[("membership", key, "strap")] = number, strap
        return {k: v for k, v in out.items() if v is not None}


def without_ids(document: dict) -> dict:
    """A session's document (the kiosk's `export --format json`, the club's read API) but for the ids only one
    side has (the kiosk's row numbers, the club's UUIDs)."""
    document = {k: v for k, v in document.items() if k not in ("sessionID", "sessionUUID")}
    document["players"] = [{k: v for k, v in p.items() if k not in ("playerID", "playerUUID")} for p in document["players"]]
    return document


def club_roster(changes) -> dict:
    """The club's live roster from its feed (every change since 0), in `KioskCLI.roster`'s terms: records whose
    `deleted` is true left out, memberships of a deleted team or player too, and only the fields a kiosk keeps."""
    fields = {}
    for c in changes:
        fields[(c["entity"], c["key"], c["field"])] = c["value"]
    dead = {(e, k) for (e, k, f), v in fields.items() if f == "deleted" and v is True}
    kept = {"team": {"name", "colour"}, "player": {"firstName", "lastName", "birthYear", "sex", "weightKg", "restingHR", "maxHR", "consent"},
            "membership": {"shirtNumber", "strap"}}
    out = {}
    for (entity, key, field), value in fields.items():
        if entity not in kept or field not in kept[entity] or (entity, key) in dead:
            continue
        if entity == "membership":
            team, player = key.split("/")
            if ("team", team) in dead or ("player", player) in dead:
                continue
        if value is not None:
            out[(entity, key, field)] = value
    return out

"""A kiosk on the command line: its own database, `sideline club …` against the test's server, and its
roster read back from SQLite in the club's terms (what the change feed says of each field)."""
import sqlite3
import subprocess


class KioskCLI:
    def __init__(self, binary: str, db, name: str):
        self.bin, self.db, self.name = binary, str(db), name

    def run(self, *args: str, check: bool = True, timeout: int = 120) -> subprocess.CompletedProcess:
        result = subprocess.run([self.bin, *args, "--db", self.db], capture_output=True, text=True, timeout=timeout)
        if check and result.returncode != 0:
            raise AssertionError(f"sideline {' '.join(args)} ({self.name}) exited {result.returncode}: {result.stderr}{result.stdout}")
        return result

    def club(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        return self.run("club", *args, check=check)

    def join(self, club, club_name: str, **kw) -> subprocess.CompletedProcess:
        code = club.enrolment_code(club_name, self.name)
        return self.club("join", f"http://127.0.0.1:{club.port}", code, **kw)

    def sync(self, *extra: str, check: bool = True) -> subprocess.CompletedProcess:
        return self.club("sync", *extra, check=check)

    def record(self, team: str = "Demo", players: int = 3, minutes: float = 1):
        self.run("record", "--source", f"sim:{players}", "--speed", "60", "--team", team, "--minutes", str(minutes), "--quiet")

    def sql(self, query: str, *args):
        with sqlite3.connect(self.db) as c:
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
        for row in self.sql("SELECT uuid, first_name, last_name, birth_year, sex, weight_kg, resting_hr, max_hr FROM player"):
            uuid = row[0]
            for field, value in zip(["firstName", "lastName", "birthYear", "sex", "weightKg", "restingHR", "maxHR"], row[1:]):
                out[("player", uuid, field)] = value
        for key, number, strap in self.sql("SELECT t.uuid || '/' || p.uuid, m.shirt_number, s.uuid FROM membership m JOIN team t ON t.id = m.team_id "
                                           "JOIN player p ON p.id = m.player_id LEFT JOIN strap s ON s.id = m.strap_id"):
            out[("membership", key, "shirtNumber")], out[("membership", key, "strap")] = number, strap
        return {k: v for k, v in out.items() if v is not None}


def club_roster(changes) -> dict:
    """The club's live roster from its feed (every change since 0), in `KioskCLI.roster`'s terms: records whose
    `deleted` is true left out, memberships of a deleted team or player too, and only the fields a kiosk keeps."""
    fields = {}
    for c in changes:
        fields[(c["entity"], c["key"], c["field"])] = c["value"]
    dead = {(e, k) for (e, k, f), v in fields.items() if f == "deleted" and v is True}
    kept = {"team": {"name", "colour"}, "player": {"firstName", "lastName", "birthYear", "sex", "weightKg", "restingHR", "maxHR"},
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

"""The property the issue names: random interleavings of roster edits, deletes and syncs on two kiosks and
the web side converge — after a final round of syncs both kiosks and the club hold the same roster, field by
field, and no player twice.

The kiosks are the real `sideline` on their own databases; their edits are writes into their SQLite (the
triggers capture those like the kiosk's own screens' writes) and `sideline club sync` passes. The web side
posts roster edits through the API with an origin of its own — on this branch a third enrolled client, since
the server has no user-origin write route in /api/v1 (the web pages edit through the same RosterStore)."""
import os
import random
import time

from kiosk_cli import KioskCLI, club_roster

SEED = int(os.environ.get("SIDELINE_CONVERGENCE_SEED", "0")) or random.SystemRandom().randrange(1, 10**6)
NAMES = ["Mia", "Zoë", "Åsa", "Ola", "Noah", "Lea"]
COLOURS = ["#1E88E5", "#E53935", "#43A047", "#FB8C00"]


def feed(client) -> list:
    since, seen = 0, []
    while True:
        page = client.changes(since)
        seen += page["changes"]
        since = page["lastSeq"]
        if not page["more"]:
            return seen


class Web:
    """The web side: edits live records the club knows, with its own origin and its own clock (the server's)."""

    def __init__(self, client):
        self.client, self.counter = client, 0

    def edit(self, rng):
        live = club_roster(feed(self.client))
        players = sorted({k for (e, k, _) in live if e == "player"})
        teams = sorted({k for (e, k, _) in live if e == "team"})
        members = sorted({k for (e, k, _) in live if e == "membership"})
        choices = []
        if players:
            p = rng.choice(players)
            choices += [("player", p, "firstName", rng.choice(NAMES)), ("player", p, "weightKg", rng.choice([55.5, 61.0, 70.25])),
                        ("player", p, "birthYear", rng.choice([2008, 2009, 2010])),
                        ("player", p, "consent", rng.choice([None, "2026-09-01 Anna Berg", "2026-10-02 the player"]))]
            if rng.random() < 0.15:
                choices.append(("player", p, "deleted", True))
        if teams:
            choices.append(("team", rng.choice(teams), "colour", rng.choice(COLOURS)))
        if members:
            m = rng.choice(members)
            choices += [("membership", m, "shirtNumber", rng.randint(1, 30)), ("membership", m, "deleted", True)]
        if not choices:
            return "web: nothing to edit"
        entity, key, field, value = rng.choice(choices)
        self.counter += 1
        stamp = {"wallMs": int(time.time() * 1000), "counter": self.counter, "origin": self.client.origin}
        r = self.client.edits({"entity": entity, "key": key, "field": field, "value": value, "stamp": stamp})
        assert r.status == 200, r
        return f"web: {entity} {key[:8]} {field} = {value!r}"


def kiosk_edit(k: KioskCLI, rng) -> str:
    players = [p for (p,) in k.sql("SELECT uuid FROM player ORDER BY uuid")]
    teams = [t for (t,) in k.sql("SELECT id FROM team ORDER BY id")]
    members = k.sql("SELECT team_id, player_id FROM membership ORDER BY team_id, player_id")
    kind = rng.choice(["name", "weight", "consent", "colour", "shirt", "leave", "join", "delete", "new"])
    if kind == "name" and players:
        p = rng.choice(players)
        k.write("UPDATE player SET first_name = ? WHERE uuid = ?", rng.choice(NAMES), p)
        return f"{k.name}: player {p[:8]} firstName"
    if kind == "weight" and players:
        p = rng.choice(players)
        k.write("UPDATE player SET weight_kg = ? WHERE uuid = ?", rng.choice([58.0, 64.5, 72.0]), p)
        return f"{k.name}: player {p[:8]} weightKg"
    if kind == "consent" and players:
        p = rng.choice(players)
        day, by = rng.choice([(None, None), ("2026-08-15", "Ola Nord"), ("2026-10-02", "the player")])
        k.write("UPDATE player SET consent_day = ?, consent_by = ? WHERE uuid = ?", day, by, p)
        return f"{k.name}: player {p[:8]} consent"
    if kind == "colour" and teams:
        k.write("UPDATE team SET colour = ? WHERE id = ?", rng.choice(COLOURS), rng.choice(teams))
        return f"{k.name}: team colour"
    if kind == "shirt" and members:
        t, p = rng.choice(members)
        k.write("UPDATE membership SET shirt_number = ? WHERE team_id = ? AND player_id = ?", rng.randint(1, 30), t, p)
        return f"{k.name}: membership shirtNumber"
    if kind == "leave" and members:
        t, p = rng.choice(members)
        k.write("DELETE FROM membership WHERE team_id = ? AND player_id = ?", t, p)
        return f"{k.name}: membership deleted"
    if kind == "join" and teams and players:
        t, p = rng.choice(teams), rng.choice(players)
        k.write("INSERT OR IGNORE INTO membership(team_id, player_id, shirt_number) SELECT ?, id, ? FROM player WHERE uuid = ?",
                t, rng.randint(31, 60), p)
        return f"{k.name}: membership added"
    if kind == "delete" and len(players) > 2:
        p = rng.choice(players)
        k.write("DELETE FROM player WHERE uuid = ?", p)
        return f"{k.name}: player {p[:8]} deleted"
    if kind == "new" and teams:
        k.write("INSERT INTO player(first_name, last_name, birth_year, sex, weight_kg, resting_hr) VALUES (?, 'New', 2009, 'F', 60, 55)",
                rng.choice(NAMES))
        k.write("INSERT INTO membership(team_id, player_id, shirt_number) SELECT ?, max(id), ? FROM player", rng.choice(teams), rng.randint(61, 99))
        return f"{k.name}: new player"
    return f"{k.name}: nothing to do ({kind})"


def test_random_interleavings_on_two_kiosks_and_the_web_converge(club, sideline_bin, tmp_path):
    print(f"seed {SEED} (SIDELINE_CONVERGENCE_SEED={SEED} repeats it)")
    rng = random.Random(SEED)
    club.add_club("Alpha")
    a, b = KioskCLI(sideline_bin, tmp_path / "a.sqlite", "pitch-1"), KioskCLI(sideline_bin, tmp_path / "b.sqlite", "pitch-2")
    roster = tmp_path / "roster.csv"
    roster.write_text("".join(f"{n},{NAMES[n % len(NAMES)]},P{n},2009,F,60,55,,\n" for n in range(1, 6)))
    a.run("import-roster", str(roster), "--team", "U17")
    a.run("import-roster", str(roster), "--team", "U19")
    for k in (a, b):
        k.join(club, "Alpha")
        k.sync()
    web = Web(club.kiosk("Alpha", "web"))
    steps = []
    started = time.monotonic()
    try:
        for _ in range(120):
            roll = rng.random()
            if roll < 0.45:
                steps.append(kiosk_edit(rng.choice([a, b]), rng))
            elif roll < 0.65:
                steps.append(web.edit(rng))
            else:
                k = rng.choice([a, b])
                k.sync()
                steps.append(f"{k.name}: sync")
        for k in (a, b, a, b):
            k.sync()
        server = club_roster(feed(web.client))
        assert len({key for (e, key, _) in server if e == "player"}) >= 2, "something left to compare"
        assert a.roster() == server, "pitch-1 differs from the club"
        assert b.roster() == server, "pitch-2 differs from the club"
        for k in (a, b):
            (players, distinct), = k.sql("SELECT count(*), count(DISTINCT uuid) FROM player")
            assert players == distinct == len({key for (e, key, _) in server if e == "player"}), "a player twice, or missing"
            assert k.sql("SELECT count(*) FROM club_roster_edit") == [(0,)]
    except AssertionError as failure:
        raise AssertionError(f"seed {SEED}: {failure}\nsteps:\n  " + "\n  ".join(steps)) from failure
    assert time.monotonic() - started < 60, "keep the property test under a minute"

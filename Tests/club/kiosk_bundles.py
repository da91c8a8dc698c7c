"""Session bundles made from a kiosk's SQLite the way the kiosk's sync makes them (the rows as recorded: the
session, who took part with their physiology that day and their names and team's name when it ended (its
snapshot, decision 074), every sample and RR interval, laps, straps), written
here in Python from the database's schema rather than from Sideline's Swift. Identities are UUID v5 of the
kiosk's own numbers, so the same player is the same UUID in every session."""
import sqlite3
import uuid

from sideline_testkit.sqlite_records import minute_beats, readings_table

KIOSK = uuid.UUID("5e1f0a00-0000-4000-8000-00000000c10b")


def ident(kind: str, key) -> uuid.UUID:
    return uuid.uuid5(KIOSK, f"{kind}:{key}")


def number(x):
    """A REAL as Swift's JSONEncoder writes it: 70.0 is 70 (canonical bytes must match the server's)."""
    return int(x) if isinstance(x, float) and x.is_integer() else x


def deltas(values):
    out, previous = [], 0
    for v in values:
        out.append(v - previous)
        previous = v
    return out


def from_kiosk(path: str) -> list:
    db = sqlite3.connect(path)
    readings_table(db)  # `sample` as v32 had it, decoded from store v33's minutes
    db.row_factory = sqlite3.Row
    recorded_teams = dict(db.execute("SELECT session_id, team_name FROM session_snapshot").fetchall())
    straps = {r["id"]: r for r in db.execute("SELECT id, address, name FROM strap")}
    out = []
    for s in db.execute("SELECT * FROM session WHERE state IN ('ended', 'interrupted') ORDER BY id").fetchall():
        sid = s["id"]
        who = db.execute("SELECT * FROM session_player WHERE session_id = ? ORDER BY player_id", (sid,)).fetchall()
        used = sorted({r["strap_id"] for r in db.execute("SELECT DISTINCT strap_id FROM sample WHERE session_id = ?", (sid,))}
                      | {p["strap_id"] for p in who if p["strap_id"] is not None})
        index = {strap: i for i, strap in enumerate(used)}
        participants = []
        for p in who:
            rows = db.execute("SELECT t_ms, bpm, contact, strap_id, energy_kj FROM sample WHERE session_id = ? AND player_id = ? ORDER BY t_ms",
                              (sid, p["player_id"])).fetchall()
            beats = [{"t_ms": t, "rr_1024": rr} for m in db.execute("SELECT minute, beats FROM rr_minute WHERE session_id = ? AND player_id = ? ORDER BY minute",
                                                                   (sid, p["player_id"])).fetchall() for t, rr in minute_beats(m["minute"], m["beats"])]
            participants.append({
                "playerUUID": str(ident("player", p["player_id"])).upper(), "firstName": p["first_name"], "lastName": p["last_name"],
                "shirtNumber": p["shirt_number"], "strap": index.get(p["strap_id"]),
                "physiology": {"age": p["age"], "sex": p["sex"], "weightKg": number(p["weight_kg"]), "restingHR": number(p["resting_hr"]),
                               "maxHR": number(p["max_hr"]), "maxSource": p["max_source"]},
                "samples": {"tMsDeltas": deltas([r["t_ms"] for r in rows]), "bpm": [r["bpm"] for r in rows],
                            "contact": [r["contact"] for r in rows], "strap": [index[r["strap_id"]] for r in rows],
                            "energyKJ": [r["energy_kj"] for r in rows]},
                "rr": {"tMsDeltas": deltas([r["t_ms"] for r in beats]), "rr1024": [r["rr_1024"] for r in beats]},
            })
            if participants[-1]["strap"] is None:
                del participants[-1]["strap"]  # an absent optional, as Swift's encoder leaves it out
        session = {"uuid": str(ident("session", sid)).upper(), "teamUUID": str(ident("team", s["team_id"])).upper(),
                   "teamName": recorded_teams[sid], "startedMs": s["started_ms"], "endedMs": s["ended_ms"], "plannedMs": s["planned_ms"],
                   "effortEndMs": s["effort_end_ms"], "state": s["state"], "zoneModel": s["zone_model"],
                   "tags": [t for t in s["tags"].split(",") if t], "reviewed": bool(s["reviewed"])}
        out.append({
            "format": 1, "session": {k: v for k, v in session.items() if v is not None},
            "straps": [{"uuid": str(ident("strap", straps[i]["address"])).upper(), "address": straps[i]["address"], "name": straps[i]["name"]}
                       for i in used],
            "participants": participants,
            "laps": [{"tMs": r["t_ms"], **({"label": r["label"]} if r["label"] is not None else {})}
                     for r in db.execute("SELECT t_ms, label FROM lap WHERE session_id = ? ORDER BY t_ms, id", (sid,))],
            "strapEvents": [],
        })
    db.close()
    return out


def roster_edits(path: str, origin: str, wall: int) -> list:
    """The kiosk's teams, players and memberships as roster edits with the same UUIDs (what its sync pushes)."""
    db = sqlite3.connect(path)
    db.row_factory = sqlite3.Row
    edits = []

    def edit(entity, key, field, value):
        edits.append({"entity": entity, "key": key, "field": field, "value": value, "stamp": {"wallMs": wall, "counter": 0, "origin": origin}})
    for t in db.execute("SELECT id, name FROM team"):
        edit("team", str(ident("team", t["id"])), "name", t["name"])
    for p in db.execute("SELECT * FROM player"):
        key = str(ident("player", p["id"]))
        edit("player", key, "firstName", p["first_name"])
        edit("player", key, "lastName", p["last_name"])
        edit("player", key, "birthYear", p["birth_year"])
        edit("player", key, "sex", p["sex"])
        edit("player", key, "weightKg", number(p["weight_kg"]))
        edit("player", key, "restingHR", p["resting_hr"])
    for m in db.execute("SELECT team_id, player_id, shirt_number FROM membership"):
        edit("membership", f"{ident('team', m['team_id'])}/{ident('player', m['player_id'])}", "shirtNumber", m["shirt_number"])
    db.close()
    return edits

"""Rosters both ways through the change feed: per-field last-writer-wins with the loser logged, every side
converging on the same values, a bad request writing nothing, a clock ahead kept from winning the future."""
import time

PLAYER = "5b0e6f7a-1c2d-4e3f-8a9b-0c1d2e3f4a5b"
TEAM = "a8d0c7a4-5f0e-4d7e-9c7e-6a1f3f7e2b11"


def edit(kiosk, entity, key, field, value, wall, counter=0):
    return {"entity": entity, "key": key, "field": field, "value": value, "stamp": {"wallMs": wall, "counter": counter, "origin": kiosk.origin}}


def state(changes):
    return {(c["entity"], c["key"], c["field"]): c["value"] for c in changes}


def pull(kiosk):
    """Everything since 0, page by page, as a kiosk joining late would."""
    since, seen = 0, []
    while True:
        page = kiosk.request("GET", f"/api/v1/kiosk/roster/changes?since={since}&limit=2").json()
        seen += page["changes"]
        since = page["lastSeq"]
        if not page["more"]:
            return seen, since


def test_edits_from_two_kiosks_converge_field_by_field(club):
    club.add_club("Alpha")
    a, b = club.kiosk("Alpha", "pitch-1"), club.kiosk("Alpha", "pitch-2")
    t = 1_760_000_000_000
    r = a.edits(edit(a, "player", PLAYER, "firstName", "Mia", t), edit(a, "player", PLAYER, "lastName", "Berg", t + 10),
                edit(a, "player", PLAYER, "birthYear", 2009, t), edit(a, "team", TEAM, "name", "U17", t))
    assert r.status == 200 and [o["accepted"] for o in r.json()["outcomes"]] == [True] * 4
    # B edited the same player offline: a later first name, an earlier last name.
    r = b.edits(edit(b, "player", PLAYER, "firstName", "Mía", t + 5000), edit(b, "player", PLAYER, "lastName", "Bergh", t + 5),
                edit(b, "player", PLAYER, "weightKg", 61.5, t + 5))
    outcomes = r.json()["outcomes"]
    assert [o["accepted"] for o in outcomes] == [True, False, True]
    assert outcomes[1]["seq"] is None if "seq" in outcomes[1] else True
    # Both kiosks (and a third joining late, paging) see the same roster.
    seen_a, last_a = pull(a)
    seen_b, last_b = pull(b)
    assert state(seen_a) == state(seen_b) == {
        ("player", PLAYER, "firstName"): "Mía", ("player", PLAYER, "lastName"): "Berg", ("player", PLAYER, "birthYear"): 2009,
        ("team", TEAM, "name"): "U17", ("player", PLAYER, "weightKg"): 61.5}
    assert last_a == last_b == r.json()["lastSeq"] == 6
    assert len(seen_a) == 5, "a field's superseded value is not sent again"
    # Pulling from the last number returns nothing new.
    assert a.changes(last_a)["changes"] == []
    # The losing edit is logged and kept.
    assert club.owner_sql("SELECT field, losing_value FROM roster_conflict") == 'lastName|"Bergh"'
    assert "lost to the edit of" in club.log.read_text()
    # Ties at the same millisecond: the origin decides, the same way everywhere.
    a.edits(edit(a, "player", PLAYER, "sex", "F", t + 9000))
    b.edits(edit(b, "player", PLAYER, "sex", "M", t + 9000))
    winner = max([a.origin, b.origin])
    assert state(a.changes()["changes"])[("player", PLAYER, "sex")] == ("F" if winner == a.origin else "M")


def test_a_kiosk_clock_ahead_cannot_win_the_future(club):
    club.add_club("Alpha")
    fast, web_like = club.kiosk("Alpha", "fast"), club.kiosk("Alpha", "honest")
    now = int(time.time() * 1000)
    r = fast.edits(edit(fast, "team", TEAM, "name", "Ahead", now + 600_000))
    stored = r.json()["outcomes"][0]
    assert stored["accepted"] and stored["stamp"]["wallMs"] <= int(time.time() * 1000) + 1000
    assert abs(r.json()["serverTimeMs"] - now) < 60_000
    # An honest edit a second later wins, as it should.
    assert web_like.edits(edit(web_like, "team", TEAM, "name", "Later", int(time.time() * 1000) + 1000)).json()["outcomes"][0]["accepted"]
    assert state(fast.changes()["changes"])[("team", TEAM, "name")] == "Later"
    assert "ahead of the server" in club.log.read_text()


def test_a_counter_at_its_bound_is_brought_down_so_the_next_edit_can_follow(club):
    """Decision 094: an edit stamped with the counter at its bound (2^30 - 1) within the 5 s a stamp may run ahead
    left the next edit of that millisecond (the web's: the counter + 1) refused until the clock passed it."""
    club.add_club("Alpha")
    # The hostile kiosk is the one whose origin wins a tie, so an edit brought down to the same counter would lose.
    hostile, web_like = sorted([club.kiosk("Alpha", "one"), club.kiosk("Alpha", "two")], key=lambda k: k.origin, reverse=True)
    wall = int(time.time() * 1000) + 3000
    stored = hostile.edits(edit(hostile, "team", TEAM, "name", "Stuck", wall, counter=2**30 - 1)).json()["outcomes"][0]
    assert stored["accepted"] and stored["stamp"]["wallMs"] == wall and stored["stamp"]["counter"] == 2**16
    # The web's arithmetic: the latest stamp's millisecond, its counter + 1.
    after = web_like.edits(edit(web_like, "team", TEAM, "name", "Free", wall, counter=stored["stamp"]["counter"] + 1))
    assert after.status == 200 and after.json()["outcomes"][0]["accepted"], after
    assert after.json()["outcomes"][0]["stamp"]["counter"] == 2**16 + 1
    assert state(hostile.changes()["changes"])[("team", TEAM, "name")] == "Free"
    assert "stored with 65536" in club.log.read_text()
    # Again at its bound: one past the stored counter, never back to 2^30.
    again = hostile.edits(edit(hostile, "team", TEAM, "name", "Stuck", wall, counter=2**30 - 1)).json()["outcomes"][0]
    assert again["accepted"] and again["stamp"]["counter"] == 2**16 + 2


def test_a_request_with_one_bad_edit_writes_nothing(club):
    club.add_club("Alpha")
    a = club.kiosk("Alpha", "pitch-1")
    t = 1_760_000_000_000
    cases = [
        ([edit(a, "player", PLAYER, "firstName", "Mia", t), edit(a, "player", PLAYER, "birthYear", 1492, t)], "edit 1"),
        ([edit(a, "player", PLAYER, "shoeSize", 42, t)], "no field"),
        ([edit(a, "player", PLAYER.upper(), "firstName", "Mia", t)], "lower case"),
        ([{**edit(a, "player", PLAYER, "firstName", "Mia", t), "stamp": {"wallMs": t, "counter": 0, "origin": "kiosk:someone-else"}}], "origin"),
        ([edit(a, "session", PLAYER, "deleted", True, t)], "DELETE"),
    ]
    for edits, message in cases:
        r = a.edits(*edits)
        assert r.status == 400 and message in r.json()["error"], (message, r)
    assert a.changes()["changes"] == [] and a.changes()["lastSeq"] == 0
    # Photos travel as base64 JPEG; a different picture is refused.
    import base64
    jpeg = base64.b64encode(b"\xff\xd8\xff\xe0" + b"\0" * 100).decode()
    assert a.edits(edit(a, "player", PLAYER, "photo", jpeg, t)).status == 200
    assert a.edits(edit(a, "player", PLAYER, "photo", base64.b64encode(b"\x89PNG....").decode(), t + 1)).status == 400
    assert state(a.changes()["changes"])[("player", PLAYER, "photo")] == jpeg


def test_random_interleavings_converge_on_the_latest_edit_of_each_field(club):
    """Three kiosks edit, delete and pull in a random order with random stamps; afterwards every kiosk's
    view (built from its pulls alone) is the same, and each field holds its latest-stamped edit."""
    import random
    club.add_club("Alpha")
    kiosks = [club.kiosk("Alpha", f"pitch-{i}") for i in range(3)]
    views = [dict() for _ in kiosks]
    cursors = [0] * len(kiosks)
    players = ["5b0e6f7a-1c2d-4e3f-8a9b-0c1d2e3f4a5" + str(i) for i in range(3)]
    fields = [("firstName", lambda r: r.choice(["Mia", "Zoë", "Åsa", "Ola"])), ("weightKg", lambda r: r.choice([55.5, 61.5, 70.25])),
              ("deleted", lambda r: r.choice([True, False]))]
    rng = random.Random(2026)
    latest = {}
    for step in range(120):
        i = rng.randrange(len(kiosks))
        k = kiosks[i]
        if rng.random() < 0.7:
            batch = []
            for _ in range(rng.randint(1, 4)):
                player, (field, value) = rng.choice(players), rng.choice(fields)
                stamp = {"wallMs": 1_760_000_000_000 + rng.randint(0, 50), "counter": rng.randint(0, 2), "origin": k.origin}
                batch.append({"entity": "player", "key": player, "field": field, "value": value(rng), "stamp": stamp})
            assert k.edits(*batch).status == 200
            for e in batch:
                key = (e["key"], e["field"])
                s = e["stamp"]
                order = (s["wallMs"], s["counter"], s["origin"])
                if key not in latest or order > latest[key][0]:
                    latest[key] = (order, e["value"])
        else:
            page = k.changes(cursors[i])
            for c in page["changes"]:
                views[i][(c["key"], c["field"])] = c["value"]
            cursors[i] = page["lastSeq"]
    for i, k in enumerate(kiosks):
        page = k.changes(cursors[i])
        for c in page["changes"]:
            views[i][(c["key"], c["field"])] = c["value"]
    expected = {key: value for key, (_, value) in latest.items()}
    assert views[0] == views[1] == views[2] == expected
    assert int(club.owner_sql("SELECT count(DISTINCT key) FROM roster_field WHERE entity = 'player'")) == len({p for p, _ in expected})

"""Issue 36, item 1 at the club: the players' session RPE travels in the session bundle (format 2; a bundle without a
rating stays format 1, byte for byte as before, and a club takes both). A rating given or corrected after the session
went up sends the session again: the club replaces its ratings — and nothing else: other readings under the same UUID
are still refused. The real `sideline` and `sideline-club` on a throwaway PostgreSQL; the session's JSON document and
its web page show each player's RPE and sRPE load."""
import copy
import hashlib
import json

import bundles
from kiosk_cli import KioskCLI
from webclub import ADMIN, PASSWORD, http, login_http


def readings_sha(bundle: dict) -> str:
    plain = copy.deepcopy(bundle)
    plain["format"] = 1
    for p in plain["participants"]:
        p.pop("rating", None)
    return hashlib.sha256(bundles.canonical(plain)).hexdigest()


def test_ratings_given_after_the_upload_follow_the_session_to_the_club(club, sideline_bin, tmp_path):
    club.add_club("Alpha")
    a = KioskCLI(sideline_bin, tmp_path / "pitch-1.sqlite", "pitch-1")
    a.record(players=3, minutes=1)
    a.join(club, "Alpha")
    assert "1 session uploaded" in a.sync().stdout
    (uuid,), = a.sql("SELECT uuid FROM session")
    assert club.owner_sql(f"SELECT format FROM session WHERE uuid = '{uuid}'") == "1", "no rating yet: format 1, as before"
    before = club.owner_sql(f"SELECT sha256 FROM session WHERE uuid = '{uuid}'")
    numbers = [p["number"] for p in json.loads(a.run("rpe", "--session", "1", "--json").stdout)["players"]]
    a.run("rpe", "--session", "1", "--number", str(numbers[0]), "--value", "7")
    a.run("rpe", "--session", "1", "--number", str(numbers[1]), "--value", "4", "--coach")
    assert a.club("status").stdout.startswith("1 session"), "a rating sends the session again"
    assert "1 session uploaded" in a.sync().stdout
    assert club.owner_sql(f"SELECT format FROM session WHERE uuid = '{uuid}'") == "2"
    assert club.owner_sql(f"SELECT sha256 FROM session WHERE uuid = '{uuid}'") != before
    assert club.owner_sql("SELECT count(*) FROM session") == "1", "the same session, its ratings replaced"
    token = club.api_token("Alpha")
    doc = club.request("GET", f"/api/v1/sessions/{uuid}", token).json()
    minutes = doc["effortEndSeconds"] / 60
    by_number = {p["shirtNumber"]: p for p in doc["players"]}
    assert (by_number[numbers[0]]["rpe"]["value"], by_number[numbers[0]]["rpe"]["byCoach"]) == (7, False)
    assert (by_number[numbers[1]]["rpe"]["value"], by_number[numbers[1]]["rpe"]["byCoach"]) == (4, True)
    assert by_number[numbers[2]]["rpe"] is None and by_number[numbers[2]]["srpeLoad"] is None
    assert by_number[numbers[0]]["srpeLoad"] == 7 * minutes
    # The kiosk's own export says the same.
    local = {p["shirtNumber"]: p for p in a.export_json(1, tmp_path / "export")["players"]}
    assert {n: (p["rpe"] or {}).get("value") for n, p in local.items()} == {n: (p["rpe"] or {}).get("value") for n, p in by_number.items()}
    # The web's session page shows them.
    password = tmp_path / "password"
    password.write_text(PASSWORD + "\n")
    club.run("add-user", "--club", "Alpha", ADMIN, "--role", "admin", "--password-file", str(password))
    page = http(club, "GET", f"/sessions/{uuid}", cookie=login_http(club, ADMIN)).body.decode()
    assert '<th class="num">RPE</th>' in page and '<th class="num">sRPE</th>' in page
    assert page.count('data-field="rpe">7<') == 1 and page.count('data-field="rpe">4*<') == 1, "the coach's marked"
    # Nothing more to send.
    assert a.sync().stdout.startswith("up to date: 0 sessions uploaded")


def test_both_formats_are_taken_and_only_ratings_may_change(club):
    club.add_club("Alpha")
    kiosk = club.kiosk("Alpha", "pitch-1")
    old = bundles.make(seed=3, players=2, minutes=2)
    assert old["format"] == 1
    assert kiosk.upload(bundles.canonical(old)).status == 201, "a format 1 bundle, as kiosks before ratings send"
    rated = copy.deepcopy(old)
    rated["format"] = 2
    rated["participants"][0]["rating"] = {"rpe": 6, "ratedMs": old["session"]["endedMs"] + 60_000, "byCoach": False}
    r = kiosk.upload(bundles.canonical(rated), readings=readings_sha(rated))
    assert r.status in (200, 201) and r.json()["sha256"] == hashlib.sha256(bundles.canonical(rated)).hexdigest(), r
    uuid = old["session"]["uuid"].lower()
    assert club.owner_sql(f"SELECT rpe FROM session_participant WHERE session_uuid = '{uuid}' ORDER BY ordinal") == "6"
    # Other readings under the same UUID: refused, ratings or not.
    other = copy.deepcopy(rated)
    other["participants"][0]["samples"]["bpm"][0] += 1
    r = kiosk.upload(bundles.canonical(other), readings=readings_sha(other))
    assert r.status == 409, r
    # Off the scale, or a rating in a format 1 bundle: refused for good with the reason.
    for bad, why in ((lambda b: b["participants"][0]["rating"].update(rpe=11), "off the CR-10 scale"),
                     (lambda b: b.update(format=1), "format 1 bundle carries no ratings")):
        fresh = bundles.make(seed=4, players=2, minutes=2, session_uuid="6F1C2B3A-0000-4000-8000-0000000000F1")
        fresh["format"] = 2
        fresh["participants"][0]["rating"] = {"rpe": 5, "ratedMs": fresh["session"]["endedMs"], "byCoach": True}
        bad(fresh)
        r = kiosk.upload(bundles.canonical(fresh))
        assert r.status == 422 and why in r.body.decode(), (r.status, r.body[:300])

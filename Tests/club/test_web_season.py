"""Issue 24 on the web: the season page and its CSV give the numbers `sideline season --json` gives on the
kiosk for the same sessions. Five weeks of a small team recorded with the real `sideline record` (simulated
straps, fast) into a kiosk's SQLite — training with a recovery minute, a second session on some days, sitting
readiness checks on most mornings of the last three weeks — each session made into a bundle from the kiosk's
rows (kiosk_bundles.py, as the kiosk's sync will) and uploaded, the roster pushed with the same UUIDs; then on
several days, before and after 28 days of history, every player's load today, Strain, Tolerance, status, ACWR,
readiness and last session agree. Kiosk and server run in a time zone whose evening is the next day in UTC."""
import csv
import datetime as dt
import io
import json
import os

import pytest

import bundles
import kiosk_bundles
import webclub
from sideline_testkit.paths import ROOT
from sideline_testkit.processes import run
from webclub import ADMIN, PASSWORD, http

TZ = "America/Los_Angeles"
TEAM = "Season"
DAYS = ["2026-02-10", "2026-02-20", "2026-02-28", "2026-03-04", "2026-03-08", "2026-03-09"]


@pytest.fixture(scope="module")
def kiosk(tmp_path_factory):
    """A kiosk's database with the season recorded, and a function running `sideline` on it."""
    binary = os.environ.get("SIDELINE_BIN") or str(ROOT / ".build/debug/sideline")
    if not os.access(binary, os.X_OK):
        pytest.fail(f"sideline not found at {binary}; build it with `swift build --product sideline` or set SIDELINE_BIN")
    db = str(tmp_path_factory.mktemp("kiosk") / "kiosk.sqlite")

    def sideline(*args):
        return run(binary, *args, "--db", db, timeout=300, env={**os.environ, "TZ": TZ})

    start = dt.date(2026, 2, 2)
    plan = []
    for k, offset in enumerate([0, 2, 3, 5, 8, 9, 12, 15, 16, 19, 22, 26, 29, 30, 31, 33, 34]):
        plan.append((dt.datetime.combine(start + dt.timedelta(days=offset), dt.time(18, 30)),
                     ["--minutes", str(6 + (k * 7) % 9), "--recovery", "60", "--tag", "training"]))
    plan.append((dt.datetime.combine(start + dt.timedelta(days=9), dt.time(7, 15)), ["--minutes", "5", "--tag", "test"]))
    for offset in [20, 22, 24, 25, 27, 29, 31, 33, 34]:
        plan.append((dt.datetime.combine(start + dt.timedelta(days=offset), dt.time(8, 0)), ["--readiness", "120", "--tag", "sitting"]))
    plan.sort()
    for seed, (when, args) in enumerate(plan, start=11):
        sideline("record", "--source", "sim:4", "--seed", str(seed), "--speed", "600", "--team", TEAM,
                 "--started-at", when.strftime("%Y-%m-%dT%H:%M"), "--quiet", *args)
    return db, sideline


def test_the_season_page_and_csv_equal_sideline_season_json(club, kiosk, tmp_path):
    db, sideline = kiosk
    club.stop()
    club.start(env={"TZ": TZ})
    club.add_club("Alpha")
    k = club.kiosk("Alpha", "pitch-1")
    r = k.edits(*kiosk_bundles.roster_edits(db, k.origin, 1_760_000_000_000))
    assert r.status == 200 and all(o["accepted"] for o in r.json()["outcomes"]), r
    made = kiosk_bundles.from_kiosk(db)
    assert len(made) == 27
    for b in made:
        r = k.upload(bundles.canonical(b))
        assert r.status == 201, (b["session"]["tags"], r)
    (tmp_path / "password").write_text(PASSWORD)
    club.run("add-user", "--club", "Alpha", ADMIN, "--role", "admin", "--password-file", str(tmp_path / "password"))
    cookie = webclub.login_http(club, ADMIN)
    team = str(kiosk_bundles.ident("team", 1))
    compared = 0
    for day in DAYS:
        expected = {p["number"]: p for p in json.loads(sideline("season", "--team", TEAM, "--on", day, "--json").stdout)["players"]}
        r = http(club, "GET", f"/teams/{team}/season.csv?on={day}", cookie=cookie)
        assert r.status == 200 and r.headers["content-type"].startswith("text/csv"), r
        rows = list(csv.DictReader(io.StringIO(r.body.decode("utf-8-sig"))))
        assert {int(row["number"]) for row in rows} == set(expected), day
        for row in rows:
            want = expected[int(row["number"])]
            assert row["name"] == want["name"] and row["date"] == day
            for field in ("loadToday", "strain", "tolerance", "acwrEwma"):
                got = float(row[field]) if row[field] else None
                if want[field] is None:
                    assert got is None, (day, row["name"], field)
                else:
                    assert got == pytest.approx(want[field], rel=1e-9, abs=1e-9), (day, row["name"], field, got, want[field])
            assert row["loadStatus"] == want["loadStatus"], (day, row["name"])
            assert (row["readiness"] or None) == want["readiness"], (day, row["name"])
            assert (row["lastSession"] or None) == want["lastSession"], (day, row["name"])
            compared += 1
    assert compared == 4 * len(DAYS)
    statuses = {json.loads(sideline("season", "--team", TEAM, "--on", DAYS[-1], "--json").stdout)["players"][0]["loadStatus"]}
    assert statuses != {"building baseline"}, "the last day is past the 28 days of history"

    # The page in the browser shows the same, rounded as it prints them.
    driver = webclub.browser()
    try:
        webclub.sign_in(driver, f"http://127.0.0.1:{club.port}", ADMIN)
        driver.get(f"http://127.0.0.1:{club.port}/teams/{team}/season?on={DAYS[-1]}")
        expected = {p["name"]: p for p in json.loads(sideline("season", "--team", TEAM, "--on", DAYS[-1], "--json").stdout)["players"]}
        rows = driver.find_elements("css selector", "#season tbody tr")
        assert len(rows) == 4
        for row in rows:
            cells = {c.get_attribute("data-field"): c.get_attribute("textContent").strip() for c in row.find_elements("css selector", "[data-field]")}
            name = row.find_element("css selector", "td:nth-child(2)").text
            want = expected[name]
            assert cells["strain"] == str(int(round(want["strain"]))) and cells["tolerance"] == str(int(round(want["tolerance"])))
            assert cells["loadStatus"] == want["loadStatus"] and cells["acwrEwma"] == f"{want['acwrEwma']:.2f}"
            assert cells["readiness"] == (want["readiness"] or "–")
    finally:
        driver.quit()
    assert club.owner_sql("SELECT count(DISTINCT session_uuid) FROM session_load") == "27"

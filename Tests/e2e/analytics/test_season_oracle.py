"""Issue 24: the season table against an independent Python implementation written from the papers
(season_oracle.py). Six weeks of a small team recorded with `record --started-at` (simulated straps, fast):
training on some days, two sessions on others, none on many, readiness checks sitting on most mornings and a
few lying. Each session is exported (JSON and CSV); the oracle computes every player's TRIMP from the samples
CSV and the table from them, and `sideline season --team T --on DAY --json` must agree to rounding on
several days — before the baseline is built and after. Issue 36: most players rate most training sessions (`sideline
rpe`, the coach's correction, as the sessions are long past their 2-hour window), some never; the oracle's sRPE loads,
week, monotony and TRIMP:sRPE ratio, from the exported ratings and effort ends, agree too; so do the wellness totals
and z-scores (item 2) from the answers two players gave with `sideline wellness` on most mornings of the last four weeks;
and (item 3) the drills most training sessions ran (`record --drill`): each drill's figures per player in `sideline
drills --session` and "SSG 4v4" week by week in `sideline drills --team --drill`, from the exported phases and samples; and (item 4) two fitness tests (`record --fitness-test`), one
player's resting HR raised and another's lowered in between so that their runs cost more and less: HRex, HRR60 and the
change in `sideline fitness --json`, the season's `hrex` and the HRex flag. In a time zone whose evening is the next day in UTC,
so days are local days."""
import datetime as dt
import json
import math
import os
import sqlite3
from zoneinfo import ZoneInfo

import pytest

from sideline_testkit.processes import one_line_error, run

from sideline_testkit import season_oracle as oracle

TZ = "America/Los_Angeles"  # evening sessions fall on the next day in UTC
TEAM = "Oracle"
# Before any check, with 3 checks, the day after a lying one, and later: before the 28 days and after.
# The drills of the training sessions, by k % 3: a closed warm-up then an SSG open to the effort's end (not the
# recovery minute); an SSG closed by a rondo open to the end; none.
DRILLS = [["Warm-up@0-120", "SSG 4v4@150"], ["SSG 4v4@60-200", "Rondo 5v2@200"], []]
DAYS = ["2026-02-20", "2026-02-26", "2026-02-28", "2026-03-02", "2026-03-08", "2026-03-12", "2026-03-14"]


def rating(session_id, number):
    """A CR-10 rating that differs from session to session and player to player (0 and 10 among them)."""
    return (session_id * 3 + number) % 11


def wellness_items(offset, number):
    """Five answers 1–5 that differ from morning to morning and player to player (a bad morning now and then)."""
    return [1 + (offset * (3 + i) + number * (i + 1) + i) % 5 for i in range(5)]


def days_from(start, offsets):
    return [start + dt.timedelta(days=k) for k in offsets]


@pytest.fixture(scope="module")
def season(sideline_bin, tmp_path_factory):
    """The recorded season: (database, exported sessions)."""
    root = tmp_path_factory.mktemp("season")
    db = str(root / "season.sqlite")
    env = {**os.environ, "TZ": TZ}

    def sideline(*args):
        return run(sideline_bin, *args, "--db", db, timeout=300, env=env)

    start = dt.date(2026, 2, 2)
    plan = []  # (local start, args)
    for k, day in enumerate(days_from(start, [0, 2, 3, 5, 8, 9, 12, 15, 16, 19, 22, 26, 29, 30, 31, 33, 36, 37, 38])):
        minutes = 6 + (k * 7) % 9  # 6 … 14 minutes: loads that differ day to day
        drills = [a for d in DRILLS[k % 3] for a in ("--drill", d)]
        plan.append((dt.datetime.combine(day, dt.time(18, 30)), ["--minutes", str(minutes), "--recovery", "60", "--tag", "training", *drills]))
    for day in days_from(start, [9, 30]):  # a second session on those days: the day's load is their sum
        plan.append((dt.datetime.combine(day, dt.time(7, 15)), ["--minutes", "5", "--tag", "test"]))
    for day in days_from(start, [20, 22, 24, 25, 27, 29, 31, 32, 34, 36, 37, 38]):
        plan.append((dt.datetime.combine(day, dt.time(8, 0)), ["--readiness", "120", "--tag", "sitting"]))
    for day in days_from(start, [26, 33]):  # another posture: never compared with sitting
        plan.append((dt.datetime.combine(day, dt.time(8, 30)), ["--readiness", "150", "--tag", "lying"]))
    for day in days_from(start, [23, 35]):  # two fitness tests at the same run and pace
        plan.append((dt.datetime.combine(day, dt.time(10, 0)), ["--fitness-test", "240", "--pace", "11kmh-20m"]))
    plan.sort()
    tests_done = 0
    for seed, (when, args) in enumerate(plan, start=11):
        if "--fitness-test" in args and tests_done == 1:
            # Between the tests one player's heart works harder at the pace (the simulation follows the resting HR on
            # file), another's less: HRex worse and better beyond the typical error.
            with sqlite3.connect(db) as c:
                ids = [i for (i,) in c.execute("SELECT player_id FROM membership ORDER BY shirt_number")]
                c.execute("UPDATE player SET resting_hr = resting_hr + 16 WHERE id = ?", (ids[0],))
                c.execute("UPDATE player SET resting_hr = resting_hr - 12 WHERE id = ?", (ids[1],))
        tests_done += "--fitness-test" in args
        sideline("record", "--source", "sim:4", "--seed", str(seed), "--speed", "6000", "--team", TEAM,
                 "--started-at", when.strftime("%Y-%m-%dT%H:%M"), "--quiet", *args)
    for sid, (_, args) in enumerate(plan, start=1):
        if "--readiness" in args or "--fitness-test" in args:
            continue  # a measurement, not training: it takes no RPE
        for p in json.loads(sideline("rpe", "--session", str(sid), "--json").stdout)["players"]:
            if (sid + p["number"]) % 5 == 0:
                continue  # never rated: adds no sRPE load
            sideline("rpe", "--session", str(sid), "--number", str(p["number"]), "--value", str(rating(sid, p["number"])), "--coach")
    answers = {}  # {name: {date: [five items]}}: what the players answered, the oracle's input
    for p in json.loads(sideline("rpe", "--session", "1", "--json").stdout)["players"][:2]:  # two answer, two never do
        for offset in range(12, 41):
            if offset % 4 == 3 or (offset + p["number"]) % 9 == 0:
                continue  # mornings without an answer
            day, items = start + dt.timedelta(days=offset), wellness_items(offset, p["number"])
            sideline("wellness", "--team", TEAM, "--number", str(p["number"]), "--on", day.isoformat(),
                     *[a for pair in zip(("--fatigue", "--sleep", "--soreness", "--stress", "--mood"), map(str, items)) for a in pair])
            answers.setdefault(p["name"], {})[day] = items
    sessions = []
    for sid in range(1, len(plan) + 1):
        out = root / f"export-{sid}"
        sideline("export", "--session", str(sid), "--format", "json", "--out", str(out))
        sideline("export", "--session", str(sid), "--format", "csv", "--out", str(out))
        summary = json.loads(next(out.glob("*_summary.json")).read_text())
        sessions.append(oracle.Session(summary, next(out.glob("*_samples.csv")), next(out.glob("*_rr.csv")), TZ))
    sideline.db, sideline.bin = db, sideline_bin
    return sideline, sessions, answers


def test_the_oracles_trimp_is_the_exported_cardio_load(season):
    _, sessions, _ = season
    for s in sessions:
        for name, f in s.players.items():
            assert f["load"] == pytest.approx(f["exportedTRIMP"], rel=1e-9, abs=1e-9), (s.id, name)


def test_the_exported_ratings_are_the_ones_given_and_their_load_rpe_times_effort_minutes(season):
    _, sessions, _ = season
    rated = unrated = 0
    for s in sessions:
        for name, f in s.players.items():
            if s.readiness or f["rpe"] is None:
                assert f["exportedSRPE"] is None, (s.id, name)
                unrated += not s.readiness
                continue
            assert f["exportedSRPE"] == pytest.approx(f["srpe"], rel=1e-12), (s.id, name)
            rated += 1
    assert rated >= 50 and unrated >= 5, (rated, unrated)


def test_a_checks_lnrmssd_is_the_rmssd_of_its_last_two_minutes(season):
    _, sessions, _ = season
    compared = 0
    for s in sessions:
        for name, f in s.players.items():
            if s.readiness and f["ownRMSSD"] is not None and f["exportedRMSSD"] is not None:
                assert f["exportedRMSSD"] == pytest.approx(f["ownRMSSD"], rel=1e-9), (s.id, name)
                compared += 1
    assert compared >= 10, "enough checks without a corrected beat to compare"


@pytest.mark.parametrize("on", DAYS)
def test_the_season_table_agrees_with_the_oracle(season, on):
    sideline, sessions, answers = season
    table = json.loads(sideline("season", "--team", TEAM, "--on", on, "--json").stdout)
    assert table["team"] == TEAM and table["date"] == on
    want = oracle.season_table(sessions, dt.date.fromisoformat(on), answers=answers)
    assert sorted(p["name"] for p in table["players"]) == sorted(want)
    for p in table["players"]:
        w = want[p["name"]]
        for key in ("loadToday", "strain", "tolerance"):
            assert p[key] == pytest.approx(w[key], rel=1e-9, abs=1e-9), (on, p["name"], key)
        assert p["loadStatus"] == w["loadStatus"], (on, p["name"])
        if w["acwrEwma"] is None:
            assert p["acwrEwma"] is None, (on, p["name"])
        else:
            assert p["acwrEwma"] == pytest.approx(w["acwrEwma"], rel=1e-9), (on, p["name"])
        assert p["readiness"] == w["readiness"], (on, p["name"])
        for key in ("srpeLoadToday", "srpeWeek", "srpeMonotony", "srpeStrain", "trimpToSrpeWeek"):
            if w[key] is None:
                assert p[key] is None, (on, p["name"], key)
            else:
                assert p[key] == pytest.approx(w[key], rel=1e-9, abs=1e-9), (on, p["name"], key)
        assert p["lastSession"] == w["lastSession"], (on, p["name"])
        if w["hrex"] is None:
            assert p["hrex"] is None, (on, p["name"])
        else:
            assert p["hrex"] == pytest.approx(w["hrex"], rel=1e-9), (on, p["name"])
        assert (p["wellnessTotal"], p["wellnessFlagged"]) == (w["wellnessTotal"], w["wellnessFlagged"]), (on, p["name"])
        if w["wellnessZ"] is None:
            assert p["wellnessZ"] is None, (on, p["name"])
        else:
            assert p["wellnessZ"] == pytest.approx(w["wellnessZ"], rel=1e-9, abs=1e-12), (on, p["name"])


def test_the_days_cover_every_status_the_season_can_say(season):
    """The recorded season is not trivial: it builds a baseline, then says something, and readiness too."""
    sideline, sessions, answers = season
    statuses, readiness = set(), set()
    for on in DAYS:
        for p in oracle.season_table(sessions, dt.date.fromisoformat(on)).values():
            statuses.add(p["loadStatus"])
            readiness.add(p["readiness"])
    assert "building baseline" in statuses and len(statuses) >= 3, statuses
    assert {"building baseline", None} <= readiness and len(readiness) >= 3, readiness


def test_the_srpe_figures_are_not_trivial(season):
    """Some days have sRPE load and a monotony, a week with none has neither."""
    _, sessions, _ = season
    rows = [p for on in DAYS for p in oracle.season_table(sessions, dt.date.fromisoformat(on)).values()]
    assert any(p["srpeLoadToday"] > 0 for p in rows) and any(p["srpeLoadToday"] == 0 for p in rows)
    assert any(p["srpeMonotony"] is not None for p in rows)


def test_the_wellness_listing_is_what_was_answered_and_the_days_say_something(season):
    """`sideline wellness --json` gives back the answers the oracle was fed; the days include a z, none (too few
    earlier answers or no answer) and a flagged drop."""
    sideline, sessions, answers = season
    on = dt.date.fromisoformat(DAYS[-1])
    listed = json.loads(sideline("wellness", "--team", TEAM, "--on", on.isoformat(), "--json").stdout)["players"]
    keys = ("fatigue", "sleep", "soreness", "stress", "mood")
    for p in listed:
        given = answers.get(p["name"], {}).get(on)
        assert ([p["items"][k]["value"] for k in keys] if p["answered"] else None) == given, p["name"]
    rows = [r for d in DAYS for r in oracle.season_table(sessions, dt.date.fromisoformat(d), answers=answers).values()]
    assert any(r["wellnessZ"] is not None for r in rows) and any(r["wellnessTotal"] is None for r in rows)
    assert any(r["wellnessTotal"] is not None and r["wellnessZ"] is None for r in rows)
    assert any(r["wellnessFlagged"] for r in rows) and any(r["wellnessFlagged"] is False for r in rows)


def drill_spans(args, effort_end_s):
    """The phases `record --drill` should give: [(name, from s, to s)], an open drill to the next or the effort's end."""
    specs = [args[i + 1] for i, a in enumerate(args) if a == "--drill"]
    starts = []
    for spec in specs:
        name, times = spec.rsplit("@", 1)
        a, _, b = times.partition("-")
        starts.append((name, float(a), float(b) if b else None))
    starts.sort(key=lambda d: d[1])
    return [(name, a, min(b if b is not None else math.inf, starts[i + 1][1] if i + 1 < len(starts) else math.inf, effort_end_s))
            for i, (name, a, b) in enumerate(starts)]


def assert_figures(got, want, where):
    if want is None:
        assert got["meanBPM"] is None and got["minutes"] == 0, where
        return
    for key in ("minutes", "meanBPM", "highIntensityPercent", "trimp"):
        assert got[key] == pytest.approx(want[key], rel=1e-9, abs=1e-9), (where, key)
    assert got["peakBPM"] == want["peakBPM"], where
    assert sum(got["zoneMinutes"].values()) == pytest.approx(got["minutes"], rel=1e-9, abs=1e-9), where


def test_each_sessions_drills_are_the_recorded_phases_with_the_oracles_figures(season):
    sideline, sessions, _ = season
    checked = 0
    for s in sessions:
        listed = json.loads(sideline("drills", "--session", str(s.id), "--json").stdout)["drills"]
        assert [(d["name"], d["fromSeconds"], d["toSeconds"]) for d in listed] == \
            [(p["name"], p["fromSeconds"], p["toSeconds"]) for p in s.phases if p["kind"] == "drill"], s.id
        for d in listed:
            span = (d["fromSeconds"], d["toSeconds"])
            wants = {name: oracle.pooled([per[span]]) for name, per in s.drills.items()}
            for p in d["players"]:
                assert_figures(p, wants[p["name"]], (s.id, d["name"], p["name"]))
            team = oracle.team_mean(list(wants.values()))
            for key in ("minutes", "meanBPM", "peakBPM", "highIntensityPercent", "trimp"):
                assert d["team"][key] == pytest.approx(team[key], rel=1e-9), (s.id, d["name"], key)
            checked += 1
    assert checked >= 20, checked


def test_the_exported_phases_are_the_drills_given_to_record(season):
    _, sessions, _ = season
    with_drills = [s for s in sessions if any(p["kind"] == "drill" for p in s.phases)]
    assert len(with_drills) >= 10
    for s in with_drills:
        # In order, none overlapping, each as `drill_spans` reads the arguments: an open drill to the next or the
        # effort's end.
        phases = [p for p in s.phases if p["kind"] == "drill"]
        assert all(a["toSeconds"] <= b["fromSeconds"] for a, b in zip(phases, phases[1:])), s.id
        names = [p["name"] for p in phases]
        assert names in (["Warm-up", "SSG 4v4"], ["SSG 4v4", "Rondo 5v2"]), names
        assert phases[-1]["toSeconds"] == s.effort_end_s, "an open drill ends with the effort, not the recovery minute"
        want = drill_spans([a for d in DRILLS[0 if names[0] == "Warm-up" else 1] for a in ("--drill", d)], s.effort_end_s)
        assert [(p["name"], p["fromSeconds"], p["toSeconds"]) for p in phases] == want, s.id


def test_one_drill_across_the_season_week_by_week_agrees_with_the_oracle(season):
    sideline, sessions, _ = season
    got = json.loads(sideline("drills", "--team", TEAM, "--drill", "ssg 4V4", "--json").stdout)
    assert got["drill"] == "SSG 4v4"
    want = oracle.drill_weeks(sessions, "SSG 4v4")
    assert [w["week"] for w in got["weeks"]] == [m.isoformat() for m in sorted(want)]
    assert len(want) >= 4 and any(len(w["sessions"]) > 1 for w in want.values())
    for w in got["weeks"]:
        o = want[dt.date.fromisoformat(w["week"])]
        assert w["sessions"] == o["sessions"], w["week"]
        for p in w["players"]:
            assert_figures(p, o["players"][p["name"]], (w["week"], p["name"]))
        for key in ("minutes", "meanBPM", "peakBPM", "highIntensityPercent", "trimp"):
            assert w["team"][key] == pytest.approx(o["team"][key], rel=1e-9), (w["week"], key)


def team_straps(db, tz):
    """The straps the team wears as its SQLite file holds them (a plain SQLite reader, not Sideline)."""
    with sqlite3.connect(db) as c:
        rows = c.execute("""SELECT s.address, s.last_battery, s.last_seen_ms FROM strap s JOIN membership m ON m.strap_id = s.id
                            JOIN team t ON t.id = m.team_id WHERE t.name = ?""", (TEAM,)).fetchall()
    return [{'address': a, 'battery': b, 'last_seen': dt.datetime.fromtimestamp(ms / 1000, ZoneInfo(tz)).date() if ms else None}
            for a, b, ms in rows]


def test_the_flags_agree_with_the_oracle_and_a_dismissal_lasts_the_day(season):
    """Issue 36 item 6: `sideline flags --json` on each day against the oracle's rules over its own season table, the
    HRmax sources of the exports and the straps' rows; one strap's battery set low and another last heard on
    2026-03-01 (what a strap would have reported), so both strap rules fire on the last days. A dismissal hides one
    flag on its day only; an unknown key changes nothing."""
    sideline, sessions, answers = season
    db = sideline.db
    addresses = [s['address'] for s in team_straps(db, TZ)]
    with sqlite3.connect(db) as c:
        c.execute("UPDATE strap SET last_battery = 15 WHERE address = ?", (addresses[0],))
        c.execute("UPDATE strap SET last_battery = 20, last_seen_ms = ? WHERE address = ?",
                  (int(dt.datetime(2026, 3, 1, 20, tzinfo=dt.timezone.utc).timestamp() * 1000), addresses[1]))
    straps = team_straps(db, TZ)
    measured = {}
    for s in sorted(sessions, key=lambda s: s.id):
        for name, f in s.players.items():
            measured[name] = f['measuredMax']
    kinds = set()
    first = dt.date.fromisoformat(DAYS[0])
    for day in (first + dt.timedelta(days=k) for k in range((dt.date.fromisoformat(DAYS[-1]) - first).days + 1)):
        on = day.isoformat()
        listed = json.loads(sideline("flags", "--team", TEAM, "--on", on, "--json").stdout)
        assert listed["team"] == TEAM and listed["date"] == on
        got = {(f["rule"], f["subject"]["name"] if f["subject"]["kind"] == "player" else f["subject"]["address"]): f
               for f in listed["flags"]}
        want = oracle.flags(oracle.season_table(sessions, day, answers=answers), day, measured, straps)
        assert sorted(got) == sorted(want), on
        for key, numbers in want.items():
            for name, value in numbers.items():
                assert got[key]["figures"][name] == pytest.approx(value, rel=1e-9), (on, key, name)
            assert got[key]["reason"] and not got[key]["dismissed"]
        kinds |= {rule for rule, _ in want}
    assert {"acwr", "wellness", "hrex", "max-hr", "strap-battery", "strap-unseen"} <= kinds, kinds

    last, before = DAYS[-1], DAYS[-2]
    key = json.loads(sideline("flags", "--team", TEAM, "--on", last, "--json").stdout)["flags"][0]["key"]
    assert "dismissed for the day" in sideline("flags", "--team", TEAM, "--on", last, "--dismiss", key).stdout
    flags = {f["key"]: f["dismissed"] for f in json.loads(sideline("flags", "--team", TEAM, "--on", last, "--json").stdout)["flags"]}
    assert flags[key] is True and list(flags.values()).count(True) == 1
    assert key not in sideline("flags", "--team", TEAM, "--on", last).stdout
    if key in {f["key"] for f in json.loads(sideline("flags", "--team", TEAM, "--on", before, "--json").stdout)["flags"]}:
        assert not any(f["dismissed"] for f in json.loads(sideline("flags", "--team", TEAM, "--on", before, "--json").stdout)["flags"])
    one_line_error(run(sideline.bin, "flags", "--db", db, "--team", TEAM, "--on", last, "--dismiss", "acwr/player-999",
                       check=False, env={**os.environ, "TZ": TZ}), "acwr/player-999", "nothing was changed")
    line = one_line_error(run(sideline.bin, "flags", "--db", db, "--team", TEAM, "--dismiss", "x" * 10_000, check=False,
                              env={**os.environ, "TZ": TZ}), "nothing was changed")
    assert len(line) < 300, "a 10 kB key is not echoed whole"
    assert [r for (r,) in sqlite3.connect(db).execute("SELECT flag_key FROM flag_dismissal")] == [key], "only the one dismissed"


def test_the_fitness_tests_agree_with_the_oracle_and_take_no_rpe(season):
    """Item 4: each test's exported HRex is the oracle's from the samples; `sideline fitness --json` lists each player's
    tests with the oracle's HRex, HRR60 and change against the previous one, one worse and one better beyond the typical
    error. A test takes no RPE and bad input records nothing."""
    sideline, sessions, _ = season
    tests = [s for s in sessions if s.fitness is not None]
    assert len(tests) == 2 and all(s.fitness["protocol"] == "240 s 11kmh-20m" and s.fitness["beepSeconds"] == 6.545 for s in tests)
    for s in tests:
        for name, f in s.players.items():
            assert f["hrex"] is not None and f["exportedHRex"] == pytest.approx(f["hrex"], rel=1e-9), (s.id, name)
    listed = json.loads(sideline("fitness", "--team", TEAM, "--json").stdout)
    assert listed["typicalError"] == 1.0
    readings = []
    for p in listed["players"]:
        want = oracle.fitness_tests(sessions, p["name"])
        assert [t["sessionID"] for t in p["tests"]] == [t["id"] for t in want], p["name"]
        for got, w in zip(p["tests"], want):
            assert got["hrex"] == pytest.approx(w["hrex"], rel=1e-9), p["name"]
            assert got["hrr60"] == pytest.approx(w["hrr60"], rel=1e-9), p["name"]
            assert got["previousSessionID"] == w["previous"] and got["change"] == w["reading"], p["name"]
            if w["change"] is not None:
                assert got["hrexChange"] == pytest.approx(w["change"], rel=1e-9, abs=1e-12), p["name"]
            readings.append(w["reading"])
    assert {"worse", "better", None} <= set(readings), readings
    one_line_error(run(sideline.bin, "rpe", "--db", sideline.db, "--session", str(tests[0].id), "--number", "1", "--value", "5", "--coach",
                       check=False, env={**os.environ, "TZ": TZ}), "fitness test", "nothing was changed")
    count = sqlite3.connect(sideline.db).execute("SELECT count(*) FROM session").fetchone()
    for bad, words in ((["--fitness-test", "30"], "120 to 600"), (["--fitness-test", "180", "--pace", "x" * 10_000], "not a pace"),
                       (["--fitness-test", "180", "--pace", "30kmh-20m"], "6 to 20 km/h"), (["--minutes", "3", "--tag", "fitness-test"], "--fitness-test")):
        line = one_line_error(run(sideline.bin, "record", "--db", sideline.db, "--source", "sim:4", "--team", TEAM, *bad, check=False,
                                  env={**os.environ, "TZ": TZ}), words)
        assert len(line) < 300
    assert sqlite3.connect(sideline.db).execute("SELECT count(*) FROM session").fetchone() == count, "nothing recorded"

"""Issue 14, items 4 and 5: a player's review with the full HRV panel and the previous comparable
session (same team, same tags), and the team graph as a mean inside a min–max band. The review's
numbers are checked against the JSON export (one analysis for every number) and the band against
the samples CSV, computed here independently."""
import csv
import json
import subprocess

import pytest

from kiosk_png import read_png
from test_kiosk import Kiosk


def record(kiosk, seed, *tags, minutes=4):
    args = [kiosk.binary, "record", "--db", str(kiosk.db), "--source", "sim:6", "--seed", str(seed), "--speed", "600",
            "--team", "Demo", "--minutes", str(minutes), "--recovery", "60", "--quiet"]
    for tag in tags:
        args += ["--tag", tag]
    subprocess.run(args, check=True, capture_output=True, timeout=120)


def export(kiosk, session, fmt, tmp_path):
    out = tmp_path / f"export-{session}-{fmt}"
    subprocess.run([kiosk.binary, "export", "--db", str(kiosk.db), "--session", str(session), "--format", fmt, "--out", str(out)],
                   check=True, capture_output=True, timeout=120)
    return out


@pytest.fixture
def sessions(sideline_bin, tmp_path):
    """Four sessions of one team: 1 and 2 tests sitting, 3 a match, 4 (the newest) a test sitting again."""
    kiosk = Kiosk(sideline_bin, tmp_path)
    record(kiosk, 5, "test", "sitting")
    record(kiosk, 6, "sitting", "test")
    record(kiosk, 8, "match")
    record(kiosk, 9, "sitting", "test", minutes=5)
    return kiosk


def test_the_player_review_shows_hrv_and_the_previous_comparable_session(sessions, tmp_path):
    sessions.play("""
        tap "Demo"
        tap "Review"
        tap "Session 1"
        dump team.json
        screenshot review-team-band
    """)
    team = sessions.dump("team.json")["review"]
    first = team["players"][0]["name"]
    sessions.play(f"""
        tap "Demo"
        tap "Review"
        tap "Session 1"
        tap "{first}"
        dump spotlight.json
        screenshot review-spotlight
        tap "{first}"
        tap "HRV"
        screenshot review-player-hrv
        dump review.json
    """)
    assert sessions.dump("spotlight.json")["review"]["spotlight"] == team["players"][0]["playerID"]
    review = sessions.dump("review.json")["review"]
    assert review["open"] == 4 and sorted(review["tags"]) == ["sitting", "test"] and review["panel"] == "hrv"
    assert review["selectedPlayer"] == team["players"][0]["playerID"]

    now = json.loads(next(export(sessions, 4, "json", tmp_path).glob("*.json")).read_text())
    before = json.loads(next(export(sessions, 2, "json", tmp_path).glob("*.json")).read_text())
    exported_now = {p["playerID"]: p for p in now["players"]}
    exported_before = {p["playerID"]: p for p in before["players"]}
    for shown in review["players"]:
        want = exported_now[shown["playerID"]]
        time, frequency = want["hrv"][0]["time"], want["hrv"][0]["frequency"]
        d = shown["digest"]
        assert d["rmssdMs"] == pytest.approx(time["rmssdMs"], abs=1e-9)
        assert d["sdnnMs"] == pytest.approx(time["sdnnMs"], abs=1e-9)
        assert d["pnn50"] == pytest.approx(time["pnn50"], abs=1e-9)
        if frequency is None:
            assert d["lfHfRatio"] is None
        else:
            assert d["lfHfRatio"] == pytest.approx(frequency["lfHf"], abs=1e-9)
        assert d["correctedBeatsPercent"] == pytest.approx(100 * want["rr"]["corrected"] / want["rr"]["recorded"], abs=1e-9)
        # The previous comparable session is session 2 (same tags, in another order), not the match in between.
        previous = shown["previous"]
        assert previous is not None and previous["sessionID"] == 2, shown["name"]
        old = exported_before[shown["playerID"]]
        assert previous["digest"]["averageBPM"] == pytest.approx(old["session"]["avgBPM"], abs=1e-9)
        assert previous["digest"]["rmssdMs"] == pytest.approx(old["hrv"][0]["time"]["rmssdMs"], abs=1e-9)
        assert previous["samples"] > 200, "its line is drawn faintly behind"
    assert any(p["digest"]["lfHfRatio"] is not None for p in review["players"]), "5 minutes of clean RR give LF/HF"


def test_the_team_graph_is_a_mean_inside_the_lowest_and_highest_player(sessions, tmp_path):
    sessions.play("""
        tap "Demo"
        tap "Review"
        tap "Session 1"
        dump team.json
        screenshot band
    """)
    band = sessions.dump("team.json")["review"]["teamBand"]
    stretch = band[1]["tMs"] - band[0]["tMs"]
    assert stretch >= 1000 and stretch % 1000 == 0
    # Independently: each player's mean heart rate in each stretch (samples with skin contact, 25–250 bpm),
    # then the team's mean, lowest and highest of those.
    samples = next(export(sessions, 4, "csv", tmp_path).glob("*_samples.csv"))
    per_player = {}
    with open(samples, encoding="utf-8-sig") as f:
        for row in csv.DictReader(f):
            if row["contact"] == "no" or not 25 <= int(row["bpm"]) <= 250:
                continue
            key = (row["player"], int(row["t_ms"]) // stretch)
            per_player.setdefault(key, []).append(int(row["bpm"]))
    by_stretch = {}
    for (player, b), values in per_player.items():
        by_stretch.setdefault(b, []).append(sum(values) / len(values))
    assert [p["tMs"] for p in band] == [b * stretch + stretch // 2 for b in sorted(by_stretch)]
    for point in band:
        means = by_stretch[point["tMs"] // stretch]
        assert point["mean"] == pytest.approx(sum(means) / len(means), abs=1e-9)
        assert point["min"] == pytest.approx(min(means), abs=1e-9)
        assert point["max"] == pytest.approx(max(means), abs=1e-9)
    assert any(p["max"] - p["min"] >= 10 for p in band), "a band, not a line"
    width, height, pixels = read_png(sessions.shots / "band.png")
    white = sum(1 for row in pixels for p in row if p == (255, 255, 255))
    assert white > 800, "the team's mean is drawn as a white line"

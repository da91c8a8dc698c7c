"""Exports of a simulated session, recorded and exported through the real CLI, opened
by independent decoders: Garmin's FIT SDK (integrity, no errors, the same heart rates
back, one per second), python-tcxparser and Garmin's TCX v2 XSD (with lxml), and a recomputation of the
summary's headline numbers from the raw samples CSV.

Tolerances: heart rates and record counts exact; average HR within 0.05 bpm and
signal time within 0.05 s of the Python recomputation (the CSV rounds to 0.1)."""
import csv
import json
import math

import pytest
import tcxparser
from garmin_fit_sdk import Decoder, Stream
from lxml import etree

from sideline_testkit.tcx_schema import problems

FIT_EPOCH = 631065600
TCX = "{http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2}"


def valid_samples(out):
    """Plausible samples with skin contact, per player name, in time order — as Sideline counts them."""
    (path,) = out.glob("*_samples.csv")
    players = {}
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            bpm = int(row["bpm"])
            if row["contact"] == "no" or not 25 <= bpm <= 250:
                continue
            players.setdefault(row["player"], []).append((int(row["t_ms"]), bpm))
    return players


def per_second(samples, start_s):
    """One heart rate per FIT timestamp: the last sample of each whole second."""
    out = {}
    for t_ms, bpm in samples:
        out[int(math.floor(start_s + t_ms / 1000)) - FIT_EPOCH] = bpm
    return out


def summary(out):
    (path,) = out.glob("*_summary.json")
    return json.loads(path.read_text())


def test_file_names_say_team_date_player(exported):
    fits = sorted(p.name for p in exported.glob("*.fit"))
    assert len(fits) == 6
    assert all(name.startswith("demo-club_") and "_s1_" in name for name in fits)
    assert len(list(exported.glob("*.tcx"))) == 6
    assert len(list(exported.glob("*_summary.csv"))) == 1


def test_fit_decodes_without_errors_and_gives_the_heart_rates_back(exported):
    samples = valid_samples(exported)
    started = summary(exported)["startedAt"]
    from datetime import datetime
    start_s = datetime.fromisoformat(started.replace("Z", "+00:00")).timestamp()
    for path in sorted(exported.glob("*.fit")):
        checker = Decoder(Stream.from_file(str(path)))
        assert checker.is_fit() and checker.check_integrity(), path.name
        messages, errors = Decoder(Stream.from_file(str(path))).read(convert_datetimes_to_dates=False)
        assert errors == [], (path.name, errors)
        assert messages["file_id_mesgs"][0]["type"] == "activity"
        assert len(messages["session_mesgs"]) == 1 and len(messages["activity_mesgs"]) == 1
        assert len(messages["lap_mesgs"]) == messages["session_mesgs"][0]["num_laps"]
        name = next(n for n in samples if path.name.split("_s1_")[1].startswith(n.lower().replace(" ", "-")))
        want = per_second(samples[name], start_s)
        got = {m["timestamp"]: m["heart_rate"] for m in messages["record_mesgs"]}
        assert len(messages["record_mesgs"]) == len(want)
        assert got == want, path.name
        assert messages["session_mesgs"][0]["max_heart_rate"] == max(b for _, b in samples[name])


def test_tcx_parses_and_keeps_every_sample(exported):
    samples = valid_samples(exported)
    for path in sorted(exported.glob("*.tcx")):
        tcx = tcxparser.TCXParser(str(path))
        name = next(n for n in samples if path.name.split("_s1_")[1].startswith(n.lower().replace(" ", "-")))
        assert tcx.hr_values() == [b for _, b in samples[name]], path.name
        assert tcx.hr_max == max(b for _, b in samples[name])


def test_every_tcx_is_valid_against_garmins_schema(exported):
    tcxs = sorted(exported.glob("*.tcx"))
    assert len(tcxs) == 6
    for path in tcxs:
        assert problems(path) == [], path.name


def test_the_schema_check_catches_what_it_should(exported):
    """The validation is real: an exported file with an Intensity outside the schema's enumeration, or
    with Lap's elements out of order, is refused."""
    path = sorted(exported.glob("*.tcx"))[0]
    tree = etree.parse(str(path))
    tree.find(f".//{TCX}Intensity").text = "Rest"
    assert any("Intensity" in p for p in problems(tree))
    tree = etree.parse(str(path))
    lap = tree.find(f".//{TCX}Lap")
    lap.insert(0, lap.find(f"{TCX}TriggerMethod"))
    assert any("TriggerMethod" in p or "TotalTimeSeconds" in p for p in problems(tree)), problems(tree)


def test_tcx_follows_the_v2_element_order(exported):
    """The schema's sequence for Lap, checked element by element too (a plainer message than the XSD's)."""
    order = ["TotalTimeSeconds", "DistanceMeters", "MaximumSpeed", "Calories", "AverageHeartRateBpm",
             "MaximumHeartRateBpm", "Intensity", "Cadence", "TriggerMethod", "Track", "Notes", "Extensions"]
    for path in exported.glob("*.tcx"):
        root = etree.parse(str(path)).getroot()
        assert root.tag == TCX + "TrainingCenterDatabase"
        activity = root.find(f"{TCX}Activities/{TCX}Activity")
        assert [c.tag for c in activity][0] == TCX + "Id"
        for lap in activity.findall(f"{TCX}Lap"):
            positions = [order.index(c.tag.replace(TCX, "")) for c in lap]
            assert positions == sorted(positions), path.name
            for point in lap.iter(f"{TCX}Trackpoint"):
                assert 1 <= int(point.find(f"{TCX}HeartRateBpm/{TCX}Value").text) <= 255


def test_summary_headline_numbers_recomputed_from_raw_samples(exported):
    samples = valid_samples(exported)
    (path,) = exported.glob("*_summary.csv")
    rows = {r["player"]: r for r in csv.DictReader(open(path, newline="")) if r["lap"] == "all"}
    for name, points in samples.items():
        signal_ms = weighted = 0
        for i, (t, bpm) in enumerate(points):
            gap = points[i + 1][0] - t if i + 1 < len(points) else None
            span = 1000 if gap is None or gap > 5000 else gap
            signal_ms += span
            weighted += bpm * span
        row = rows[name]
        assert float(row["signal_s"]) == pytest.approx(signal_ms / 1000, abs=0.05)
        assert float(row["avg_bpm"]) == pytest.approx(weighted / signal_ms, abs=0.05)
        assert int(row["max_bpm"]) == max(b for _, b in points)


def test_json_summary_has_no_nan_and_is_ranked(exported):
    text = next(exported.glob("*_summary.json")).read_text()
    assert "NaN" not in text and "Infinity" not in text
    data = json.loads(text)
    loads = [p["session"]["trimpBanister"] for p in data["players"]]
    assert loads == sorted(loads, reverse=True)
    for p in data["players"]:
        assert p["rr"]["recorded"] > 0
        whole = p["hrv"][0]
        assert whole["window"] == "session"
        assert whole["time"] is not None or "time" in whole["notEnoughData"]

"""A session with a recovery minute, exported as FIT and TCX: the laps add up to the session and
every record or trackpoint falls in a lap (issue 13, item 6). The recovery minute is a lap of
its own (FIT intensity rest, TCX Intensity Resting).

Checked with Garmin's FIT SDK (the decoder's own integrity check and messages) and, for TCX,
Garmin's TrainingCenterDatabase v2 XSD (tcx_schema: every file valid), python-tcxparser, and
with lxml: Lap's child order, Intensity from the schema's enumeration (Active, Resting),
TotalTimeSeconds per lap summing to the track."""
from datetime import datetime

import pytest
import tcxparser
from garmin_fit_sdk import Decoder, Stream
from lxml import etree

from sideline_testkit.tcx_schema import problems

TCX = "{http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2}"


def seconds(iso):
    return datetime.fromisoformat(iso.replace("Z", "+00:00")).timestamp()


def test_fit_laps_add_up_to_the_session_and_hold_every_record(exported_with_recovery):
    fits = sorted(exported_with_recovery.glob("*.fit"))
    assert len(fits) == 3
    for path in fits:
        assert Decoder(Stream.from_file(str(path))).check_integrity(), path.name
        messages, errors = Decoder(Stream.from_file(str(path))).read(convert_datetimes_to_dates=False)
        assert errors == [], (path.name, errors)
        (session,) = messages["session_mesgs"]
        laps = messages["lap_mesgs"]
        assert session["num_laps"] == len(laps) == 2, path.name
        assert sum(lap["total_elapsed_time"] for lap in laps) == pytest.approx(session["total_elapsed_time"], abs=1e-3)
        assert session["total_elapsed_time"] == pytest.approx(360, abs=0.5), "5 minutes and the recovery minute"
        assert laps[-1]["total_elapsed_time"] == pytest.approx(60, abs=0.5)
        assert [lap.get("intensity") for lap in laps] == ["active", "rest"], path.name
        for a, b in zip(laps, laps[1:]):
            assert b["start_time"] == a["timestamp"], "laps follow each other"
        outside = [r["timestamp"] for r in messages["record_mesgs"]
                   if not any(lap["start_time"] <= r["timestamp"] <= lap["timestamp"] for lap in laps)]
        assert outside == [], (path.name, outside[:5])
        in_recovery = [r["heart_rate"] for r in messages["record_mesgs"] if r["timestamp"] > laps[0]["timestamp"]]
        assert len(in_recovery) >= 55, "the recovery minute's heart rates are in the file"
        assert session["max_heart_rate"] == max(r["heart_rate"] for r in messages["record_mesgs"])


def test_every_tcx_with_a_recovery_lap_is_valid_against_garmins_schema(exported_with_recovery):
    tcxs = sorted(exported_with_recovery.glob("*.tcx"))
    assert len(tcxs) == 3
    for path in tcxs:
        assert problems(path) == [], path.name


def test_tcx_laps_each_hold_their_own_track(exported_with_recovery):
    order = ["TotalTimeSeconds", "DistanceMeters", "MaximumSpeed", "Calories", "AverageHeartRateBpm",
             "MaximumHeartRateBpm", "Intensity", "Cadence", "TriggerMethod", "Track", "Notes", "Extensions"]
    tcxs = sorted(exported_with_recovery.glob("*.tcx"))
    assert len(tcxs) == 3
    for path in tcxs:
        activity = etree.parse(str(path)).getroot().find(f"{TCX}Activities/{TCX}Activity")
        laps = activity.findall(f"{TCX}Lap")
        assert [lap.find(f"{TCX}Intensity").text for lap in laps] == ["Active", "Resting"], path.name
        total, before = 0.0, []
        for lap in laps:
            positions = [order.index(c.tag.replace(TCX, "")) for c in lap]
            assert positions == sorted(positions), path.name
            start = seconds(lap.get("StartTime"))
            length = float(lap.find(f"{TCX}TotalTimeSeconds").text)
            total += length
            times = [seconds(t.text) for t in lap.iter(f"{TCX}Time")]
            assert times and all(start <= t < start + length + 1 for t in times), (path.name, lap.get("StartTime"))
            bpm = [int(v.text) for v in lap.iter(f"{TCX}Value") if v.getparent().tag == f"{TCX}HeartRateBpm"
                   and v.getparent().getparent().tag == f"{TCX}Trackpoint"]
            # The lap's average is time-weighted; its trackpoints, about a second apart, give nearly the same mean.
            assert int(lap.find(f"{TCX}AverageHeartRateBpm/{TCX}Value").text) == pytest.approx(sum(bpm) / len(bpm), abs=1.5)
            # The sample before a lap's start stands for the time until the next one, so it may count in this lap too.
            assert max(bpm) <= int(lap.find(f"{TCX}MaximumHeartRateBpm/{TCX}Value").text) <= max(bpm + before[-1:])
            before = bpm
        assert total == pytest.approx(360, abs=0.5)
        parsed = tcxparser.TCXParser(str(path))
        assert parsed.duration == pytest.approx(total, abs=2), "the track spans the laps"

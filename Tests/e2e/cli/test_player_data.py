"""Issue 37, item 2 on a kiosk: `sideline player-data --team T --number N --out DIR` writes one ZIP of the player's
own data. Read by tools independent of Sideline (sideline_testkit.player_zip: Python's zipfile, `unzip -t`, Garmin's
FIT SDK); its CSVs hold exactly the player's rows as Python's sqlite3 reads them from the database, and nothing of a
team mate is anywhere in it. Bad input — an unknown player, a folder that cannot be made, a full disk — is one plain
line and leaves no file behind."""
import csv
import io
import json
import os
import subprocess

import pytest

from sideline_testkit.player_zip import checked_player_zip
from sideline_testkit.processes import one_line_error
from sideline_testkit.sqlite_records import query, rr_beats

ROSTER = ("number,first,last,birth_year,sex,weight_kg,rest_hr,max_hr,strap\n"
          "7,Ada,Lovelace,2001,F,60,55,,A0:00:00:00:00:01\n"
          "87,Zebulonia,Quixotterby,2002,F,61,58,190,A0:00:00:00:00:02\n"
          "9,Bea,Brook,2000,M,80,60,,A0:00:00:00:00:03\n")


def rows(data: bytes) -> list:
    return list(csv.DictReader(io.StringIO(data.decode("utf-8-sig"))))


def test_a_players_zip_holds_all_their_data_and_nothing_of_the_others(sideline, tmp_path):
    roster = tmp_path / "roster.csv"
    roster.write_text(ROSTER)
    sideline("import-roster", str(roster), "--team", "Eagles")
    for seed in ("1", "2"):
        sideline("record", "--source", "sim:3", "--seed", seed, "--speed", "6000", "--team", "Eagles", "--minutes", "2", "--quiet")
    sideline("record", "--source", "sim:3", "--speed", "6000", "--team", "Eagles", "--readiness", "180", "--tag", "lying", "--quiet")
    sideline("rpe", "--session", "2", "--number", "87", "--value", "6", "--coach")
    (pid, uuid), = query(sideline.db, "SELECT id, uuid FROM player WHERE last_name = 'Quixotterby'")
    sideline("consent", "--team", "Eagles", "--number", "87", "--on", "2026-01-15", "--by", "Ada Quixotterby")

    out = tmp_path / "requests" / "zebulonia"
    path = sideline("player-data", "--team", "Eagles", "--number", "87", "--out", str(out)).stdout.strip()
    assert os.path.dirname(path) == str(out) and os.listdir(out) == [os.path.basename(path)], "the ZIP alone, no partial file"
    files = checked_player_zip(path)

    profile = json.loads(files["profile.json"])
    assert (profile["playerUUID"], profile["firstName"], profile["measuredMaxHR"], profile["teams"]) == \
        (uuid, "Zebulonia", 190, [{"team": "Eagles", "shirtNumber": 87}])
    assert profile["consent"] == {"day": "2026-01-15", "givenBy": "Ada Quixotterby"}, "consent on file is the player's data too"
    for session in (1, 2, 3):
        stem = next(n for n in files if n.endswith(f"_s{session}_samples.csv")).removesuffix("_samples.csv")
        samples = rows(files[stem + "_samples.csv"])
        assert [(int(r["t_ms"]), int(r["bpm"])) for r in samples] == query(
            sideline.db, "SELECT t_ms, bpm FROM sample WHERE session_id = ? AND player_id = ? ORDER BY t_ms", session, pid), session
        beats = rows(files[stem + "_rr.csv"])
        assert beats and [(int(r["t_ms"]), int(r["rr_1024"])) for r in beats] == rr_beats(sideline.db, session, pid), session
        assert {r["player"] for r in samples + beats} == {"Zebulonia Quixotterby"}
        summary = json.loads(files[stem + "_summary.json"])
        assert [p["name"] for p in summary["players"]] == ["Zebulonia Quixotterby"]
        # Analysed alone, the player's numbers are the ones the session's own (team) export gives them.
        team = json.loads(open(sideline("export", "--session", str(session), "--format", "json", "--out",
                                        str(tmp_path / f"export-{session}")).stdout.split()[0]).read())
        theirs = next(p for p in team["players"] if p["shirtNumber"] == 87)
        assert summary["players"][0]["playerUUID"] == uuid
        assert {k: v for k, v in summary["players"][0].items() if k not in ("rank", "playerUUID")} == \
            {k: v for k, v in theirs.items() if k != "rank"}
        assert stem + "_zebulonia-quixotterby_87.fit" in files and stem + "_zebulonia-quixotterby_87.tcx" in files
    for name, data in files.items():
        for other in (b"Lovelace", b"Brook"):
            assert other not in data, f"a team mate in {name}"

    season = json.loads(files["season.json"])
    assert [s["kind"] for s in season["sessions"]] == ["training", "training", "readiness check"]
    assert season["today"]["loadToday"] == pytest.approx(sum(s["cardioLoad"] for s in season["sessions"][:2]))
    checks = json.loads(files["readiness.json"])["checks"]
    assert len(checks) == 1 and checks[0]["posture"] == "lying" and checks[0]["lnRMSSD"] > 0
    ratings = json.loads(files["ratings.json"])["ratings"]
    assert [(r["rpe"], r["byCoach"]) for r in ratings] == [(6, True)] and ratings[0]["session"].endswith("_s2")


def test_bad_requests_are_one_line_and_leave_nothing(sideline, tmp_path):
    roster = tmp_path / "roster.csv"
    roster.write_text(ROSTER)
    sideline("import-roster", str(roster), "--team", "Eagles")
    sideline("record", "--source", "sim:3", "--speed", "6000", "--team", "Eagles", "--minutes", "1", "--quiet")
    out = tmp_path / "out"
    one_line_error(sideline("player-data", "--team", "Eagles", "--number", "42", "--out", str(out), check=False),
                   "no player wears #42 in Eagles")
    one_line_error(sideline("player-data", "--team", "Hawks", "--number", "7", "--out", str(out), check=False), "no team named 'Hawks'")
    assert not out.exists()
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    one_line_error(sideline("player-data", "--team", "Eagles", "--number", "7", "--out", str(blocker / "sub"), check=False),
                   "cannot write the export file", str(blocker / "sub"))

    # A full disk: a 64 KiB file system with 4 KiB free, which the ZIP does not fit in.
    full = tmp_path / "full"
    full.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(full)], capture_output=True).returncode != 0:
        pytest.skip("no tmpfs mount here (needs root)")
    try:
        (full / "filler").write_bytes(b"x" * 60 * 1024)
        one_line_error(sideline("player-data", "--team", "Eagles", "--number", "7", "--out", str(full), check=False),
                       "the disk is full")
        assert os.listdir(full) == ["filler"], "no partial file left"
    finally:
        subprocess.run(["umount", str(full)], check=True)

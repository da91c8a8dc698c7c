"""The kiosk as a coach uses it: the real binary, headless, driven by touch scripts.

Checks what was stored (read back with Python's own sqlite3) and what was shown
(the state dump and the pixels of the screenshots)."""
import json
import os
import pathlib
import signal
import sqlite3
import subprocess
from itertools import pairwise

import pytest

from sideline_testkit.kiosk import DEMO_FLOW, Kiosk, open_settings, pin_pad
from sideline_testkit.png import read_png, read_png_size
from sideline_testkit.tcx_schema import problems
from sideline_testkit.waiting import wait_until

# The tile backgrounds by zone (Theme.zone) and for "no signal"; white text on each keeps ≥ 4.5:1.
ZONE_COLOURS = {0: (0x4A, 0x52, 0x5E), 1: (0x5E, 0x6A, 0x7A), 2: (0x1F, 0x62, 0xB8),
                3: (0x1C, 0x7A, 0x36), 4: (0xB0, 0x4E, 0x08), 5: (0xC0, 0x1B, 0x1B)}
NO_SIGNAL = (0x45, 0x4C, 0x57)
RECOVERY_BAND = (0x0E, 0x6B, 0x73)


def contrast_with_white(rgb):
    def channel(v):
        c = v / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    lum = 0.2126 * channel(rgb[0]) + 0.7152 * channel(rgb[1]) + 0.0722 * channel(rgb[2])
    return 1.05 / (lum + 0.05)


@pytest.fixture
def kiosk(sideline_bin, tmp_path):
    return Kiosk(sideline_bin, tmp_path)


def test_zone_colours_keep_white_text_readable():
    for zone, rgb in {**ZONE_COLOURS, "no signal": NO_SIGNAL, "recovery band": RECOVERY_BAND}.items():
        assert contrast_with_white(rgb) >= 4.5, f"zone {zone}"


def test_demo_flow_through_every_screen(kiosk):
    kiosk.seed_team()
    kiosk.play(script_path=DEMO_FLOW)

    # A team made on the touchscreen, players typed on the on-screen keyboard, straps paired by two taps.
    lobby_swap = kiosk.sql("""SELECT s.address FROM session_player sp JOIN strap s ON s.id = sp.strap_id
                               JOIN player p ON p.id = sp.player_id WHERE p.first_name = 'Mia'""")
    assert lobby_swap == [], "Mia never played; her swap was for today only"
    rows = kiosk.sql("""SELECT p.first_name, p.last_name, p.sex, p.resting_hr, m.shirt_number, s.address
                        FROM team t JOIN membership m ON m.team_id = t.id JOIN player p ON p.id = m.player_id
                        LEFT JOIN strap s ON s.id = m.strap_id WHERE t.name = 'Eagles' ORDER BY m.shirt_number""")
    assert [(r[0], r[1], r[2], r[4], r[5]) for r in rows] == [
        ("Noah", "Costa", "M", 1, "5A:1D:00:00:00:02"),
        ("Mia", "Berg", "F", 9, "5A:1D:00:00:00:01"),
    ]
    assert rows[1][3] != 60, "Mia's resting HR was measured and saved"

    # The session run on 12 simulated straps: saved, ended, reviewed, one lap, every player recorded.
    sessions = kiosk.sql("""SELECT s.id, s.state, s.reviewed, s.planned_ms, s.effort_end_ms, s.ended_ms - s.started_ms
                            FROM session s JOIN team t ON t.id = s.team_id WHERE t.name = 'Demo' ORDER BY s.id""")
    assert len(sessions) == 2, "the last, discarded session is gone"
    session_id, state, reviewed, planned, effort_end, duration = sessions[1]
    assert (state, reviewed, planned) == ("ended", 1, 600_000)
    # Stopped after about 3.5 minutes; then the whole recovery minute was recorded.
    assert 200_000 <= effort_end <= 230_000 and abs(duration - effort_end - 60_000) <= 1000, (effort_end, duration)
    assert kiosk.sql("SELECT COUNT(*) FROM lap WHERE session_id = ?", session_id)[0][0] == 1
    # Its TCX files, with the coach's lap and the recovery minute as laps of their own, are valid TCX v2.
    out = kiosk.shots.parent / "tcx"
    subprocess.run([kiosk.binary, "export", "--db", str(kiosk.db), "--session", str(session_id), "--format", "tcx", "--out", str(out)],
                   check=True, capture_output=True, timeout=120)
    tcxs = sorted(out.glob("*.tcx"))
    assert len(tcxs) == 12 and all(problems(path) == [] for path in tcxs), [problems(path) for path in tcxs]
    per_player = kiosk.sql("SELECT player_id, COUNT(*) FROM sample WHERE session_id = ? GROUP BY player_id", session_id)
    assert len(per_player) == 12
    assert all(count >= 180 for _, count in per_player), per_player  # about 3.5 min at one reading a second

    live = kiosk.dump("live.json")["live"]
    assert live["phase"] == "running" and live["sort"] == "effort" and len(live["laps"]) == 1
    efforts = [t["effort"] for t in live["tiles"]]
    assert efforts == sorted(efforts, reverse=True) and efforts[0] > 0

    recovery = kiosk.dump("recovery.json")["live"]
    assert recovery["phase"] == "recovery" and 41_000 <= recovery["recoveryRemainingMs"] <= 42_100, recovery["recoveryRemainingMs"]
    # The review shows every player's heart-rate recovery as a number: the simulated players rested.
    review = kiosk.dump("review.json")["review"]
    assert review["effortEndMs"] == effort_end
    drops = {p["name"]: p["figures"].get("Recovery 1 min") for p in review["players"]}
    assert len(drops) == 12 and all(d and d.startswith("−") and int(d[1:].split()[0]) >= 10 for d in drops.values()), drops

    final = kiosk.dump("final.json")
    assert final["screen"] == "teamPicker"
    assert final["settings"]["wallPrivacy"] == "1"

    # Pixels: every tile is painted in its zone's colour (or grey without signal).
    width, height, pixels = read_png(kiosk.shots / "11-live-sorted-by-effort.png")
    assert (width, height) == (800, 480)
    for tile in live["tiles"]:
        x, y, w, h = tile["rect"]
        pad = max(4, min(w, h) // 16)
        got = pixels[y + h // 2][x + pad - 1]
        want = ZONE_COLOURS[tile["zone"]] if tile["signal"] else NO_SIGNAL
        assert got == want, f"tile of {tile['name']} at {tile['rect']}: {got} != {want}"
    zones = {t["zone"] for t in live["tiles"]}
    assert zones & {3, 4, 5}, "after three minutes of intervals somebody works hard"

    # The recovery minute's band across the screen, under the bar.
    width, height, pixels = read_png(kiosk.shots / "13-recovery-minute.png")
    assert pixels[80][4] == RECOVERY_BAND, pixels[80][4]

    for name in ["01-team-picker", "05-strap-pairing", "08-lobby", "13-recovery-minute", "15-review-team", "16-review-player",
                 "19-settings"]:
        assert (kiosk.shots / f"{name}.png").stat().st_size > 5000, name


def test_discard_asks_twice_and_deletes_the_session(kiosk):
    kiosk.seed_team()
    kiosk.play("""
        tap "Demo"
        tap "Open"
        wait 2s
        tap "Start"
        wait 15s
        tap "Stop"
        tap "Keep going"
        expect screen live
        tap "Stop"
        tap "Stop"
        tap "Discard"
        screenshot discard-confirm
        tap "Keep it"
        expect label "Skip recovery"
        tap "Discard"
        tap "Delete session"
        expect screen lobby
        dump after.json
    """)
    assert kiosk.sql("SELECT COUNT(*) FROM session")[0][0] == 1, "only the seeded session is left"
    assert kiosk.sql("SELECT COUNT(*) FROM sample WHERE session_id > 1")[0][0] == 0
    assert kiosk.dump("after.json")["live"] is None


def test_countdown_stops_the_session_at_zero(kiosk):
    kiosk.seed_team()
    kiosk.play("""
        tap "Demo"
        tap "5 min"
        wait 2s
        tap "Start"
        wait 200s
        tap "Pause"
        wait 60s
        tap "Resume"
        wait 101s
        expect label "Skip recovery"
        tap "Save"
        expect screen review
        dump review.json
    """)
    started, ended, state, effort_end = kiosk.sql("SELECT started_ms, ended_ms, state, effort_end_ms FROM session ORDER BY id DESC LIMIT 1")[0]
    assert state == "ended"
    # 300 s of countdown plus the 60 s pause (the recording goes on while paused): the effort ended then,
    # and Save in the recovery minute ended the recording at once.
    assert 359_000 <= effort_end <= 361_000, effort_end
    assert 359_000 <= ended - started <= 362_000 and ended - started >= effort_end
    review = kiosk.dump("review.json")["review"]
    assert review["open"] is not None and len(review["players"]) == 12


def test_recovery_minute_after_the_countdown(kiosk):
    """The countdown reaches zero: the recorder runs on for a minute while the tiles follow the falling
    heart rates, then stops by itself; the review shows each player's recovery."""
    kiosk.seed_team()
    kiosk.play("""
        tap "Demo"
        tap "5 min"
        wait 2s
        tap "Start"
        wait 300s
        expect label "Skip recovery"
        dump start.json
        wait 30s
        screenshot recovery
        dump half.json
        wait 31s
        expect label "Save"
        screenshot finished
        dump finished.json
        tap "Save"
        expect screen review
        dump review.json
    """)
    start, half = kiosk.dump("start.json")["live"], kiosk.dump("half.json")["live"]
    assert start["phase"] == "recovery" and half["phase"] == "recovery"
    assert 299_900 <= start["effortEndMs"] <= 300_100 and start["elapsedMs"] == half["elapsedMs"]
    assert 59_800 <= start["recoveryRemainingMs"] <= 60_000 and 29_800 <= half["recoveryRemainingMs"] <= 30_000
    before = {t["playerID"]: t for t in start["tiles"]}
    for tile in half["tiles"]:
        assert tile["effort"] == before[tile["playerID"]]["effort"], "the recovery minute earns no effort points"
    falling = [t for t in half["tiles"] if t["signal"] and t["bpm"] <= before[t["playerID"]]["bpm"] - 10]
    assert len(falling) >= 10, [(t["name"], before[t["playerID"]]["bpm"], t["bpm"]) for t in half["tiles"]]
    assert kiosk.dump("finished.json")["live"]["phase"] == "finished"

    started, ended, effort_end = kiosk.sql("SELECT started_ms, ended_ms, effort_end_ms FROM session ORDER BY id DESC LIMIT 1")[0]
    assert abs(effort_end - start["effortEndMs"]) <= 1
    assert 359_000 <= ended - started <= 361_000, "the whole recovery minute, then the recorder stopped"
    last = kiosk.sql("SELECT MAX(t_ms) FROM sample WHERE session_id = (SELECT MAX(id) FROM session)")[0][0]
    assert last >= effort_end + 58_000, "heart rates recorded through the minute"

    review = kiosk.dump("review.json")["review"]
    assert review["effortEndMs"] == effort_end
    drops = [p["figures"].get("Recovery 1 min", "") for p in review["players"]]
    assert len(drops) == 12 and all(d.startswith("−") and int(d[1:].split()[0]) >= 10 for d in drops), drops

    width, height, pixels = read_png(kiosk.shots / "recovery.png")
    assert pixels[80][4] == RECOVERY_BAND


def test_skip_recovery_finishes_now(kiosk):
    kiosk.seed_team()
    kiosk.play("""
        tap "Demo"
        wait 2s
        tap "Start"
        wait 30s
        tap "Stop"
        tap "Stop"
        wait 10s
        tap "Skip recovery"
        expect label "Save"
        wait 5s
        tap "Save"
        expect screen review
    """)
    started, ended, effort_end = kiosk.sql("SELECT started_ms, ended_ms, effort_end_ms FROM session ORDER BY id DESC LIMIT 1")[0]
    assert 29_000 <= effort_end <= 31_500
    assert 9_500 <= ended - started - effort_end <= 10_500, "recorded up to the skip, not to the save"


def test_wrong_pin_keeps_settings_locked(kiosk):
    kiosk.play(f"""
        {open_settings("9999")}
        dump wrong.json
        tap "Cancel"
        expect screen teamPicker
    """)
    assert kiosk.dump("wrong.json")["screen"] == "teamPicker"


def test_changing_the_pin_on_the_pad(kiosk):
    kiosk.play(f"""
        tap "Settings"
        {pin_pad("1234")}
        expect screen settings
        tap "Change PIN"
        {pin_pad("2468")}
        {pin_pad("2469")}
        screenshot differ
        dump differ.json
        {pin_pad("2468")}
        {pin_pad("2468")}
        dump changed.json
        tap "‹ Done"
        tap "Settings"
        {pin_pad("1234")}
        dump old.json
        {pin_pad("2468")}
        expect screen settings
    """)
    differ = kiosk.dump("differ.json")
    assert differ["settings"]["pin"] == "1234", "a repeat that differs changes nothing"
    changed = kiosk.dump("changed.json")
    assert changed["settings"]["pin"] == "2468" and changed["notice"] == "PIN changed"
    assert kiosk.dump("old.json")["screen"] == "teamPicker", "the old PIN no longer opens the settings"
    assert kiosk.sql("SELECT value FROM setting WHERE key = 'kiosk.pin'") == [("2468",)]


def test_auto_source_without_an_adapter_says_it_simulates(kiosk):
    if any(pathlib.Path("/sys/class/bluetooth").glob("hci*")):
        pytest.skip("this machine has a Bluetooth adapter")
    result = kiosk.play('wait 2s\ndump auto.json\n', extra=("--source", "auto"))
    assert "no Bluetooth adapter found; running on 12 simulated straps" in result.stderr
    assert kiosk.dump("auto.json")["source"] == "12 simulated straps (seed 7)"


def test_exports_to_the_usb_stick_from_review_and_settings(kiosk, tmp_path):
    kiosk.seed_team()
    usb = tmp_path / "usb"
    kiosk.play(f"""
        tap "Demo"
        tap "Review"
        tap "Session 1"
        tap "Export"
        dump exporting.json
        wait 1s
        dump exported.json
        tap "‹ Sessions"
        tap "Lobby"
        tap "Teams"
        {open_settings()}
        tap "Export all to USB"
        wait 1s
        dump all.json
    """, extra=("--export-dir", str(usb)))
    assert kiosk.dump("exporting.json")["notice"] == "Exporting…", "the screen goes on while the stick is written"
    files = sorted(p.name for p in usb.iterdir())
    for kind in ["_samples.csv", "_rr.csv", "_summary.csv", ".json"]:
        assert any(f.endswith(kind) for f in files), (kind, files)
    assert len([f for f in files if f.endswith(".tcx")]) == 12 and len([f for f in files if f.endswith(".fit")]) == 12, files
    assert kiosk.dump("exported.json")["notice"] == f"Exported {len(files)} files to {usb}"
    assert kiosk.dump("all.json")["notice"] == f"Exported 1 session to {usb}"
    fit = next(usb.glob("*.fit")).read_bytes()
    assert fit[8:12] == b".FIT", "a FIT file header"


def test_auto_source_whose_adapter_will_not_start_falls_back_to_the_simulation(kiosk, tmp_path):
    sysfs = tmp_path / "sys-class-bluetooth"
    (sysfs / "hci0").mkdir(parents=True)  # an adapter is listed, but this kernel cannot open it
    result = kiosk.play('wait 2s\ndump fallback.json\n', extra=("--source", "auto"),
                        env={"SIDELINE_SYSFS_BLUETOOTH": str(sysfs)})
    assert "hci-user:hci0" in result.stderr and "running on simulated straps instead" in result.stderr, result.stderr
    fallback = kiosk.dump("fallback.json")
    assert fallback["source"] == "12 simulated straps (seed 7)"
    assert fallback["settings"]["sensor"] == "bluetooth", "the stored choice stays: the next start tries again"


def test_bluetooth_without_an_adapter_keeps_the_simulation(kiosk):
    if any(pathlib.Path("/sys/class/bluetooth").glob("hci*")):
        pytest.skip("this machine has a Bluetooth adapter")
    kiosk.play(f"""
        {open_settings()}
        tap "Bluetooth"
        dump refused.json
    """)
    refused = kiosk.dump("refused.json")
    assert refused["notice"] == "No Bluetooth adapter found on this machine"
    assert refused["source"] == "12 simulated straps (seed 7)"


def test_script_mistakes_name_the_line(kiosk):
    result = kiosk.play('wait 1s\ntap "No such button"\n', check=False)
    assert result.returncode == 2
    assert "script line 2" in result.stderr and "No such button" in result.stderr


def test_full_hd_renders_the_same_flow(kiosk):
    kiosk.seed_team()
    kiosk.play("""
        tap "Demo"
        wait 2s
        tap "Start"
        wait 10s
        screenshot live
        dump live.json
    """, size="1920x1080", extra=("--wall-display", "1"))
    assert read_png_size(kiosk.shots / "live.png") == (1920, 1080)
    assert (kiosk.shots / "live-wall.png").exists()
    tiles = kiosk.dump("live.json")["live"]["tiles"]
    assert len(tiles) == 12 and all(t["signal"] for t in tiles)


def test_incremental_frames_match_full_redraws(sideline_bin, tmp_path):
    """The software renderer redraws only changed tiles and beating hearts; the pixels must equal a full redraw."""
    script = """
        tap "Demo"
        wait 2s
        tap "Start"
        wait 20s
        screenshot a
        wait 150ms
        screenshot b
        wait 330ms
        screenshot c
        wait 1200ms
        screenshot d
        tap "Stop"
        tap "Stop"
        wait 2s
        screenshot e
        wait 150ms
        screenshot f
        wait 1200ms
        screenshot g
    """
    shots = {}
    for mode in ("incremental", "full"):
        kiosk = Kiosk(sideline_bin, tmp_path / mode)
        (tmp_path / mode).mkdir()
        kiosk.seed_team()
        env = {"SIDELINE_FULL_REDRAW": "1"} if mode == "full" else {}
        kiosk.play(script, size="1280x720", extra=("--wall-display", "1"), env=env)
        shots[mode] = kiosk.shots
    for name in [n + wall for n in "abcdefg" for wall in ("", "-wall")]:
        inc = (shots["incremental"] / f"{name}.png").read_bytes()
        full = (shots["full"] / f"{name}.png").read_bytes()
        assert inc == full, f"{name}.png differs between incremental and full redraws"
    assert (shots["full"] / "a.png").read_bytes() != (shots["full"] / "b.png").read_bytes(), "the hearts beat between frames"


def committed_ms(db):
    """How much of the newest session the recorder has committed (0 before there is one)."""
    try:
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as connection:
            row = connection.execute("SELECT committed_t_ms FROM session WHERE state = 'running' ORDER BY id DESC LIMIT 1").fetchone()
    except sqlite3.OperationalError:  # not created yet, or busy for a moment
        return 0
    return row[0] if row else 0


def test_terminating_the_kiosk_mid_session_keeps_the_recording(kiosk, tmp_path):
    """The interactive loop (real time, offscreen window): SIGTERM ends the session cleanly, nothing recorded is lost."""
    kiosk.seed_team()
    script = tmp_path / "start.kiosk"
    script.write_text('tap "Demo"\nwait until streaming\ntap "Start"\n')
    env = dict(os.environ, SDL_VIDEODRIVER="offscreen")
    process = subprocess.Popen([kiosk.binary, "--size", "800x480", "--db", str(kiosk.db), "--script", str(script),
                                "--screenshots", str(kiosk.shots)], env=env, stderr=subprocess.PIPE, text=True)
    # Terminate once the live session has committed three seconds (read from the database, which
    # the kiosk commits once a second), not after a guessed time.
    def committed_three_seconds():
        assert process.poll() is None, f"the kiosk exited early: {process.stderr.read()}"
        return committed_ms(kiosk.db) >= 3000
    wait_until(committed_three_seconds, timeout=120, what="a live session committing three seconds")
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=30) == 0, process.stderr.read()
    state, duration = kiosk.sql("SELECT state, ended_ms - started_ms FROM session ORDER BY id DESC LIMIT 1")[0]
    assert state == "ended" and duration >= 2000
    samples = kiosk.sql("SELECT COUNT(*) FROM sample WHERE session_id = (SELECT MAX(id) FROM session)")[0][0]
    assert samples >= 12 * (duration // 1000 - 1), (samples, duration)


def test_kiosk_benchmark_runs_to_the_end(sideline_bin, tmp_path):
    """`sideline --bench` ends several sessions and keeps drawing: it once aborted there in
    libdispatch (the background analysis at session end). Figures are not judged here, so each is
    measured on a few frames (SIDELINE_BENCH_SMOKE)."""
    result = subprocess.run([sideline_bin, "--bench"], cwd=tmp_path, capture_output=True, text=True, timeout=600,
                            env={**os.environ, "SIDELINE_BENCH_SMOKE": "1"})
    assert result.returncode == 0, result.stderr[-3000:]
    for figure in ["live screen, 40 players, 1920x1080", "RSS with 40 players live", "team picker, nothing changing",
                   "ring-to-frame latency", "launch to first frame"]:
        assert figure in result.stdout, result.stdout


def test_review_shows_the_exported_numbers_under_the_sessions_zone_model(kiosk, tmp_path):
    """One analysis for every number: the review's state dump equals the JSON export for every
    player and figure, for a session with dropouts and a recovery minute, recorded under %HRmax
    and reviewed after Settings switched to %HRR (the review keeps the session's model and says so)."""
    # Seed 1: two players' straps go silent for 9 and 16 s (the simulation's radio dropouts).
    subprocess.run([kiosk.binary, "record", "--db", str(kiosk.db), "--source", "sim:4", "--seed", "1", "--speed", "6000",
                    "--team", "Demo", "--minutes", "3", "--recovery", "60", "--quiet"], check=True, capture_output=True, timeout=120)
    gaps = [later - earlier for (player, earlier), (same, later) in pairwise(kiosk.sql(
        "SELECT player_id, t_ms FROM sample WHERE session_id = 1 ORDER BY player_id, t_ms")) if player == same]
    assert max(gaps) > 5000, "the session has a dropout longer than any sample may be stretched over"
    kiosk.play(f"""
        {open_settings()}
        tap "%HRR"
        tap "‹ Done"
        tap "Demo"
        tap "Review"
        tap "Session 1"
        expect screen review
        screenshot review-under-hrr-setting
        dump review.json
    """)
    out = tmp_path / "export"
    subprocess.run([kiosk.binary, "export", "--db", str(kiosk.db), "--session", "1", "--format", "json", "--out", str(out)],
                   check=True, capture_output=True, timeout=120)
    exported = json.loads(next(out.glob("*_summary.json")).read_text())
    dump = kiosk.dump("review.json")
    assert dump["settings"]["zoneModel"] == "heartRateReserve", "the setting did change"
    review = dump["review"]
    by_name = {p["name"]: p["session"] for p in exported["players"]}
    assert {p["name"]: p["avg"] for p in review["players"]} == pytest.approx({n: s["avgBPM"] for n, s in by_name.items()}, abs=1e-9)
    assert review["zoneModel"] == exported["zoneModel"] == "percentOfMax"
    players = {p["playerID"]: p for p in exported["players"]}
    assert sorted(players) == sorted(p["playerID"] for p in review["players"])
    zones = ["rest", "z1", "z2", "z3", "z4", "z5"]
    for shown in review["players"]:
        want = players[shown["playerID"]]["session"]
        label = shown["name"]
        assert shown["avg"] == pytest.approx(want["avgBPM"], abs=1e-9), label
        d = shown["digest"]
        assert d["signalMs"] / 1000 == pytest.approx(want["signalSeconds"], abs=1e-9), label
        assert d["samples"] == want["samples"], label
        for mine, theirs in (("averageBPM", "avgBPM"), ("minBPM", "minBPM"), ("maxBPM", "maxBPM"),
                             ("peakPercentOfMax", "peakPercentOfMax"), ("kcal", "kcal"), ("banisterTRIMP", "trimpBanister"),
                             ("effortPoints", "effortPoints"), ("recoveryBPM", "recovery60sBPM")):
            assert d[mine] == pytest.approx(want[theirs], abs=1e-9), (label, mine)
        assert [ms / 1000 for ms in d["zoneMs"]] == pytest.approx([want["zoneSecondsPercentOfMax"][z] for z in zones], abs=1e-9), label
        rmssd = players[shown["playerID"]]["reportedHRV"]["time"]["rmssdMs"]  # over the stated window
        assert d["rmssdMs"] == pytest.approx(rmssd, abs=1e-9), label
        # What the panel prints is those numbers, rounded.
        assert shown["figures"]["TRIMP"] == f'{want["trimpBanister"]:.0f}', label
        assert shown["figures"]["Effort points"] == f'{want["effortPoints"]:.0f}', label

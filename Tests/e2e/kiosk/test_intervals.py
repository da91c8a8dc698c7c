"""Issue 25, item 4: an interval timer the players can hear. A preset edited in Settings on the number
pad, chosen in the lobby, run by touch: "WORK 0:05 · 1/3" / "REST" on the coach's screen and the wall
(state dump and pixels), each block a lap in the database at its exact time, the review's blocks, and
the sounds through SDL's `disk` audio driver — a tone at each change, beeps over each block's last 3 s,
"last interval" and "one minute left" in espeak-ng's voice, or tones only without it. Issue 36, item 3: drills are
phases beside the blocks — planned in the lobby, the next started by touch, each a `session_drill` row, review's
drills with the team's figures, and one drill across the season."""
import os
import re
import shutil
import subprocess

import pytest

from sideline_testkit.audio import sounds, tone_name
from sideline_testkit.kiosk import Kiosk, open_settings
from sideline_testkit.png import read_png

WORK, REST = "#BF360C", "#37474F"  # Theme.work, Theme.rest
WORK_RGB, REST_RGB = (0xBF, 0x36, 0x0C), (0x37, 0x47, 0x4F)


def edit_preset_1(repeats, work, rest):
    """From the team picker: Settings → Intervals → preset 1 typed on the number pad, then back to the teams."""
    return f"""
        {open_settings()}
        tap "Intervals ›"
        tap "Edit preset 1 8 × 30 s / 30 s"
        tap "field:Repeats"
        tap "key:⌫"
        tap "key:⌫"
        type "{repeats}"
        tap "field:Work (seconds)"
        tap "key:⌫"
        tap "key:⌫"
        type "{work}"
        tap "field:Rest (seconds)"
        tap "key:⌫"
        tap "key:⌫"
        type "{rest}"
        tap "Save"
        dump settings.json
        tap "Done"
    """


@pytest.fixture
def seeded(sideline_bin, tmp_path):
    kiosk = Kiosk(sideline_bin, tmp_path)
    kiosk.seed_team(straps=4)
    return kiosk


def test_a_program_by_touch_shows_its_blocks_and_records_each_as_a_lap(seeded):
    for drill in ("Warm-up", "SSG 4v4"):
        subprocess.run([seeded.binary, "drills", "--db", str(seeded.db), "--team", "Demo", "--add", drill], check=True, capture_output=True)
    # 3 × 10 s / 5 s: work 0–10, rest 10–15, work 15–25, rest 25–30, work 30–40 s. Drills: the warm-up from the
    # start, the SSG from about 12 s (a tap) to the effort's end.
    seeded.play(f"""
        {edit_preset_1(3, 10, 5)}
        tap "Demo"
        tap "Intervals"
        tap "Preset 1"
        tap "Drills"
        tap "Drill Warm-up"
        tap "Drill SSG 4v4"
        tap "Done"
        dump lobby.json
        wait 2s
        tap "Start"
        wait 5s
        dump work.json
        screenshot work
        expect pixel 4,160 {WORK}
        wait 7s
        dump rest.json
        expect pixel 4,160 {REST}
        tap "Next drill"
        dump next.json
        wait 30s
        dump over.json
        tap "Save"
        dump review.json
        tap "Drill SSG 4v4"
        dump season.json
    """, size="1920x1080", extra=("--wall-display", "1"))
    assert seeded.dump("settings.json")["settings"]["intervalPresets"].startswith("3x10+5,")
    lobby = seeded.dump("lobby.json")["lobby"]
    assert lobby["intervals"] == "3 × 10 s / 5 s" and not lobby["editingIntervals"]
    assert lobby["drillPlan"] == ["Warm-up", "SSG 4v4"] and not lobby["editingDrills"]
    work = seeded.dump("work.json")["live"]["interval"]
    assert work["block"] == "WORK 1/3" and re.fullmatch(r"WORK 0:0[4-6] · 1/3", work["shown"]), work
    assert [(d["name"], d["startMs"]) for d in seeded.dump("work.json")["live"]["drills"]] == [("Warm-up", 0)]
    assert seeded.dump("work.json")["live"]["nextDrill"] == "SSG 4v4"
    after = seeded.dump("next.json")["live"]
    assert [d["name"] for d in after["drills"]] == ["Warm-up", "SSG 4v4"] and after["nextDrill"] is None
    ssg_start = after["drills"][1]["startMs"]
    assert 11_000 <= ssg_start <= 13_000, ssg_start
    rest = seeded.dump("rest.json")["live"]
    assert rest["interval"]["block"] == "REST 1/3", rest["interval"]
    assert rest["laps"] == [10_000], "the first block's lap, at its exact end"
    over = seeded.dump("over.json")["live"]
    assert over["phase"] == "recovery" and over["interval"] is None
    # The players' wall shows the block too, in its colour across the top.
    _, _, wall = read_png(seeded.shots / "work-wall.png")
    assert wall[10][6][:3] == WORK_RGB

    session_id = over["sessionID"]
    (planned, effort_end), = seeded.sql("SELECT planned_ms, effort_end_ms FROM session WHERE id = ?", session_id)
    assert planned == 40_000, "the session lasts as long as the program"
    laps = seeded.sql("SELECT t_ms, label FROM lap WHERE session_id = ? ORDER BY t_ms", session_id)
    assert laps[:4] == [(10_000, "WORK 1/3"), (15_000, "REST 1/3"), (25_000, "WORK 2/3"), (30_000, "REST 2/3")]
    assert laps[4] == (effort_end, "WORK 3/3") and 40_000 <= effort_end < 40_200, "the last block closes at the effort's end"
    blocks = seeded.dump("review.json")["review"]["intervalBlocks"]
    assert [(b["kind"], b["number"], b["fromMs"], b["toMs"]) for b in blocks] == [
        ("work", 1, 0, 10_000), ("rest", 1, 10_000, 15_000), ("work", 2, 15_000, 25_000), ("rest", 2, 25_000, 30_000),
        ("work", 3, 30_000, effort_end)]
    # The drills: rows as started, open; in review ended by the next and by the effort's end, with the team's figures.
    assert seeded.sql("SELECT name, start_ms, end_ms FROM session_drill WHERE session_id = ? ORDER BY start_ms", session_id) == [
        ("Warm-up", 0, None), ("SSG 4v4", ssg_start, None)]
    drills = seeded.dump("review.json")["review"]["drills"]
    assert [(d["name"], d["fromMs"], d["toMs"]) for d in drills] == [("Warm-up", 0, ssg_start), ("SSG 4v4", ssg_start, effort_end)]
    assert all(d["team"]["meanBPM"] and d["team"]["minutes"] > 0 for d in drills), drills
    season = seeded.dump("season.json")["review"]["drillSeason"]
    assert season["drill"] == "SSG 4v4" and [w["sessions"] for w in season["weeks"]] == [1]
    assert season["weeks"][0]["team"] == pytest.approx(drills[1]["team"], rel=1e-12), "one session: the week is the session's drill"


def heard(audio):
    """The sounds in order, by name; a stretch of no one pitch (the voice) as "voice", consecutive ones as one."""
    out = []
    for _, length, frequency in sounds(audio):
        name = tone_name(frequency) or "voice"
        if name == "voice" and out and out[-1][0] == "voice":
            out[-1] = ("voice", out[-1][1] + length)
        else:
            out.append((name, length))
    return out


# A second at a time: each scripted wait lets the sounds queued before it play out (virtual time would
# otherwise queue the program's sounds in a moment, and the queue drops what waits over 2 s).
PROGRAM = edit_preset_1(2, 60, 30) + """
    tap "Demo"
    tap "Intervals"
    tap "Preset 1"
    wait 2s
    tap "Start"
""" + "    wait 1s\n" * 155 + "    dump end.json\n"

# 2 × 60 s / 30 s: go, the last 3 s of work, rest, its last 3 s, the last work block, its last 3 s, the buzzer.
TONES = ["work", "beep", "beep", "beep", "rest", "beep", "beep", "beep", "work", "beep", "beep", "beep", "buzzer"]


def test_a_tone_at_each_change_beeps_over_each_blocks_last_seconds_and_the_cues_spoken(seeded, tmp_path):
    assert shutil.which("espeak-ng"), "espeak-ng is not installed: run deploy/scripts/setup.sh"
    audio = tmp_path / "voice.raw"
    result = seeded.play(PROGRAM, env={"SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": str(audio), "SIDELINE_LOG_LEVEL": "debug"})
    assert "spoken cues through" in result.stderr and "espeak-ng" in result.stderr, result.stderr
    assert seeded.dump("end.json")["voice"] == "espeak-ng", "the settings screen knows"
    assert seeded.dump("end.json")["live"]["phase"] == "recovery"
    got = heard(audio)
    # "Last interval" and "one minute left", back to back, as the last work block starts with a minute left.
    assert [name for name, _ in got] == TONES[:9] + ["voice"] + TONES[9:], got
    voice = next(length for name, length in got if name == "voice")
    assert 1.5 <= voice <= 4.0, got


def test_the_cues_are_spoken_in_the_kiosks_language(seeded, tmp_path):
    """Issue 38: in German the same program says "Letztes Intervall" and "Noch eine Minute" (espeak-ng's German
    voice); the tones do not change."""
    from sideline_testkit.paths import ROOT
    subprocess.run([str(ROOT / "deploy/scripts/i18n/compile.sh"), str(ROOT / ".build/locale")], check=True)
    audio = tmp_path / "voice-de.raw"
    result = seeded.play(PROGRAM, extra=("--language", "de"),
                         env={"SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": str(audio), "SIDELINE_LOG_LEVEL": "debug",
                              "SIDELINE_LOCALEDIR": str(ROOT / ".build/locale")})
    assert "spoken cues through" in result.stderr and "in Deutsch" in result.stderr, result.stderr
    got = heard(audio)
    assert [name for name, _ in got] == TONES[:9] + ["voice"] + TONES[9:], got
    voice = next(length for name, length in got if name == "voice")
    assert 1.5 <= voice <= 4.5, got


def test_without_espeak_ng_the_program_is_tones_only_and_the_log_says_so(seeded, tmp_path):
    audio = tmp_path / "tones.raw"
    result = seeded.play(PROGRAM, env={"SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": str(audio), "SIDELINE_LOG_LEVEL": "debug",
                                       "PATH": "/nonexistent"})
    assert "no espeak-ng on PATH: interval programs are tones only" in result.stderr, result.stderr
    assert seeded.dump("end.json")["voice"] == "none"
    assert [name for name, _ in heard(audio)] == TONES


def test_settings_test_of_the_cues_speaks_the_first_time_though_the_phrases_are_made_on_first_use(seeded, tmp_path):
    """Issue 34: the phrases are not made at start (a launch does not pay for espeak-ng) but when first needed;
    the very first "Test the cues" after a start waits a moment for them rather than staying silent."""
    audio = tmp_path / "test-cues.raw"
    result = seeded.play(f"""
        {open_settings()}
        tap "Intervals ›"
        tap "Test the cues"
        wait 4s
        dump end.json
    """, env={"SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": str(audio), "SIDELINE_LOG_LEVEL": "debug"})
    assert "spoken cues through" in result.stderr and "not ready yet" not in result.stderr, result.stderr
    got = heard(audio)
    assert [name for name, _ in got] == ["work", "rest", "voice"], got
    assert 0.8 <= next(length for name, length in got if name == "voice") <= 3.0, got


def test_a_cue_whose_phrase_is_still_being_made_waits_for_it_off_the_loop(seeded, tmp_path):
    """The loop never waits for espeak-ng: "Test the cues" returns at once though no phrase is made, and the cue is
    said once it is. The voice here (espeak-ng behind a gate) makes no phrase until the kiosk has written the dump
    that follows the tap, which a loop waiting for the phrases could not have written: before, the loop waited
    2 s for them, gave up and said nothing ("not ready yet")."""
    espeak = shutil.which("espeak-ng")
    assert espeak, "espeak-ng is not installed: run deploy/scripts/setup.sh"
    gated = tmp_path / "bin"
    gated.mkdir()
    tapped = seeded.shots / "tapped.json"
    (gated / "espeak-ng").write_text(f"""#!/bin/sh
# Makes nothing until the kiosk has drawn past the tap (60 s at most, so a failure cannot hang the run).
i=0
while [ ! -e '{tapped}' ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
exec '{espeak}' "$@"
""")
    (gated / "espeak-ng").chmod(0o755)
    audio = tmp_path / "late-cue.raw"
    result = seeded.play(f"""
        {open_settings()}
        tap "Intervals ›"
        tap "Test the cues"
        dump tapped.json
        wait 4s
        dump end.json
    """, env={"SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": str(audio), "SIDELINE_LOG_LEVEL": "debug",
              "PATH": f"{gated}:{os.environ['PATH']}"})
    assert f"spoken cues through {gated}/espeak-ng" in result.stderr, result.stderr
    assert "not ready" not in result.stderr and "not said" not in result.stderr, result.stderr
    got = heard(audio)
    assert [name for name, _ in got] == ["work", "rest", "voice"], got

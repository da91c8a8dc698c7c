"""Issue 14, item 11: the buzzer when the countdown ends, beeps over its last 3 s and at a lap, a
settings switch and volume — heard through SDL's `disk` audio driver, which writes the samples the
kiosk plays to a file (signed 16-bit, mono, at the rate the kiosk asked for: 48 kHz)."""
import pytest

from sideline_testkit.audio import samples, sounds, tone_name
from sideline_testkit.kiosk import Kiosk, open_settings


def tones(heard):
    """Each sound by its pitch: the lap beep (1320 Hz), a countdown beep (880 Hz) or the buzzer (220 Hz)."""
    out = []
    for _, _, frequency in heard:
        name = tone_name(frequency)
        assert name, heard
        out.append(name)
    return out


def play(kiosk, script, audio, driver="disk"):
    env = {"SDL_AUDIODRIVER": driver, "SDL_DISKAUDIOFILE": str(audio)}
    return kiosk.play(script, env=env)


SESSION = """
    tap "Demo"
    tap "5 min"
    wait 2s
    tap "Start"
    wait 30s
    tap "Lap"
    wait 275s
    dump end.json
"""


@pytest.fixture
def seeded(sideline_bin, tmp_path):
    kiosk = Kiosk(sideline_bin, tmp_path)
    kiosk.seed_team(straps=4)
    return kiosk


def test_the_buzzer_sounds_when_the_countdown_ends(seeded, tmp_path):
    audio = tmp_path / "buzzer.raw"
    play(seeded, f"""
        {open_settings()}
        tap "Tiles & sound"
        tap "Volume Loud"
        tap "Done"
        {SESSION}
    """, audio)
    assert seeded.dump("end.json")["live"]["phase"] == "recovery", "the countdown ran out"
    heard = sounds(audio)
    # The volume check (a lap-style beep) when Loud was chosen, then nothing until the buzzer: beeps are off by default.
    assert tones(heard) == ["lap", "buzzer"], heard
    _, length, _ = heard[-1]
    assert 1.15 <= length <= 1.21, heard
    peak = max(abs(v) for v in samples(audio))
    assert peak >= 0.85 * 32767, "Loud is loud"


def test_beeps_over_the_last_three_seconds_and_at_a_lap(seeded, tmp_path):
    audio = tmp_path / "beeps.raw"
    play(seeded, f"""
        {open_settings()}
        tap "Tiles & sound"
        tap "Beeps On"
        dump settings.json
        tap "Done"
        {SESSION}
    """, audio)
    assert seeded.dump("settings.json")["settings"]["beeps"] == "1"
    heard = sounds(audio)
    assert tones(heard) == ["lap", "beep", "beep", "beep", "buzzer"], heard
    assert [round(length, 2) for _, length, _ in heard[:4]] == [0.09, 0.15, 0.15, 0.15], heard


def test_nothing_plays_when_sound_is_off(seeded, tmp_path):
    audio = tmp_path / "off.raw"
    play(seeded, f"""
        {open_settings()}
        tap "Tiles & sound"
        tap "Beeps On"
        tap "Sound Off"
        expect label "Sound On"
        dump off.json
        tap "Done"
        {SESSION}
    """, audio)
    assert seeded.dump("off.json")["settings"]["sound"] == "0"
    assert seeded.dump("end.json")["live"]["phase"] == "recovery"
    # The device was opened at start (sound was on then), and has played nothing since.
    assert not audio.exists() or sounds(audio) == [], sounds(audio)


def test_without_an_audio_device_the_kiosk_says_so_and_goes_on(seeded, tmp_path):
    result = play(seeded, SESSION, tmp_path / "none.raw", driver="no-such-driver")
    assert "the kiosk goes on without sound" in result.stderr, result.stderr
    assert seeded.dump("end.json")["live"]["phase"] == "recovery"

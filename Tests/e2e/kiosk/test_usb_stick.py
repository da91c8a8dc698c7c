"""A USB stick on the kiosk (`--usb-mounts`): a stick that is in gets a backup and a notice,
exports go to it (a player's own data too, from All players), Settings shows the last backup and restores the
stick's newest one behind the PIN. The stick is a real mount (tmpfs, so root only); the automount's release ("safe to remove")
needs systemd and is proven in the VM appliance test."""
import contextlib
import json
import os
import sqlite3
import subprocess

import pytest

from sideline_testkit.kiosk import open_settings, team_names
from sideline_testkit.player_zip import checked_player_zip

pytestmark = pytest.mark.skipif(os.geteuid() != 0, reason="mounting a stand-in stick needs root")


def test_a_stick_gets_a_backup_takes_exports_and_restores_behind_the_pin(sideline_bin, stick, tmp_path):
    media, mount_point = stick
    db = tmp_path / "kiosk.sqlite"
    subprocess.run([sideline_bin, "record", "--db", str(db), "--source", "sim:3", "--speed", "6000", "--team", "Here",
                    "--minutes", "1", "--quiet"], check=True, capture_output=True, timeout=120)
    # A backup from another day already on the stick, named later than anything written today.
    other = tmp_path / "other.sqlite"
    subprocess.run([sideline_bin, "teams", "--db", str(other)], check=True, capture_output=True, timeout=60)
    with contextlib.closing(sqlite3.connect(other)) as con, con:
        con.execute("INSERT INTO team(name, colour, created_ms) VALUES ('From the stick', '#123456', 0)")
    backups = mount_point / "sideline-backup"
    backups.mkdir()
    subprocess.run([sideline_bin, "backup", "--db", str(other), "--to", str(backups)], check=True, capture_output=True, timeout=60)
    (written,) = backups.iterdir()
    future = backups / "sideline-20991231-235959Z.sqlite"
    written.rename(future)

    script = tmp_path / "s.kiosk"
    script.write_text("\n".join([
        "wait 1s", "dump inserted.json",
        open_settings(),
        "tap \"Export all to USB\"", "wait 1s", "dump exported.json", "screenshot settings-backup",
        "tap \"Restore from USB\"", "dump asking.json", "tap \"Restore\"", "screenshot settings-restoring", "dump restoring.json",
        "wait 1s", "dump restored.json",
    ]) + "\n")
    result = subprocess.run([sideline_bin, "--headless", "--size", "800x480", "--script", str(script), "--screenshots", str(tmp_path / "shots"),
                             "--db", str(db), "--usb-mounts", str(media), "--source", "sim:3"],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    shots = tmp_path / "shots"
    inserted = json.loads((shots / "inserted.json").read_text())
    assert inserted["notice"].startswith("Backup written to the USB stick (sideline-"), inserted["notice"]
    mine = sorted(p.name for p in backups.iterdir() if p != future)
    assert len(mine) == 1 and inserted["notice"].endswith(f"({mine[0]})")
    with contextlib.closing(sqlite3.connect(f"file:{backups / mine[0]}?mode=ro", uri=True)) as con:
        assert con.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert [r[0] for r in con.execute("SELECT name FROM team")] == ["Here"]

    exported = json.loads((shots / "exported.json").read_text())
    assert exported["notice"] == f"Exported 1 session to {mount_point}/sideline-export", exported["notice"]
    assert any((mount_point / "sideline-export").iterdir())
    assert exported["backups"]["last"].endswith(", to a USB stick"), exported["backups"]
    assert exported["backups"]["onStick"].startswith("of ") and exported["backups"]["onStick"].endswith("from the USB stick")

    asking = json.loads((shots / "asking.json").read_text())
    # The restore runs off the loop: until the loop takes its end, the screen says so and offers no button.
    restoring = json.loads((shots / "restoring.json").read_text())
    assert restoring["backups"]["restoring"] and restoring["screen"] == "settings", restoring["backups"]
    assert restoring["targets"] == [], restoring["targets"]
    restored = json.loads((shots / "restored.json").read_text())
    assert not restored["backups"]["restoring"]
    assert restored["notice"] == "Restored the backup sideline-20991231-235959Z.sqlite; the data before it is kept on this device", restored["notice"]
    assert restored["screen"] == "teamPicker"
    assert [t["name"] for t in restored["teams"]] == ["From the stick"]
    assert team_names(db) == ["From the stick"]
    aside = [p for p in tmp_path.glob("kiosk.sqlite.before-restore-*") if not p.name.endswith("-wal")]
    assert len(aside) == 1 and team_names(aside[0]) == ["Here"]
    assert asking["screen"] == "settings"


def test_a_players_data_goes_onto_the_stick_from_all_players(sideline_bin, stick, tmp_path):
    """Issue 37, item 2 on the kiosk's screen: Settings (PIN) → All players → "Data" writes the player's ZIP onto the stick."""
    media, mount_point = stick
    db = tmp_path / "kiosk.sqlite"
    subprocess.run([sideline_bin, "record", "--db", str(db), "--source", "sim:3", "--speed", "6000", "--team", "Here",
                    "--minutes", "1", "--quiet"], check=True, capture_output=True, timeout=120)
    with contextlib.closing(sqlite3.connect(db)) as con:
        (first, last), = con.execute("SELECT first_name, last_name FROM player ORDER BY first_name, last_name LIMIT 1").fetchall()
    script = tmp_path / "s.kiosk"
    script.write_text("\n".join(["wait 1s", open_settings(), "tap \"All players\"", "screenshot all-players",
                                 f"tap \"Data {first} {last}\"", "wait 1s", "dump data.json"]) + "\n")
    result = subprocess.run([sideline_bin, "--headless", "--size", "800x480", "--script", str(script), "--screenshots", str(tmp_path / "shots"),
                             "--db", str(db), "--usb-mounts", str(media), "--source", "sim:3"],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    notice = json.loads((tmp_path / "shots" / "data.json").read_text())["notice"]
    (written,) = (mount_point / "sideline-export").iterdir()
    assert notice == f"Player's data written to {mount_point}/sideline-export: {written.name}", notice
    files = checked_player_zip(written)
    assert json.loads(files["profile.json"])["lastName"] == last
    assert len([n for n in files if n.endswith("_samples.csv")]) == 1


def test_the_sticks_lines_are_in_the_kiosks_language(sideline_bin, stick, tmp_path):
    """The backup's notice and Settings' backup lines (made by the kiosk, not drawn from the catalog) in German:
    its words, its day and time ("So., 29. Nov., 21:34"), none of English's."""
    import re
    from sideline_testkit.catalog import LanguageCheck
    from sideline_testkit.paths import ROOT
    media, _ = stick
    db = tmp_path / "kiosk.sqlite"
    subprocess.run([sideline_bin, "record", "--db", str(db), "--source", "sim:3", "--speed", "6000", "--team", "Hier",
                    "--minutes", "1", "--quiet"], check=True, capture_output=True, timeout=120)
    subprocess.run([str(ROOT / "deploy/scripts/i18n/compile.sh"), str(ROOT / ".build/locale")], check=True)
    script = tmp_path / "s.kiosk"
    script.write_text("\n".join(["wait 1s", "dump inserted.json", open_settings(), "tap \"Export all to USB\"", "wait 1s",
                                 "dump exported.json"]) + "\n")
    result = subprocess.run([sideline_bin, "--headless", "--size", "800x480", "--script", str(script), "--screenshots", str(tmp_path / "shots"),
                             "--db", str(db), "--usb-mounts", str(media), "--source", "sim:3", "--language", "de"],
                            capture_output=True, text=True, timeout=300, env={**os.environ, "SIDELINE_LOCALEDIR": str(ROOT / ".build/locale")})
    assert result.returncode == 0, result.stderr
    shots = tmp_path / "shots"
    inserted, exported = (json.loads((shots / name).read_text()) for name in ("inserted.json", "exported.json"))
    assert inserted["notice"].startswith("Sicherung auf den USB-Stick geschrieben (sideline-"), inserted["notice"]
    assert exported["notice"].startswith("1 Einheit nach ") and exported["notice"].endswith(" exportiert"), exported["notice"]
    last, on_stick = exported["backups"]["last"], exported["backups"]["onStick"]
    assert last.endswith(", auf einen USB-Stick") and on_stick.startswith("vom "), exported["backups"]
    english_day = re.compile(r"\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d")
    lines = [inserted["notice"], exported["notice"], last, on_stick]
    assert not any(english_day.search(line) for line in lines), lines
    assert LanguageCheck("de", allowed={"Sideline", "USB"}).problems(lines, ["Hier", "sideline", "export", "backup", "sqlite"]) == []

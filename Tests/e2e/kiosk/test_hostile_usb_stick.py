"""Issue 26 on the kiosk: a stranger's USB stick. "Import photos from USB" meets the 40000 × 40000 PNG
that crashed SDL_image and the other hostile pictures of hostile_files.py, one after another on the
same stick; "Restore from USB" meets backups that carry a trigger, a view, a virtual table, statistics,
pragmas or a lying header of their own. Each is refused with a notice naming the file or the object,
the kiosk stays on screen (one process plays every step, then ends its script normally), and nothing
changes: no photo stored, the same teams, no database kept aside. The steps take turns with the test
(StepwiseKiosk); the stick is a real mount (tmpfs, so root only)."""
import contextlib
import os
import sqlite3
import subprocess

import pytest

from sideline_testkit import hostile_files as hostile
from sideline_testkit.kiosk import open_settings, team_names
from sideline_testkit.stepwise_kiosk import StepwiseKiosk

pytestmark = pytest.mark.skipif(os.geteuid() != 0, reason="mounting a stand-in stick needs root")


def roster_numbers(db):
    with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as con:
        return [r[0] for r in con.execute("SELECT shirt_number FROM membership ORDER BY shirt_number")]


def photos_stored(db):
    with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as con:
        return con.execute("SELECT COUNT(*) FROM player_photo").fetchone()[0]


def test_hostile_pictures_on_a_stick_are_named_and_change_nothing(sideline_bin, stick, tmp_path):  # noqa: F811
    media, mount_point = stick
    db = tmp_path / "kiosk.sqlite"
    subprocess.run([sideline_bin, "record", "--db", str(db), "--source", "sim:4", "--seed", "7", "--speed", "6000",
                    "--team", "Four", "--minutes", "1", "--quiet"], check=True, capture_output=True, timeout=120)
    number = roster_numbers(db)[0]
    (mount_point / "photos").mkdir()
    names = sorted(hostile.PICTURES)
    kiosk = StepwiseKiosk(sideline_bin, tmp_path, db, media, ['tap "Four"', 'tap "Setup"'],
                       [['tap "Import photos from USB"'] for _ in names])
    for i, name in enumerate(names):
        make, says = hostile.PICTURES[name]
        for old in (mount_point / "photos").iterdir():
            old.unlink()
        # Named by shirt number, so it matches a player; its extension says its kind, truly or not.
        picture = mount_point / "photos" / f"{number}.{name.rsplit('.', 1)[1]}"
        picture.write_bytes(make())
        dump = kiosk.step(i)
        assert dump["notice"].startswith(f"Photos not imported, nothing changed: {picture.name} cannot be used as a photo ("), (name, dump["notice"])
        assert says in dump["notice"], (name, dump["notice"])
        assert dump["screen"] == "teamSetup", name
        assert all(line["photoVersion"] is None for line in dump["roster"]), name
    for old in (mount_point / "photos").iterdir():
        old.unlink()
    kiosk.end()
    assert photos_stored(db) == 0


def test_hostile_backups_on_a_stick_are_named_and_change_nothing(sideline_bin, stick, tmp_path):  # noqa: F811
    media, mount_point = stick
    db, made = hostile.database_and_hostile_backups(sideline_bin, tmp_path)
    backups = mount_point / "sideline-backup"
    backups.mkdir()
    # Named later than any backup the kiosk writes itself: the newest, the one "Restore from USB" takes.
    newest = backups / "sideline-20991231-235959Z.sqlite"
    kiosk = StepwiseKiosk(sideline_bin, tmp_path, db, media, [open_settings()],
                       [['tap "Restore from USB"', 'tap "Restore"'] for _ in made])
    for i, (name, (path, says)) in enumerate(made.items()):
        newest.write_bytes(path.read_bytes())
        dump = kiosk.step(i)
        assert dump["notice"].startswith(f"cannot restore {newest}: "), (name, dump["notice"])
        assert says in dump["notice"] and dump["notice"].endswith("nothing was changed"), (name, dump["notice"])
        assert [t["name"] for t in dump["teams"]] == ["Here"], name
    newest.unlink()
    kiosk.end()
    assert team_names(db) == ["Here"]
    assert [p.name for p in tmp_path.iterdir() if "before-restore" in p.name or "restore-incoming" in p.name] == []

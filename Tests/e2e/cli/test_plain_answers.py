"""Bad input as a new user would try it (issue 13, items 8-14): one plain line on stderr,
exit status 2, and nothing recorded lost or changed."""
import os
import pathlib
import shutil
import sqlite3
import subprocess
from contextlib import contextmanager

import pytest

from sideline_testkit.processes import one_line_error

ROSTER = "number,first,last,birth_year,sex,weight_kg,rest_hr,max_hr,strap\n7,Mia,Berg,2008,F,61,55,,A0:9E:1A:00:00:01\n"


@contextmanager
def small_tmpfs(mount, size):
    """A tmpfs of `size` mounted at `mount` for the block (a stick or a disk that fills up); the
    test is skipped where mounting is not allowed."""
    mount.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(mount)], capture_output=True).returncode != 0:
        pytest.skip("cannot mount a small tmpfs here (needs root)")
    try:
        yield mount
    finally:
        subprocess.run(["umount", str(mount)], capture_output=True)


def sessions_in(db):
    with sqlite3.connect(db) as con:
        return con.execute("SELECT COUNT(*) FROM session").fetchone()[0]


@pytest.mark.parametrize("source, says", [
    ("hci-tcp:127.0.0.1:1", "cannot connect"),
    ("hci-tcp:no-such-host.invalid:9100", "cannot resolve host"),
    ("hci-user:hci0", "hci-user:hci0"),
    ("bluez:hci0", "bluez:hci0"),
])
def test_a_source_that_cannot_open_leaves_no_session(sideline, tmp_path, source, says):
    roster = tmp_path / "roster.csv"
    roster.write_text(ROSTER)
    sideline("import-roster", str(roster), "--team", "U17")
    env = {**os.environ, "SIDELINE_DBUS_ADDRESS": "unix:path=" + str(tmp_path / "no-bus")}
    result = subprocess.run([sideline.bin, "record", "--db", str(sideline.db), "--source", source, "--team", "U17", "--minutes", "1"],
                            capture_output=True, text=True, timeout=60, env=env)
    one_line_error(result, says)
    assert sessions_in(sideline.db) == 0, "no empty '0:00 interrupted' session"


def test_the_recorder_lock_follows_symlinks(sideline, tmp_path):
    link = tmp_path / "link.sqlite"
    sideline("teams")  # creates the database
    link.symlink_to(sideline.db)
    first = subprocess.Popen([sideline.bin, "record", "--db", str(sideline.db), "--source", "sim:2", "--speed", "1",
                              "--team", "L", "--minutes", "5", "--quiet"], stdout=subprocess.PIPE, text=True)
    try:
        assert "recording session 1" in first.stdout.readline() + first.stdout.readline()
        second = subprocess.run([sideline.bin, "record", "--db", str(link), "--source", "sim:2", "--team", "L", "--minutes", "1"],
                                capture_output=True, text=True, timeout=60)
        one_line_error(second, "another Sideline process is recording")
        listed = subprocess.run([sideline.bin, "sessions", "--db", str(link)], capture_output=True, text=True, timeout=60)
        assert listed.returncode == 0 and "\trunning\t" in listed.stdout, listed.stdout
        with sqlite3.connect(sideline.db) as con:
            assert con.execute("SELECT state FROM session").fetchall() == [("running",)], "the live session was not cut"
    finally:
        first.terminate()
        first.wait(timeout=30)


def test_export_failures_say_what_could_not_be_written_where(sideline, tmp_path):
    sideline("record", "--source", "sim:2", "--speed", "6000", "--team", "E", "--minutes", "0.5", "--quiet")
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    line = one_line_error(sideline("export", "--session", "1", "--out", str(blocker / "sub"), check=False),
                          "cannot write the export file", str(blocker / "sub"), "Not a directory")
    assert "database" not in line, line
    taken = tmp_path / "out"
    taken.mkdir()
    files = sideline("export", "--session", "1", "--format", "json", "--out", str(taken)).stdout.split()
    os.remove(files[0])
    os.mkdir(files[0])
    one_line_error(sideline("export", "--session", "1", "--format", "json", "--out", str(taken), check=False),
                   "cannot write the export file", files[0], "Is a directory")


def test_an_export_to_a_full_disk_says_which_file_and_that_the_disk_is_full(sideline, tmp_path):
    """The export's folder on a tiny tmpfs (a USB stick with no room left): one plain line naming the file
    that could not be written and why; that file is not left half-written; the session is untouched."""
    sideline("record", "--source", "sim:3", "--speed", "6000", "--team", "F", "--minutes", "2", "--quiet")
    with small_tmpfs(tmp_path / "stick", "64k") as mount:
        out = mount / "export"
        line = one_line_error(sideline("export", "--session", "1", "--out", str(out), check=False),
                              "cannot write the export file", str(out), "the disk is full")
        assert "database" not in line, line
        failed = pathlib.Path(line.split("cannot write the export file ", 1)[1].rsplit(": ", 1)[0])
        assert failed.parent == out and not failed.exists(), (line, sorted(out.iterdir()))
        assert sessions_in(sideline.db) == 1


@pytest.mark.parametrize("flag, value, says", [
    ("--minutes", "-1", "--minutes must be between"),
    ("--speed", "-2", "--speed must be between"),
    ("--speed", "1e-9", "--speed must be between 1"),
    ("--recovery", "-5", "--recovery must be between"),
    ("--max-connections", "-3", "--max-connections must be between"),
    ("--seed", "-1", "--seed"),
])
def test_negative_and_absurd_numbers_get_plain_answers(sideline, flag, value, says):
    args = ["record", "--source", "sim:2", "--team", "N", "--minutes", "1", flag, value]
    if flag == "--minutes":
        args = ["record", "--source", "sim:2", "--team", "N", "--minutes", value]
    line = one_line_error(sideline(*args, check=False), says)
    assert "Missing value" not in line
    assert not sideline.db.exists() or sessions_in(sideline.db) == 0


def test_scan_seconds_and_unknown_flags_exit_two(sideline_bin):
    result = subprocess.run([sideline_bin, "scan", "--source", "hci-tcp:127.0.0.1:1", "--seconds", "-1"],
                            capture_output=True, text=True, timeout=60)
    one_line_error(result, "--seconds must be between")
    result = subprocess.run([sideline_bin, "teams", "--frobnicate"], capture_output=True, text=True, timeout=60)
    one_line_error(result, "--frobnicate", "sideline teams --help")
    assert subprocess.run([sideline_bin, "record", "--help"], capture_output=True, timeout=60).returncode == 0


def test_roster_csv_from_european_spreadsheets_and_every_problem_named(sideline, tmp_path):
    semicolons = tmp_path / "semicolons.csv"
    semicolons.write_bytes("number;first;last;birth_year;sex;weight_kg;rest_hr;max_hr;strap\r\n"
                           "7;Zoë;Müller;2008;F;61,5;55;;\r\n".encode("cp1252"))
    assert "imported 1 player into" in sideline("import-roster", str(semicolons), "--team", "EU").stdout
    assert "Zoë Müller" in sideline("players", "--team", "EU").stdout

    picture = tmp_path / "roster.png"
    picture.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)))
    one_line_error(sideline("import-roster", str(picture), "--team", "EU2", check=False), "is not a text file")

    bad = tmp_path / "bad.csv"
    bad.write_text("x,Noah,Costa,20x7,Q,heavy,fast,,nope\n"
                   '8,"Ida\nRossi",B,2007,F,60,50,,\n'
                   f"9,{'a' * 300},C,2007,F,60,50,,\n")
    result = sideline("import-roster", str(bad), "--team", "EU3", check=False)
    assert result.returncode == 2
    for part in ["shirt number 'x'", "birth year '20x7'", "sex 'Q'", "weight 'heavy'", "resting HR 'fast'", "strap 'nope'",
                 "line 2: first name contains a line break", "line 4: first name has 300 characters"]:
        assert part in result.stderr, (part, result.stderr)
    assert "EU3" not in sideline("teams").stdout


def test_another_programs_database_is_refused_unless_asked(sideline, tmp_path):
    with sqlite3.connect(sideline.db) as con:
        con.execute("CREATE TABLE notes(id INTEGER PRIMARY KEY, body TEXT)")
        con.execute("INSERT INTO notes(body) VALUES ('mine')")
    before = open(sideline.db, "rb").read()
    one_line_error(sideline("teams", check=False), "another program's tables (notes)", "--adopt-database")
    one_line_error(sideline("record", "--source", "sim:2", "--speed", "6000", "--team", "X", "--minutes", "0.2", check=False),
                   "another program's tables")
    assert open(sideline.db, "rb").read() == before, "nothing was changed"
    sideline("teams", "--adopt-database")
    with sqlite3.connect(sideline.db) as con:
        tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert {"notes", "session", "sample_minute"} <= tables
        assert con.execute("SELECT body FROM notes").fetchall() == [("mine",)]


def test_read_only_commands_work_on_a_full_disk(sideline_bin, tmp_path):
    """A small tmpfs filled up after the recording; no -shm file is left (the recorder closed cleanly)."""
    with small_tmpfs(tmp_path / "full", "3m") as mount:
        db = mount / "sideline.sqlite"
        run = lambda *args: subprocess.run([sideline_bin, *args, "--db", str(db)], capture_output=True, text=True, timeout=120)
        assert run("record", "--source", "sim:3", "--speed", "6000", "--team", "Full", "--minutes", "2", "--quiet").returncode == 0
        assert not (mount / "sideline.sqlite-shm").exists()
        # Unbuffered: a write the full disk refused leaves nothing for close() to write again.
        with open(mount / "fill", "wb", buffering=0) as fill:
            try:
                while True:
                    fill.write(b"\0" * 65536)
                    fill.flush()
            except OSError:
                pass
        assert shutil.disk_usage(mount).free < 8192
        sessions = run("sessions")
        assert sessions.returncode == 0 and "\tended\t" in sessions.stdout, sessions.stderr
        teams = run("teams")
        assert teams.returncode == 0 and teams.stdout.startswith("Full\t3 players"), teams.stderr
        out = tmp_path / "out"
        exported = run("export", "--session", "1", "--format", "json", "--out", str(out))
        assert exported.returncode == 0, exported.stderr
        assert len(list(out.glob("*_summary.json"))) == 1

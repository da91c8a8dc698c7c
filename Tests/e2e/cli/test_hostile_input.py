"""Issue 26 on the command line: what a stranger's USB stick may carry, through `import-roster` and
`restore`. Every file is refused with a plain message (one line, or the roster's lines each with its
number), in bounded memory, and nothing changes. The files come from hostile_files.py (the 4.7 MB PNG
bomb that crashed `import-roster` is made there, not kept)."""
import os

import pytest

from sideline_testkit import hostile_files as hostile

HEADER = hostile.HEADER


@pytest.fixture(scope="module")
def pictures(tmp_path_factory):
    folder = tmp_path_factory.mktemp("pictures")
    for name, (make, _) in hostile.PICTURES.items():
        (folder / name).write_bytes(make())
    return folder


def test_the_issues_png_bomb_is_refused_by_import_roster_in_little_memory(sideline_bin, pictures, tmp_path):
    """The regression: 4.7 MB declaring 40000 × 40000 pixels took `import-roster` to 4.7 GB and a segfault."""
    roster = tmp_path / "roster.csv"
    roster.write_text(HEADER + f"7,Mia,Berg,2008,F,60,60,,,{pictures / 'bomb-40000x40000.png'}\n")
    db = tmp_path / "db.sqlite"
    result, peak, _ = hostile.run_with_peak_rss([sideline_bin, "import-roster", str(roster), "--team", "U17", "--db", str(db)])
    assert result.returncode == 2, result.stderr
    assert "line 2: photo" in result.stderr and "a PNG of 40000×40000 pixels is too large for a photo" in result.stderr, result.stderr
    assert peak < 300, f"{peak:.0f} MB"
    assert not db.exists(), "refused before the database was opened"


@pytest.mark.parametrize("name", sorted(hostile.PICTURES))
def test_every_hostile_picture_named_in_a_roster_is_refused_plainly(sideline, pictures, tmp_path, name):
    roster = tmp_path / "roster.csv"
    roster.write_text(HEADER + f"7,Mia,Berg,2008,F,60,60,,,{pictures / name}\n")
    result = sideline("import-roster", str(roster), "--team", "U17", check=False)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert lines[0] == f"sideline: roster not imported, nothing changed; fix these lines of {roster}:", result.stderr
    assert len(lines) == 2 and lines[1].startswith(f"  line 2: photo {pictures / name}: "), result.stderr
    assert hostile.PICTURES[name][1] in lines[1], result.stderr
    assert not sideline.db.exists()


def fifo(path):
    os.mkfifo(path)
    return path


ROSTER_REFUSALS = {
    "players-100000.csv": "4 MB: too large (at most 1 MB)",
    "players-600.csv": "line 502: the file has 600 players; a roster has at most 500",
    "line-10MB.csv": "10 MB: too large (at most 1 MB)",
    "line-200kB.csv": "line 4: is 200023 characters long; a roster line has at most 1000",
    "mixed-encodings.csv": "line 3: is not UTF-8 like line 2 (Windows-1252?)",
    "bom-in-the-middle.csv": "line 4: a byte-order mark in the middle of the file (two files joined into one?)",
    "nul-bytes.csv": "line 4: holds a control character (byte 0x00): this is not a text file",
}


@pytest.mark.parametrize("name", sorted(ROSTER_REFUSALS))
def test_hostile_rosters_are_refused_plainly(sideline, tmp_path, name):
    roster = tmp_path / name
    roster.write_bytes(hostile.ROSTERS[name]())
    result = sideline("import-roster", str(roster), "--team", "U17", check=False)
    assert result.returncode == 2
    assert result.stderr.startswith("sideline: roster not imported, nothing changed"), result.stderr
    assert ROSTER_REFUSALS[name] in result.stderr, result.stderr
    assert len(result.stderr.splitlines()) <= 22, "at most 20 problems and a count"
    assert not sideline.db.exists()


def test_formulas_in_a_roster_are_imported_as_text_and_said(sideline, tmp_path):
    roster = tmp_path / "formulas.csv"
    roster.write_bytes(hostile.ROSTERS["formulas.csv"]())
    out = sideline("import-roster", str(roster), "--team", "U17").stdout.splitlines()
    assert out[0] == "imported 3 players into U17", out
    assert out[1:] == [
        "note: line 2: first name '=HYPERLINK(\"x\")' starts with '=', which a spreadsheet would run as a formula; exports write it as text",
        "note: line 3: first name '@SUM(A1)' starts with '@', which a spreadsheet would run as a formula; exports write it as text",
        "note: line 4: last name '+1 555' starts with '+', which a spreadsheet would run as a formula; exports write it as text",
    ], out


@pytest.mark.parametrize("make,reason", [
    (lambda d: hostile.sparse_file(d / "roster-1GB.csv"), "1.0 GB: too large (at most 1 MB)"),
    (lambda d: "/dev/zero", "not a plain file (a device or a pipe)"),
    (lambda d: fifo(d / "pipe.csv"), "not a plain file (a device or a pipe)"),
    (lambda d: d, "a folder, not a file"),
], ids=["1GB", "dev-zero", "fifo", "folder"])
def test_what_is_not_a_roster_sized_file_is_refused_without_reading_it(sideline, tmp_path, make, reason):
    result = sideline("import-roster", str(make(tmp_path)), "--team", "U17", check=False)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("sideline: roster not imported, nothing changed: "), result.stderr
    assert reason in lines[0], result.stderr
    assert not sideline.db.exists()


def test_a_photo_path_that_is_a_device_or_a_pipe_is_refused_without_reading_it(sideline, tmp_path):
    roster = tmp_path / "roster.csv"
    roster.write_text(HEADER + "7,Mia,Berg,2008,F,60,60,,,/dev/zero\n" + f"8,Ida,Berg,2008,F,60,60,,,{fifo(tmp_path / 'p.jpg')}\n"
                      + f"9,Eva,Berg,2008,F,60,60,,,{roster}\n")
    result = sideline("import-roster", str(roster), "--team", "U17", check=False)
    assert result.returncode == 2
    assert "line 2: photo /dev/zero: not a plain file (a device or a pipe)" in result.stderr, result.stderr
    assert "line 3: photo" in result.stderr and result.stderr.count("not a plain file") == 2, result.stderr
    assert "line 4: photo" in result.stderr and "not a JPEG, PNG, GIF, BMP or WebP picture" in result.stderr, result.stderr


def test_hostile_backups_are_refused_by_restore_naming_what_is_wrong(sideline_bin, tmp_path):
    db, made = hostile.database_and_hostile_backups(sideline_bin, tmp_path)
    before = db.read_bytes()
    assert len(made) == 11
    for name, (path, reason) in made.items():
        result, peak, _ = hostile.run_with_peak_rss([sideline_bin, "restore", str(path), "--db", str(db)])
        assert result.returncode == 2, (name, result.stdout, result.stderr)
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith(f"sideline: cannot restore {path}: "), (name, result.stderr)
        assert reason in lines[0] and lines[0].endswith("nothing was changed"), (name, result.stderr)
        assert peak < 300, (name, peak)
    assert db.read_bytes() == before
    left = [p.name for p in tmp_path.iterdir() if "before-restore" in p.name or "restore-incoming" in p.name]
    assert left == []

"""`make bench-hostile` (issue 26): peak RSS through the worst input of each kind a USB stick may carry.

    .venv/bin/python Benchmarks/hostile/bench_hostile.py [--sideline BIN] [--bench BIN]

Prints, for each hostile file of hostile_files.py and for real photos of 12 and 40 megapixels:
- `import-roster` (a roster naming the picture, or the hostile roster itself) and `restore`: the
  peak RSS wait4 reports for the command, which covers the photo helper it waited for, and the time;
- the photo helper alone (`sideline prepare-photo`) on the real photos;
- the kiosk (headless, one process, a tmpfs stick: root only): its VmHWM after "Import photos from USB"
  met each picture and "Restore from USB" each backup, read from /proc while it waits for the next step;
- what the helper process costs against decoding in process (`sideline-bench photo-helper`).
A benchmark, not a test: figures, and whether each stays under the 300 MB a 1 GB Pi can spare.
"""
import argparse
import os
import pathlib
import sqlite3
import subprocess
import tempfile
import time

HERE = pathlib.Path(__file__).resolve().parent
from sideline_testkit import hostile_files as hostile
from sideline_testkit.kiosk import open_settings
from sideline_testkit.stepwise_kiosk import StepwiseKiosk

BOUND_MB = 300


def measured(argv):
    """(exit status, the line of stderr that says why, peak RSS in MB, seconds)."""
    result, peak, seconds = hostile.run_with_peak_rss(argv)
    lines = result.stderr.strip().splitlines()
    why = next((line for line in lines if line.strip().startswith("line ")), lines[-1] if lines else "")
    return result.returncode, why.strip(), peak, seconds


def row(kind, name, peak, seconds, note):
    verdict = "ok" if peak < BOUND_MB else "OVER"
    print(f"  {kind:<13} {name:<28} {peak:7.1f} MB {seconds:6.2f} s  {verdict:<4} {note[:90]}")


def real_photo(path, width, height):
    """A camera-like JPEG: noise over a gradient (compresses like a photo, not like a flat colour)."""
    import cv2
    import numpy
    rng = numpy.random.default_rng(7)
    image = rng.integers(0, 60, (height, width, 3), dtype=numpy.uint8) + numpy.linspace(0, 190, width, dtype=numpy.uint8)[None, :, None]
    cv2.imwrite(str(path), image, [cv2.IMWRITE_JPEG_QUALITY, 90])
    return path


def command_line(sideline, work):
    print(f"import-roster and restore (peak RSS of the command and the photo helper it waited for; bound {BOUND_MB} MB)")
    pictures = {name: make() for name, (make, _) in hostile.PICTURES.items()}
    for name, data in pictures.items():
        (work / name).write_bytes(data)
    real_photo(work / "photo-12MP.jpg", 4000, 3000)
    real_photo(work / "photo-40MP.jpg", 7300, 5475)
    for name in [*pictures, "photo-12MP.jpg", "photo-40MP.jpg"]:
        roster = work / f"roster-{name}.csv"
        roster.write_text(hostile.HEADER + f"7,Mia,Berg,2008,F,60,60,,,{work / name}\n")
        db = work / f"db-{name}.sqlite"
        code, first, peak, seconds = measured([sideline, "import-roster", str(roster), "--team", "U17", "--db", str(db)])
        row("photo", name, peak, seconds, first if code else "imported")
    for name in ["photo-12MP.jpg", "photo-40MP.jpg"]:
        code, first, peak, seconds = measured([sideline, "prepare-photo", str(work / name)])
        row("helper alone", name, peak, seconds, "the stored photo" if code == 0 else first)
    for name, make in hostile.ROSTERS.items():
        (work / name).write_bytes(make())
    hostile.sparse_file(work / "roster-1GB.csv")
    for name in [*hostile.ROSTERS, "roster-1GB.csv"]:
        code, first, peak, seconds = measured([sideline, "import-roster", str(work / name), "--team", "U17", "--db", str(work / "db.sqlite")])
        row("roster", name, peak, seconds, first)
    db, made = hostile.database_and_hostile_backups(sideline, work, team="Four", straps=4)
    for name, (path, _) in made.items():
        code, first, peak, seconds = measured([sideline, "restore", str(path), "--db", str(db)])
        row("backup", name, peak, seconds, first)


def kiosk(sideline, work):
    print(f"the kiosk (headless, one process through every input; VmHWM after each; bound {BOUND_MB} MB)")
    if os.geteuid() != 0:
        print("  skipped: mounting a stand-in stick needs root")
        return
    media = work / "media"
    stick = media / "sdb1"
    stick.mkdir(parents=True)
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=96m", "stick", str(stick)], check=True)
    try:
        db, made = hostile.database_and_hostile_backups(sideline, work / "kiosk", team="Four", straps=4)
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as con:
            number = con.execute("SELECT MIN(shirt_number) FROM membership").fetchone()[0]
        pictures = [(name, make()) for name, (make, _) in hostile.PICTURES.items()]
        pictures.append(("photo-40MP.jpg", (work / "photo-40MP.jpg").read_bytes()))
        steps = [['tap "Import photos from USB"'] for _ in pictures]
        steps += [['tap "Restore from USB"', 'tap "Restore"'] for _ in made]
        steps[len(pictures)][:0] = ['tap "‹ Lobby"', 'tap "‹ Teams"', open_settings()]
        folder = work / "kiosk-run"
        folder.mkdir()
        started = time.monotonic()
        run = StepwiseKiosk(sideline, folder, db, media, ['tap "Four"', 'tap "Setup"'], steps)
        (stick / "photos").mkdir()
        (stick / "sideline-backup").mkdir()
        i = 0
        for name, data in pictures:
            for old in (stick / "photos").iterdir():
                old.unlink()
            (stick / "photos" / f"{number}.{name.rsplit('.', 1)[1]}").write_bytes(data)
            dump = run.step(i)
            row("photo", name, run.status("VmHWM") / 1024, time.monotonic() - started, dump["notice"])
            i += 1
        for old in (stick / "photos").iterdir():
            old.unlink()
        newest = stick / "sideline-backup" / "sideline-20991231-235959Z.sqlite"
        for name, (path, _) in made.items():
            newest.write_bytes(path.read_bytes())
            dump = run.step(i)
            row("backup", name, run.status("VmHWM") / 1024, time.monotonic() - started, dump["notice"])
            i += 1
        newest.unlink()
        run.end()
    finally:
        subprocess.run(["umount", str(stick)], check=False)


def helper_cost(bench, work):
    print("the photo helper's cost (sideline-bench photo-helper, a 12-MP JPEG)")
    subprocess.run([bench, "photo-helper", f"--picture={work / 'photo-12MP.jpg'}", "--rounds=7"], check=True)


def main():
    root = HERE.parents[1]
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sideline", default=str(root / ".build/release/sideline"))
    parser.add_argument("--bench", default=str(root / ".build/release/sideline-bench"))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-hostile-") as folder:
        work = pathlib.Path(folder)
        (work / "kiosk").mkdir()
        command_line(args.sideline, work)
        kiosk(args.sideline, work)
        helper_cost(args.bench, work)


if __name__ == "__main__":
    main()

"""The kiosk as tests drive it: the real binary, headless, playing touch scripts (the language of
deploy/scripts/kiosk/demo-flow.kiosk), its state dumps and screenshots read back, its database
read with Python's own sqlite3; pieces of scripts the tests share; the docs' flows played as
deploy/scripts/kiosk/play-flow.sh plays them for the screenshots."""
import contextlib
import json
import os
import sqlite3
import subprocess

from sideline_testkit.paths import KIOSK_FLOWS
from sideline_testkit.sqlite_records import readings_table

DEMO_FLOW = KIOSK_FLOWS / 'demo-flow.kiosk'
FLOWS = KIOSK_FLOWS / 'flows'  # the feature flows the docs' screenshots are made from
PLAY_FLOW = KIOSK_FLOWS / 'play-flow.sh'


MIN_TARGET = 64  # px at 800×480 (Metrics.target): a gloved finger (issue 14)


def small_targets(dump):
    """A state dump's touch targets under MIN_TARGET on their smaller side; a row a scrolling list shows
    only partly counts at its whole size (scrolled into view it is whole)."""
    whole = {c[0]: c[1:] for c in dump["clippedTargets"]}
    small = []
    for label, x, y, w, h in dump["targets"]:
        w, h = whole.get(label, (x, y, w, h))[2:]
        if min(w, h) < MIN_TARGET:
            small.append((label, w, h))
    return small


def unreadable_texts(dump):
    """A state dump's texts that do not fit as drawn: wider than their box even at the smallest size, or drawn
    under the kiosk's readable minimum (`readableText`, decision 099), asked that small or shrunk to fit; each
    said in a line."""
    lines = [f"{text!r} is wider than its box" for text in dump["overflowingTexts"]]
    return lines + [f"{t['text']!r} drawn at {t['size']} px (asked {t['requestedSize']}), under the readable {dump['readableText']}"
                    for t in dump["smallTexts"]]


def pin_pad(digits):
    """Taps `digits` on the PIN pad, one script line each."""
    return "\n".join(f'tap "pin:{d}"' for d in digits)


def open_settings(pin="1234"):
    """From the team picker: Settings, then the PIN."""
    return 'tap "Settings"\n' + pin_pad(pin)


def play_flow(binary, flow, size, shots, db=None, timeout=900, language=None, dump_languages=()):
    """Plays a flow file with play-flow.sh (its set-up first; on a database of its own unless `db`
    is given, which is kept); its screenshots and dumps land in `shots`. `language` ("de"): the kiosk
    speaks it (play-flow.sh's FLOW_LANGUAGE); `dump_languages` (["fr", "es"]): each dump X.json is also
    drawn in those, X.fr.json… (FLOW_DUMP_LANGUAGES)."""
    env = {**os.environ, **({"FLOW_LANGUAGE": language} if language else {}),
           **({"FLOW_DUMP_LANGUAGES": " ".join(dump_languages)} if dump_languages else {})}
    result = subprocess.run([str(PLAY_FLOW), str(binary), str(flow), size, str(shots), *([str(db)] if db else [])],
                            capture_output=True, text=True, timeout=timeout, env=env)
    assert result.returncode == 0, result.stderr
    return result


class Kiosk:
    """One kiosk database in a test's folder, with the folder its scripts' screenshots and dumps go to."""

    def __init__(self, binary, folder):
        self.binary = binary
        self.db = folder / "kiosk.sqlite"
        self.shots = folder / "shots"

    def seed_team(self, team="Demo", straps=12):
        """A team of `straps` simulated players with one past minute-long session (seed 7)."""
        subprocess.run([self.binary, "record", "--db", str(self.db), "--source", f"sim:{straps}", "--seed", "7",
                        "--speed", "6000", "--team", team, "--minutes", "1", "--quiet"],
                       check=True, capture_output=True, timeout=120)

    def play(self, script_text=None, script_path=None, size="800x480", check=True, extra=(), env=None):
        """Plays a script (its text, or a file) headless; the CompletedProcess."""
        if script_text is not None:
            script_path = self.shots.parent / "script.kiosk"
            script_path.write_text(script_text)
        result = subprocess.run([self.binary, "--headless", "--size", size, "--script", str(script_path),
                                 "--screenshots", str(self.shots), "--db", str(self.db), *extra],
                                capture_output=True, text=True, timeout=600, env={**os.environ, **(env or {})})
        if check and result.returncode != 0:
            raise AssertionError(f"kiosk failed ({result.returncode}): {result.stderr}")
        return result

    def play_flow(self, flow, size="800x480"):
        """Plays one of the docs' flows on this kiosk's database (kept for the test to read)."""
        return play_flow(self.binary, flow, size, self.shots, db=self.db, timeout=600)

    def dump(self, name):
        return json.loads((self.shots / name).read_text())

    def sql(self, query, *args):
        with contextlib.closing(sqlite3.connect(self.db)) as db, db:  # closed, and committed as before
            readings_table(db, query)  # `sample` as v32 had it, decoded from store v33's minutes
            return db.execute(query, args).fetchall()


def team_names(db):
    """The teams in a kiosk's database, by name (read-only: the kiosk may still hold it)."""
    with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as con:
        return [r[0] for r in con.execute("SELECT name FROM team ORDER BY name")]

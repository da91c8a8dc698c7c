"""Issue 37, item 1 on the touchscreen: Settings (PIN) → All players → Delete → "Delete for good" erases the
player as `sideline erase-player` does — off the loop, with a notice when done — and nothing of them is left
in the database file (the raw bytes, free pages and write-ahead log included; the readings by their SQLite
records, Tests/e2e/cli/test_erase_player.py's oracle)."""
import subprocess

from sideline_testkit.kiosk import Kiosk
from sideline_testkit.sqlite_records import raw_files, sample_records

ROSTER = ("number,first,last,birth_year,sex,weight_kg,rest_hr,max_hr,strap\n"
          "7,Ada,Lovelace,2001,F,60,55,,A0:00:00:00:00:01\n"
          "87,Zebulonia,Quixotterby,2002,F,61,58,,A0:00:00:00:00:02\n"
          "9,Bea,Brook,2000,M,80,60,,A0:00:00:00:00:03\n")
NAMES = [b"Zebulonia", b"Quixotterby"]

SCRIPT = """
tap "Settings"
tap "pin:1"
tap "pin:2"
tap "pin:3"
tap "pin:4"
tap "All players"
tap "Delete Zebulonia Quixotterby"
dump asked.json
screenshot erase-player-confirm
tap "Delete for good"
wait 1s
dump erased.json
screenshot erase-player-done
"""


def test_delete_player_on_the_kiosk_is_an_erasure(sideline_bin, tmp_path):
    kiosk = Kiosk(sideline_bin, tmp_path)
    roster = tmp_path / "roster.csv"
    roster.write_text(ROSTER)
    for args in (["import-roster", str(roster), "--team", "Eagles"],
                 ["record", "--source", "sim:3", "--speed", "6000", "--team", "Eagles", "--minutes", "1", "--quiet"]):
        subprocess.run([sideline_bin, *args, "--db", str(kiosk.db)], check=True, capture_output=True, timeout=120)
    (pid, uuid), = kiosk.sql("SELECT id, uuid FROM player WHERE last_name = 'Quixotterby'")
    records = sample_records(kiosk.db, pid)
    assert records and NAMES[1] in raw_files(kiosk.db)

    kiosk.play(SCRIPT)
    asked = kiosk.dump("asked.json")["confirmation"]
    assert asked.startswith("Delete Zebulonia Quixotterby and their heart rates in 1 session?"), asked
    erased = kiosk.dump("erased.json")
    assert erased["notice"].startswith("Player erased: ") and "in 1 session" in erased["notice"], erased["notice"]
    assert "Zebulonia Quixotterby" not in [p["name"] for p in erased["club"]["players"]]
    raw = raw_files(kiosk.db)
    for needle in NAMES + [uuid.encode()]:
        assert needle not in raw, f"{needle} is still in the kiosk's database"
    assert not [r for r in records if r in raw], "their readings are still in the file"
    assert kiosk.sql("SELECT erased_by FROM player_erasure") == [("kiosk settings (PIN)",)]
    assert len(kiosk.sql("SELECT * FROM sample")) > 0, "the others' readings stay"

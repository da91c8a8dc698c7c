"""CSV exports as a spreadsheet reads them (issue 13, item 7): UTF-8 with a byte-order mark,
a name that looks like a formula kept as text (OWASP's leading apostrophe), no stray space after
an empty last name, each row's clock time in ISO 8601 with its UTC offset, and seconds in zones
rounded, the rest zone included."""
import csv
import json
import sqlite3
from datetime import datetime


def test_csv_exports_open_cleanly_in_a_spreadsheet(sideline, tmp_path):
    roster = tmp_path / "roster.csv"
    roster.write_text("number,first,last,birth_year,sex,weight_kg,rest_hr,max_hr,strap\n"
                      "1,=1+2,,2001,M,70,55,,A0:00:00:00:00:01\n"
                      "2,Zoë,Müller,2002,F,60,58,,A0:00:00:00:00:02\n"
                      "3,@SUM(A1),-5,2000,M,80,60,,A0:00:00:00:00:03\n", encoding="utf-8")
    sideline("import-roster", str(roster), "--team", "Sheet")
    sideline("record", "--source", "sim:3", "--speed", "6000", "--team", "Sheet", "--minutes", "3", "--quiet")
    out = tmp_path / "out"
    files = sideline("export", "--session", "1", "--format", "csv", "--out", str(out)).stdout.split()
    sideline("export", "--session", "1", "--format", "json", "--out", str(out))
    assert len(files) == 3
    for path in files:
        raw = open(path, "rb").read()
        assert raw.startswith(b"\xef\xbb\xbf"), f"{path}: no UTF-8 byte-order mark"
        text = raw.decode("utf-8-sig")
        assert "Zoë Müller" in text
        for row in csv.reader(text.splitlines()):
            for cell in row:
                assert not cell or cell[0] not in "=+@\t\r" and not (cell[0] == "-" and not is_number(cell)), (path, cell)
    samples = next(f for f in files if f.endswith("_samples.csv"))
    with open(samples, newline="", encoding="utf-8-sig") as f:
        rows = list(csv.DictReader(f))
    assert {r["player"] for r in rows} == {"'=1+2", "Zoë Müller", "'@SUM(A1) -5"}, "formulas kept as text, no trailing space"
    with sqlite3.connect(sideline.db) as con:
        started_ms = con.execute("SELECT started_ms FROM session WHERE id = 1").fetchone()[0]
    for r in rows[:: max(1, len(rows) // 50)]:
        clock = datetime.fromisoformat(r["time"])
        assert clock.utcoffset() is not None, r["time"]
        assert round(clock.timestamp() * 1000) == started_ms + int(r["t_ms"]), r
    rr = next(f for f in files if f.endswith("_rr.csv"))
    with open(rr, newline="", encoding="utf-8-sig") as f:
        first = next(csv.DictReader(f))
    assert round(datetime.fromisoformat(first["time"]).timestamp() * 1000) == started_ms + int(first["t_ms"])

    summary = next(f for f in files if f.endswith("_summary.csv"))
    with open(summary, newline="", encoding="utf-8-sig") as f:
        table = {r["player"]: r for r in csv.DictReader(f) if r["lap"] == "all"}
    exported = json.loads(next(out.glob("*_summary.json")).read_text())
    for player in exported["players"]:
        row = table[text_cell(player["name"])]
        for zone, seconds in player["session"]["zoneSecondsPercentOfMax"].items():
            column = "z0_max_s" if zone == "rest" else f"{zone}_max_s"
            assert float(row[column]) == round(seconds, 1), (player["name"], column, row[column], seconds)
        zones = sum(float(row[f"z{z}_max_s"]) for z in range(6))
        assert abs(zones - float(row["signal_s"])) <= 0.35, "the zones, rest included, add up to the signal time"


def is_number(cell):
    try:
        float(cell)
        return True
    except ValueError:
        return False


def text_cell(name):
    return "'" + name if name[:1] in ("=", "+", "-", "@", "\t", "\r") else name

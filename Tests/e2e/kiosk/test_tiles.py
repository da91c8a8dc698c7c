"""Issue 14, items 6, 7, 10 and 12: live tiles that stay readable from 4 to 40 players on the coach
screen and the wall display (never text over text, the battery as a bar that cannot hide the
name), the tiles' third line as a setting, the zone hold of 15 s, and the live graph."""
import pytest

from sideline_testkit.kiosk import Kiosk, open_settings
from sideline_testkit.png import read_png
from sideline_testkit.tile_checks import check_tiles

SQUADS = [4, 12, 16, 24, 40]


@pytest.fixture
def squads(sideline_bin, tmp_path):
    """A club with a squad of each size (the first N of the same 40 simulated straps)."""
    kiosk = Kiosk(sideline_bin, tmp_path)
    for n in SQUADS:
        kiosk.seed_team(f"Squad of {n}", straps=n)
    return kiosk


def session_of(n, wait="45s"):
    return f"""
        tap "Squad of {n}"
        tap "Open"
        wait 2s
        tap "Start"
        wait {wait}
        screenshot tiles-{n}
        dump tiles-{n}.json
        tap "Stop"
        tap "Stop"
        tap "Discard"
        tap "Delete session"
        tap "Teams"
    """


def test_tiles_from_4_to_40_players_on_both_screens(squads):
    script = "".join(session_of(n) for n in SQUADS)
    for size in ("800x480", "1920x1080"):
        squads.play(script, size=size, extra=("--source", "sim:40", "--wall-display", "1"))
        for n in SQUADS:
            live = squads.dump(f"tiles-{n}.json")["live"]
            coach = live["tiles"]
            assert len(coach) == n
            check_tiles(coach, min_text=12 if size == "800x480" else 24, where=f"{n} players, coach screen {size}")
            names = {t["playerID"]: t["name"] for t in coach}
            wall = [dict(t, name=names[t["playerID"]]) for t in live["wallTiles"]]
            assert len(wall) == n
            check_tiles(wall, min_text=24, where=f"{n} players, wall display")
        # The battery bar is drawn where the dump says: its track darker than the tile, its level white.
        width, height, pixels = read_png(squads.shots / "tiles-40.png")
        for tile in squads.dump("tiles-40.json")["live"]["tiles"]:
            bar = next(p["rect"] for p in tile["parts"] if p["role"] == "battery")
            x, y, w, h = bar
            left = pixels[y + h // 2][x + 1]
            assert min(left) >= 180, (tile["playerID"], bar, left)  # a strap reports a battery: the bar starts white


def test_the_third_line_is_a_setting_and_sorted_by_effort_the_points_show(squads):
    squads.play(f"""
        {open_settings()}
        tap "Tiles & sound"
        tap "Third line kcal"
        screenshot settings-tiles-and-sound
        tap "‹ Settings"
        tap "15 s"
        dump settings.json
        tap "Done"
        tap "Squad of 12"
        tap "Open"
        wait 2s
        tap "Start"
        wait 120s
        dump kcal.json
        tap "Sort"
        tap "Sort"
        tap "Sort"
        tap "Sort"
        dump effort.json
    """)
    settings = squads.dump("settings.json")["settings"]
    assert settings["tileDetail"] == "kcal" and settings["zoneHoldMs"] == "15000"
    tiles = squads.dump("kcal.json")["live"]["tiles"]
    shown = [t for t in tiles if t["signal"]]
    assert len(shown) >= 10
    for t in shown:
        detail = next(p["text"] for p in t["parts"] if p["role"] == "detail")
        assert detail in (f"{round(t['kcal'])} kcal", f"{round(t['kcal'])}"), (detail, t["kcal"])
    assert max(t["kcal"] for t in shown) > 10, "two minutes of work"
    effort = squads.dump("effort.json")["live"]
    assert effort["sort"] == "effort"
    for t in effort["tiles"]:
        if t["signal"]:
            detail = next(p["text"] for p in t["parts"] if p["role"] == "detail")
            assert detail.split()[0] == str(int(t["effort"])) and detail != str(round(t["kcal"])) + " kcal", (detail, t)


def mix(a, b, t):
    return tuple(round(x * (1 - t) + y * t) for x, y in zip(a, b))


def test_the_live_graph_is_one_tap_from_the_tiles_and_back(squads):
    squads.play("""
        tap "Squad of 12"
        tap "Open"
        wait 2s
        tap "Start"
        wait 200s
        tap "Graph"
        screenshot live-graph
        dump graph.json
        tap "Tiles"
        dump tiles.json
    """, size="800x480")
    graph = squads.dump("graph.json")["live"]
    assert graph["view"] == "graph"
    assert all(t["recentPoints"] >= 180 for t in graph["tiles"] if t["signal"]), [t["recentPoints"] for t in graph["tiles"]]
    assert squads.dump("tiles.json")["live"]["view"] == "tiles"
    width, height, pixels = read_png(squads.shots / "live-graph.png")
    counts = {}
    for row in pixels:
        for p in row:
            counts[p] = counts.get(p, 0) + 1
    surface = (0x2A, 0x30, 0x39)
    zones = {1: (0x5E, 0x6A, 0x7A), 2: (0x1F, 0x62, 0xB8), 3: (0x1C, 0x7A, 0x36), 4: (0xB0, 0x4E, 0x08), 5: (0xC0, 0x1B, 0x1B)}
    for zone, colour in zones.items():
        band = mix(colour, surface, 0.72)
        assert counts.get(band, 0) > 2000, f"the zone {zone} band behind the lines"

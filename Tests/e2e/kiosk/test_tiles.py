"""Issue 14, items 6, 7, 10 and 12, and issue 25, items 1-3: live tiles that stay readable from 1 to 40
players on the coach screen and the wall display (never text over text; the longest form of the name that
fits at a readable size; a battery glyph on every tile, red when low, hollow when the strap reports none;
the percentage beside the zone inside that zone), the tiles' third line as a setting, the zone margin,
and the live graph."""
import pytest

from sideline_testkit.kiosk import Kiosk, open_settings
from sideline_testkit.png import read_png, read_png_pixels
from sideline_testkit.tile_checks import check_battery_glyph, check_name_fit, check_tiles, check_zone_agrees

SQUADS = [4, 12, 16, 24, 40]
EVERY_SQUAD = list(range(1, 41))


def seeded(sideline_bin, tmp_path, sizes):
    """A club with a squad of each size (the first N of the same 40 simulated straps)."""
    kiosk = Kiosk(sideline_bin, tmp_path)
    for n in sizes:
        kiosk.seed_team(f"Squad of {n}", straps=n)
    return kiosk


@pytest.fixture
def squads(sideline_bin, tmp_path):
    return seeded(sideline_bin, tmp_path, SQUADS)


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


def test_every_squad_from_1_to_40_on_both_screens(sideline_bin, tmp_path):
    """Each squad size at 800×480 and at 1920×1080 with the wall display: every tile's parts apart,
    its name the longest form that fits at a readable size, its battery glyph drawn (outline, fill
    level and colour, or hollow), and the percentage beside its zone badge inside that zone. Five
    squads a club, so that every team card is on the team picker without scrolling."""
    glyphs = {"known": 0, "low": 0, "unknown": 0}
    for first in range(1, 41, 5):
        group = EVERY_SQUAD[first - 1:first + 4]
        kiosk = seeded(sideline_bin, tmp_path / f"squads-{first}", group)
        script = "".join(session_of(n, wait="12s") for n in group)
        for size in ("800x480", "1920x1080"):
            kiosk.play(script, size=size, extra=("--source", "sim:40", "--wall-display", "1"))
            for n in group:
                for kind, count in check_squad(kiosk, n, size).items():
                    glyphs[kind] += count
    assert glyphs["low"] > 0 and glyphs["unknown"] > 0 and glyphs["known"] > 0, glyphs


def check_squad(kiosk, n, size):
    """One squad's tiles on the coach screen and the wall display; how many battery glyphs of each kind."""
    live = kiosk.dump(f"tiles-{n}.json")["live"]
    coach = live["tiles"]
    assert len(coach) == n
    glyphs = {"known": 0, "low": 0, "unknown": 0}
    where = f"{n} players, coach screen {size}"
    check_tiles(coach, min_text=12 if size == "800x480" else 24, where=where)
    pixels = read_png_pixels(kiosk.shots / f"tiles-{n}.png")
    for tile in coach:
        check_name_fit(tile, where)
        check_zone_agrees(tile, where)
        glyphs[check_battery_glyph(tile, tile["battery"], pixels, where)] += 1
        if n <= 3:  # big tiles: the whole name
            assert next(p["text"] for p in tile["parts"] if p["role"] == "name") == tile["name"], (where, tile["name"])
    by_id = {t["playerID"]: t for t in coach}
    wall = [dict(t, name=by_id[t["playerID"]]["name"]) for t in live["wallTiles"]]
    assert len(wall) == n
    where = f"{n} players, wall display"
    check_tiles(wall, min_text=24, where=where)
    pixels = read_png_pixels(kiosk.shots / f"tiles-{n}-wall.png")
    for tile in wall:
        check_name_fit(tile, where)
        check_battery_glyph(tile, by_id[tile["playerID"]]["battery"], pixels, where)
    return glyphs


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


def test_the_third_line_is_a_setting_and_sorted_by_effort_the_points_show(squads):
    squads.play(f"""
        {open_settings()}
        tap "Tiles & sound"
        tap "Third line kcal"
        screenshot settings-tiles-and-sound
        tap "‹ Settings"
        tap "5 bpm"
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
    assert settings["tileDetail"] == "kcal" and settings["zoneMarginBpm"] == "5"
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

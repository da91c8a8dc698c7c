"""Issue 25, item 6, as the docs' flow plays it (deploy/scripts/kiosk/flows/versus-last-time.kiosk): the
team's last session with the same tags (a recorded test) is read when the next one starts, and with
"vs last" as the tiles' third line each tile says how many effort points the player is ahead of or
behind the same minute of that session — on the coach's screen and the wall display."""
import pytest

from sideline_testkit.kiosk import FLOWS, Kiosk


def part(tile, role):
    return next((p for p in tile["parts"] if p["role"] == role), None)


def signed(difference):
    return f"+{difference}" if difference > 0 else (f"−{-difference}" if difference < 0 else "±0")


@pytest.mark.parametrize("size", ["800x480", "1920x1080"])
def test_each_tile_is_ahead_of_or_behind_the_same_minute_last_time(sideline_bin, tmp_path, size):
    kiosk = Kiosk(sideline_bin, tmp_path)
    kiosk.play_flow(FLOWS / "versus-last-time.kiosk", size=size)
    previous = kiosk.sql("SELECT id FROM session WHERE tags = 'test' ORDER BY started_ms LIMIT 1")[0][0]
    live = kiosk.dump("versus.json")["live"]
    assert live["lastTimeSession"] == previous
    tiles = [t for t in live["tiles"] if t["signal"]]
    assert len(tiles) >= 10
    for tile in tiles:
        assert tile["versusLastTime"] is not None, tile["name"]
        expected = signed(round(tile["versusLastTime"]))
        assert part(tile, "detail")["text"].split(" ")[0] == expected, (tile["name"], part(tile, "detail"), tile["versusLastTime"])
    if size == "1920x1080":
        details = {t["playerID"]: part(t, "detail") for t in live["wallTiles"]}
        for tile in tiles:
            assert details[tile["playerID"]]["text"].split(" ")[0] == signed(round(tile["versusLastTime"])), tile["name"]

"""Issue 36, item 1 by touch, headless, on the real binary: the docs' flow deploy/scripts/kiosk/flows/rate-the-session.kiosk
— a saved training session's review offers "Rate", each player taps their own tile and a value on the CR-10 scale,
the coach unlocks the sheet with the PIN and corrects one; then the wall in privacy. Checked: what the database
keeps (the same rows `sideline rpe` lists), at most 5 taps a player (2 here), glove-sized targets, the players'
sheet and a private wall never showing a value, a wall that is not private showing them."""
import json
import re
import subprocess

import pytest

from sideline_testkit.kiosk import FLOWS, Kiosk, small_targets
from sideline_testkit.png import read_png_pixels

FLOW = FLOWS / "rate-the-session.kiosk"


@pytest.fixture(scope="module")
def rated(sideline_bin, tmp_path_factory):
    kiosk = Kiosk(sideline_bin, tmp_path_factory.mktemp("rating"))
    kiosk.play_flow(FLOW, size="1920x1080")
    return kiosk


def listed(kiosk):
    out = subprocess.run([kiosk.binary, "rpe", "--session", "1", "--json", "--db", str(kiosk.db)],
                         capture_output=True, text=True, timeout=120, check=True).stdout
    return {p["number"]: p for p in json.loads(out)["players"]}


def test_the_ratings_given_by_touch_are_kept_and_the_coachs_correction_marked(rated):
    players = listed(rated)
    assert {n: (p["rpe"], p["byCoach"]) for n, p in players.items()} == {
        4: (8, True), 7: (5, False), 9: (10, False), 11: (None, None), 12: (None, None)}
    assert players[7]["srpeLoad"] == 50, "RPE × 10 effort minutes"
    dump = rated.dump("rating-corrected.json")["review"]["rating"]
    assert {l["number"]: l["rpe"] for l in dump["lines"]} == {n: p["rpe"] for n, p in players.items()}


def test_a_player_rates_in_two_taps(rated):
    """From the flow itself: every player's rating is their tile, then their value — ≤ 5 taps a player."""
    taps = [line for line in FLOW.read_text().splitlines() if line.startswith("tap ")]
    per_player = []
    for i, line in enumerate(taps):
        if m := re.match(r'tap "rate:(\d+)"', line):
            following = taps[i + 1:]
            count = 1 + next(k for k, t in enumerate(following, start=1) if t.startswith(('tap "rpe:', 'tap "Cancel"')))
            if following[count - 2].startswith('tap "rpe:'):
                per_player.append((m.group(1), count))
    assert len(per_player) == 4 and all(count <= 5 for _, count in per_player), per_player
    assert all(count == 2 for _, count in per_player), per_player


@pytest.mark.parametrize("dump", ["rating-open.json", "rating-scale.json", "rating-coach.json"])
def test_every_target_takes_a_glove(rated, dump):
    assert small_targets(rated.dump(dump)) == [], dump


def test_the_players_sheet_says_who_rated_not_what(rated):
    three = rated.dump("rating-three.json")["review"]["rating"]
    assert three["rated"] == 3 and not three["coach"] and three["windowOpen"]
    assert rated.dump("rating-coach.json")["review"]["rating"]["coach"]


def _status_crops(kiosk, shot, dump):
    """The lower right part of each rated player's wall tile (where its status is written), by shirt number."""
    rating = kiosk.dump(dump)["review"]["rating"]
    pixels = read_png_pixels(kiosk.shots / shot)
    crops = {}
    for line in rating["lines"]:
        if line["rpe"] is None:
            continue
        x, y, w, h = rating["wallTiles"][str(line["playerID"])]
        crops[line["number"]] = pixels[y + h // 2:y + h * 9 // 10, x + w * 2 // 5:x + w - w // 20]
    return crops


def test_the_private_wall_shows_no_value_and_the_open_one_does(rated):
    private = _status_crops(rated, "rating-private-wall.png", "rating-private.json")
    assert len(private) == 3
    first = next(iter(private.values()))
    assert all((crop == first).all() for crop in private.values()), "the same word on every rated tile: no value"
    shown = _status_crops(rated, "rating-corrected-wall.png", "rating-corrected.json")
    assert not (shown[7] == shown[9]).all(), "without privacy the values differ"

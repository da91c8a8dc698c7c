"""Issue 25, item 5: challenges. Two players picked in the lobby by touch, scored by HeartMate's rule
(seconds in the higher zone, chosen in Settings by touch); two bars growing with the scores and the
names on the wall display, a compact strip on the coach's screen (state dump and pixels); the result
stored with the session when its effort ends, and shown in its review."""
import pytest

from sideline_testkit.kiosk import Kiosk, open_settings
from sideline_testkit.png import read_png

RED, BLUE = (0xC2, 0x18, 0x5B), (0x15, 0x65, 0xC0)  # Theme.challengeSides


@pytest.fixture
def seeded(sideline_bin, tmp_path):
    kiosk = Kiosk(sideline_bin, tmp_path)
    kiosk.seed_team(straps=4)
    return kiosk


def run_length(row, colour, x0, x1):
    """How many pixels of `colour` the row has between x0 and x1."""
    return sum(1 for x in range(x0, x1) if row[x][:3] == colour)


def test_a_duel_by_touch_on_the_wall_and_in_review(seeded):
    (a_id, a_name), (b_id, b_name) = seeded.sql("SELECT id, first_name || ' ' || last_name FROM player ORDER BY id LIMIT 2")
    seeded.play(f"""
        {open_settings()}
        tap "Intervals ›"
        tap "Challenge Higher zone"
        tap "Done"
        tap "Demo"
        tap "Challenge"
        tap "side:{a_name}"
        tap "side:{b_name}"
        tap "side:{b_name}"
        dump sheet.json
        tap "Done"
        tap "10 min"
        wait 2s
        tap "Start"
        wait 60s
        dump early.json
        wait 120s
        dump late.json
        screenshot late
        tap "Stop"
        tap "Stop"
        dump stopped.json
        wait 61s
        tap "Save"
        dump review.json
    """, size="1920x1080", extra=("--wall-display", "1"))
    assert seeded.dump("sheet.json")["lobby"]["challengeSides"] == {str(a_id): 0, str(b_id): 1}
    early, late = (seeded.dump(f"{n}.json")["live"]["challenge"] for n in ("early", "late"))
    assert late["rule"] == "higherZone"
    assert [s["name"] for s in late["sides"]] == [a_name, b_name], "a side of one is named after its player"
    assert [s["players"] for s in late["sides"]] == [[a_id], [b_id]]
    a, b = (s["score"] for s in late["sides"])
    assert a + b > 0 and a + b <= 180, "seconds ahead, at most the effort's"
    assert all(x >= y for x, y in zip((a, b), (s["score"] for s in early["sides"]))), "scores only grow"

    # The wall: a bar per side along its foot, red above blue, as long as their scores are to each other.
    _, _, wall = read_png(seeded.shots / "late-wall.png")
    band_top = 1080 - 144  # px(64) at 1920×1080
    rows = [wall[y] for y in range(band_top, 1080)]
    red = max(run_length(r, RED, 0, 1920) for r in rows[:72])
    blue = max(run_length(r, BLUE, 0, 1920) for r in rows[72:])
    if b == 0:
        assert blue == 0 and red > 0
    elif a == 0:
        assert red == 0 and blue > 0
    else:
        assert abs(red / blue - a / b) < 0.03 * max(1, a / b), (red, blue, a, b)
    # The coach's screen: one strip under the bar, split between the sides' colours.
    _, _, coach = read_png(seeded.shots / "late.png")
    strip = coach[144 + 38]
    assert run_length(strip, RED, 0, 1920) + run_length(strip, BLUE, 0, 1920) > 800

    stopped = seeded.dump("stopped.json")["live"]
    final = [s["score"] for s in stopped["challenge"]["sides"]]
    (rule, first, first_score, second, second_score), = seeded.sql(
        "SELECT rule, first_name, first_score, second_name, second_score FROM session_challenge WHERE session_id = ?", stopped["sessionID"])
    assert (rule, first, second) == ("higherZone", a_name, b_name)
    assert [first_score, second_score] == pytest.approx(final), "the result as the wall showed it when the effort ended"
    assert seeded.sql("SELECT player_id, side FROM session_challenge_player WHERE session_id = ? ORDER BY side",
                      stopped["sessionID"]) == [(a_id, 0), (b_id, 1)]
    review = seeded.dump("review.json")["review"]["challenge"]
    assert [s["score"] for s in review["sides"]] == pytest.approx(final)
    winner = review["winner"]
    assert review["outcome"] == ("A draw" if winner is None else f"{[a_name, b_name][winner]} won")

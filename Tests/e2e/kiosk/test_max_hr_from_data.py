"""Issue 36, item 5 by touch, headless, on the real binary: the docs' flow
deploy/scripts/kiosk/flows/max-hr-from-data.kiosk — two players' HRmax on file set low in the player
form, their session's review asks the coach whether the heart rate each held for five seconds becomes
their HRmax; the first is used, the second kept. Checked against the database: the held peak computed
here from the stored samples, the new HRmax in the next session's snapshot and not in the last one's,
the one turned down not asked again."""
import json
import subprocess

import pytest

from sideline_testkit.kiosk import FLOWS, Kiosk

FLOW = FLOWS / "max-hr-from-data.kiosk"


@pytest.fixture(scope="module")
def played(sideline_bin, tmp_path_factory):
    kiosk = Kiosk(sideline_bin, tmp_path_factory.mktemp("max-hr"))
    kiosk.play_flow(FLOW)
    return kiosk


def held_peak(kiosk, player_id, hold_ms=5000, max_gap_ms=5000):
    """The highest floor of any stretch of `hold_ms` the samples cover without a break, as ANALYTICS.md
    defines it: each plausible sample with skin contact (contact 1 is "not detected") stands for the time
    until the next one; a gap over `max_gap_ms` breaks the stretch, and the sample before it (as the
    last) stands for one second."""
    rows = kiosk.sql("SELECT t_ms, bpm FROM sample WHERE session_id = 1 AND player_id = ? AND contact != 1 "
                     "AND bpm BETWEEN 25 AND 250 ORDER BY t_ms", player_id)
    reach = [t + (rows[i + 1][0] - t if i + 1 < len(rows) and rows[i + 1][0] - t <= max_gap_ms else 1000)
             for i, (t, _) in enumerate(rows)]
    best = None
    for i, (start, _) in enumerate(rows):
        floor = None
        for j in range(i, len(rows)):
            if j > i and rows[j][0] > reach[j - 1]:
                break
            floor = rows[j][1] if floor is None else min(floor, rows[j][1])
            if reach[j] - start >= hold_ms:
                best = floor if best is None else max(best, floor)
                break
    return best


def test_the_review_asks_for_the_held_peaks_above_the_file(played):
    asked = played.dump("suggested.json")["review"]["maxHRSuggestions"]
    ids = {p: pid for pid, p in played.sql("SELECT id, first_name || ' ' || last_name FROM player")}
    assert [s["name"] for s in asked] == ["Jonas Rossi", "Paul Rossi"], "the two players whose file says 150, in shirt order"
    for s in asked:
        assert s["onFileBPM"] == 150 and s["onFileSource"] == "measured"
        assert s["observedBPM"] == held_peak(played, ids[s["name"]]) > 150


def test_the_used_hrmax_is_the_next_sessions_and_the_kept_one_is_not_asked_again(played):
    jonas, paul = (played.sql("SELECT id FROM player WHERE first_name = ? AND last_name = 'Rossi'", n)[0][0] for n in ("Jonas", "Paul"))
    used = played.dump("used.json")["review"]["maxHRSuggestions"][0]["observedBPM"]
    assert played.dump("used.json")["review"]["maxHRSuggestions"][0]["name"] == "Paul Rossi"
    jonas_peak = played.dump("suggested.json")["review"]["maxHRSuggestions"][0]["observedBPM"]
    assert played.sql("SELECT max_hr, max_hr_dismissed FROM player WHERE id = ?", jonas) == [(jonas_peak, None)]
    assert played.sql("SELECT max_hr, max_hr_dismissed FROM player WHERE id = ?", paul) == [(150, used)]
    assert played.dump("reopened.json")["review"]["maxHRSuggestions"] == [], "neither is asked again"
    # The session keeps the HRmax it was recorded with; the next one takes the new one.
    assert played.sql("SELECT max_source FROM session_player WHERE session_id = 1 AND player_id = ?", jonas) == [("tanaka",)]
    subprocess.run([played.binary, "record", "--db", str(played.db), "--source", "sim:4", "--seed", "3", "--speed", "6000",
                    "--team", "Demo", "--minutes", "1", "--quiet"], check=True, capture_output=True, timeout=120)
    assert played.sql("SELECT max_hr, max_source FROM session_player WHERE session_id = 2 AND player_id = ?", jonas) == [(jonas_peak, "measured")]
    assert played.sql("SELECT max_hr FROM session_player WHERE session_id = 2 AND player_id = ?", paul) == [(150,)]

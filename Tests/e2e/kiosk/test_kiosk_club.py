"""Issue 14 by touch, as CI plays it: the flows in deploy/scripts/kiosk/flows (which also make the
screenshots) on the real binary, headless. Checked: what the store kept (Python's sqlite3), the
state dumps, the pixels of the screenshots, and the numbers against the JSON export."""
import json
import subprocess

import pytest

from sideline_testkit.kiosk import FLOWS, Kiosk
from sideline_testkit.png import read_png, read_png_size

PRIMARY, NORMAL, DANGER = (0x1D, 0x6F, 0xD6), (0x3A, 0x42, 0x4E), (0xC6, 0x28, 0x28)


def played(binary, folder, name, size="800x480"):
    """The flow `name` played as the docs' screenshots are (its set-up: the team "Demo" with one past
    session); the kiosk, its database kept."""
    kiosk = Kiosk(binary, folder)
    kiosk.play_flow(FLOWS / f"{name}.kiosk", size)
    return kiosk


def pixel_of(kiosk, png, dump, label):
    """The colour inside a target's rounded corner (left, middle), away from its text."""
    (x, y, w, h), = [t[1:] for t in kiosk.dump(dump)["targets"] if t[0] == label]
    _, _, pixels = read_png(kiosk.shots / f"{png}.png")
    return pixels[y + h // 2][x + max(4, h // 8)]


@pytest.fixture(scope="module")
def tags(sideline_bin, tmp_path_factory):
    return played(sideline_bin, tmp_path_factory.mktemp("tags"), "tags-and-sessions")


@pytest.fixture(scope="module")
def club(sideline_bin, tmp_path_factory):
    return played(sideline_bin, tmp_path_factory.mktemp("club"), "club-admin")


def test_tags_are_chosen_in_the_lobby_and_go_with_the_session(tags):
    lobby = tags.dump("tags-lobby.json")
    want = ["after-training", "test", "sitting", "hill-sprints"]
    assert lobby["lobby"]["tags"] == want and not lobby["lobby"]["editingTags"]
    sheet = tags.dump("tags-sheet.json")
    assert sheet["lobby"]["editingTags"]
    for label, colour in [("tag:After training", PRIMARY), ("tag:Before training", NORMAL), ("tag:Test", PRIMARY),
                          ("tag:Match", NORMAL), ("tag:Sitting", PRIMARY), ("Word", PRIMARY)]:
        assert pixel_of(tags, "tags-sheet", "tags-sheet.json", label) == colour, label
    assert tags.sql("SELECT name, last_tags FROM team") == [("Demo", ",".join(want))], "remembered for the team's next session"
    review = tags.dump("tags-review.json")["review"]
    assert review["tags"] == want and review["open"] == 2


def test_the_sessions_list_shows_average_effort_players_and_tags_and_filters(tags, tmp_path):
    dump = tags.dump("sessions-filtered.json")["review"]
    cards = {c["id"]: c for c in dump["sessions"]}
    assert sorted(cards) == [1, 2] and dump["tagFilter"] == "test" and dump["shown"] == [2]
    assert dump["filterTags"] == ["after-training", "hill-sprints", "sitting", "test"]
    tagged = cards[2]
    assert tagged["tags"] == ["after-training", "test", "sitting", "hill-sprints"] and tagged["players"] == 12
    # Stopped after two minutes: the effort is that long; the recording has the recovery minute too.
    assert 119_000 <= tagged["effortMs"] <= 121_500 and abs(tagged["durationMs"] - tagged["effortMs"] - 60_000) <= 1_000, tagged
    # The average is the analysis's: the players' averages in the JSON export, averaged.
    out = tmp_path / "export"
    subprocess.run([tags.binary, "export", "--db", str(tags.db), "--session", "1", "--format", "json", "--out", str(out)],
                   check=True, capture_output=True, timeout=120)
    exported = json.loads(next(out.glob("*_summary.json")).read_text())
    averages = [p["session"]["avgBPM"] for p in exported["players"] if p["session"]["avgBPM"] is not None]
    assert len(averages) == 12 and cards[1]["averageBPM"] == pytest.approx(sum(averages) / len(averages), abs=1e-9)
    assert pixel_of(tags, "sessions-list-filtered", "sessions-filtered.json", "filter:test") == PRIMARY
    assert pixel_of(tags, "sessions-list-filtered", "sessions-filtered.json", "filter:all") == NORMAL


def test_a_session_is_deleted_behind_the_pin_with_everything_in_it(tags):
    # The review's Delete is drawn as a destructive button (red, on the bar's dark grey), not as plain text.
    assert pixel_of(tags, "tags-review-header", "tags-review.json", "Delete") == DANGER
    assert pixel_of(tags, "tags-review-header", "tags-review.json", "Export") == NORMAL
    deleted = tags.dump("deleted.json")
    assert deleted["notice"] == "Session deleted" and deleted["review"]["open"] is None
    assert [c["id"] for c in deleted["review"]["sessions"]] == [1]
    for table in ["sample_minute", "rr_minute", "strap_event", "lap", "nn_cache", "session_summary", "session_player"]:
        assert tags.sql(f"SELECT COUNT(*) FROM {table} WHERE session_id = 2") == [(0,)], table
    assert tags.sql("SELECT id FROM session") == [(1,)]
    assert tags.sql("SELECT COUNT(*) FROM sample WHERE session_id = 1")[0][0] > 600, "the other session is whole"
    _, _, pin = read_png(tags.shots / "delete-session-pin.png")
    assert pin[240][400] != pin[240][20], "the PIN pad over the review"


def test_a_team_is_renamed_recoloured_and_deleted_and_players_join_from_the_club(club):
    team = club.dump("team-tab.json")
    eagles = next(t for t in team["teams"] if t["name"] == "Eagles Girls")
    assert eagles["colour"] == "#43A047" and eagles["players"] == 2
    assert [(r["name"], r["number"]) for r in team["roster"]] == [("Ida Fischer", 13), ("Max Weber", 24)], "their Demo numbers"
    _, _, pixels = read_png(club.shots / "team-tab.png")
    assert pixels[62][400] == (0x43, 0xA0, 0x47), "the bar takes the team's new colour"
    deleted = club.dump("team-deleted.json")
    assert deleted["screen"] == "teamPicker" and [t["name"] for t in deleted["teams"]] == ["Demo"]
    assert deleted["notice"] == "Team deleted"
    assert club.sql("SELECT COUNT(*) FROM team") == [(1,)]
    # Ida and Max stay, on Demo; Max was taken off Eagles before, which changed nothing for Demo.
    assert club.sql("""SELECT p.first_name, m.shirt_number FROM player p JOIN membership m ON m.player_id = p.id
                       WHERE p.first_name IN ('Ida', 'Max') AND p.last_name IN ('Fischer', 'Weber') ORDER BY 1""") == [("Ida", 13), ("Max", 24)]


@pytest.fixture(scope="module")
def team_with_sessions(sideline_bin, tmp_path_factory):
    return played(sideline_bin, tmp_path_factory.mktemp("team-with-sessions"), "delete-team-with-sessions")


def test_a_team_with_sessions_is_deleted_as_the_question_says(team_with_sessions):
    flow = team_with_sessions
    asked = flow.dump("delete-team-confirm.json")
    juniors = next(t for t in asked["teams"] if t["name"] == "Juniors")
    assert (juniors["sessions"], juniors["players"]) == (2, 4)
    assert asked["pin"] is None, "asked only once the PIN was given"
    assert asked["confirmation"] == ("Delete the team Juniors and its 2 sessions, with every heart rate in them? "
                                     "Its 4 players stay in All players. This cannot be undone.")
    done = flow.dump("delete-team-done.json")
    assert done["notice"] == "Team deleted" and [t["name"] for t in done["teams"]] == ["Demo"]
    # Exactly what it said: the two sessions with everything recorded in them are gone ...
    assert flow.sql("SELECT id, team_id FROM session") == [(1, 1)]
    for table in ["sample_minute", "rr_minute", "strap_event", "lap", "nn_cache", "session_summary", "session_player"]:
        assert flow.sql(f"SELECT COUNT(*) FROM {table} WHERE session_id IN (2, 3)") == [(0,)], table
    assert flow.sql("SELECT COUNT(*) FROM membership WHERE team_id = ?", juniors["id"]) == [(0,)]
    assert flow.sql("SELECT COUNT(*) FROM sample WHERE session_id = 1")[0][0] > 600, "the other team's session is whole"
    # ... and its four players stay, on no team now, in All players.
    assert flow.sql("SELECT COUNT(*) FROM player") == [(16,)]
    players = flow.dump("all-players-after.json")["club"]["players"]
    on_no_team = [p for p in players if not p["teams"]]
    assert len(players) == 16 and len(on_no_team) == 4 and all(p["sessions"] == 0 for p in on_no_team)


def test_all_players_include_those_on_no_team_and_one_is_deleted(club):
    players = {p["name"]: p for p in club.dump("all-players.json")["club"]["players"]}
    assert len(players) == 12 and players["Finn Horvat"]["teams"] == [], "taken off Demo: on no team, still listed"
    assert players["Ida Fischer"]["teams"] == [{"team": "Demo", "number": 13}]
    assert club.sql("SELECT COUNT(*) FROM player WHERE first_name = 'Finn' AND last_name = 'Horvat'") == [(0,)]
    assert club.sql("SELECT COUNT(*) FROM player") == [(11,)]


def test_the_strap_list_and_forget_strap(club):
    listed = club.dump("strap-list.json")["club"]["straps"]
    assert [s["name"] for s in listed] == [f"SimStrap {i}" for i in range(1, 13)], "as people count"
    second = next(s for s in listed if s["name"] == "SimStrap 2")
    assert second["wearers"] == [{"name": "Emma Olsen", "number": 80, "team": "Demo"}] and second["sessions"] == 1
    assert second["battery"] is not None and second["lastSeenMs"] is not None, "noted while the kiosk heard it"
    assert pixel_of(club, "strap-list", "strap-list.json", "Forget SimStrap 2") == DANGER
    after = [s["name"] for s in club.dump("straps-after.json")["club"]["straps"]]
    assert "SimStrap 1" not in after and len(after) == 11
    assert club.sql("SELECT forgotten_ms IS NOT NULL FROM strap WHERE name = 'SimStrap 1'") == [(1,)]
    assert club.sql("SELECT COUNT(*) FROM membership m JOIN strap s ON s.id = m.strap_id WHERE s.name = 'SimStrap 1'") == [(0,)]


@pytest.mark.parametrize("name", ["tags-and-sessions", "club-admin"])
def test_the_flows_run_at_full_hd(sideline_bin, tmp_path, name):
    flow = played(sideline_bin, tmp_path, name, size="1920x1080")
    pngs = sorted(flow.shots.glob("*.png"))
    assert len(pngs) >= 6
    assert read_png_size(pngs[0]) == (1920, 1080)


def test_the_lobby_says_who_lacks_consent_and_the_player_form_records_it(club):
    """Issue 37, item 5 by touch (the club-admin flow; its set-up turns the club's consent rule on): every player's
    chip says "no consent" and the side counts them; Ida's form records 1 March 2026 and Anna Berg, queued for the club."""
    before, after = club.dump("consent-lobby.json")["lobby"]["lackingConsent"], club.dump("consent-given.json")["lobby"]["lackingConsent"]
    assert len(before) == 12 and len(after) == 10, "Finn Horvat left the team, Ida has consent"
    ida = club.sql("SELECT id, consent_day, consent_by FROM player WHERE first_name = 'Ida' AND last_name = 'Fischer'")
    assert [row[1:] for row in ida] == [("2026-03-01", "Anna Berg")] and ida[0][0] in before and ida[0][0] not in after
    assert club.sql("SELECT count(*) FROM club_roster_edit WHERE entity = 'player' AND field = 'consent'")[0][0] >= 1


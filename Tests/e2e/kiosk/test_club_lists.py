"""Issue 25, items 7 and 9, played as the docs' flow plays them (deploy/scripts/kiosk/flows/club-lists.kiosk):
All players sorted by name or by team (players on no team first), a player added there on no team
and edited there (the editor shows their zones in bpm), a player's photo removed; the strap list
says which straps are live now, and a strap is given a label that the store keeps and every list shows."""
import pytest

from sideline_testkit.kiosk import FLOWS, Kiosk
from sideline_testkit.png import read_png_pixels

# Theme.zone: zones 1-5 (the chips of a player's zones in bpm are drawn in them).
ZONE_COLOURS = [(0x5E, 0x6A, 0x7A), (0x1F, 0x62, 0xB8), (0x1C, 0x7A, 0x36), (0xB0, 0x4E, 0x08), (0xC0, 0x1B, 0x1B)]


@pytest.fixture(scope="module", params=["800x480", "1920x1080"])
def club(sideline_bin, tmp_path_factory, request):
    kiosk = Kiosk(sideline_bin, tmp_path_factory.mktemp(f"club-{request.param}"))
    kiosk.play_flow(FLOWS / "club-lists.kiosk", size=request.param)
    return kiosk


def test_all_players_by_name_or_by_team(club):
    by_team = club.dump("by-team.json")["club"]
    assert by_team["playerSort"] == "team"
    keys = [(p["teams"][0]["team"], p["teams"][0]["number"]) if p["teams"] else ("", -1) for p in by_team["players"]]
    assert keys == sorted(keys), "on no team first, then team by team, by shirt number"
    names = [p["name"] for p in club.dump("added.json")["club"]["players"]]
    assert names[0] == "Lina Novak", "a player added on no team leads the list sorted by team"


def test_a_player_added_and_edited_in_all_players(club):
    lina = club.sql("SELECT id, birth_year, resting_hr FROM player WHERE first_name = 'Lina' AND last_name = 'Novak'")
    assert len(lina) == 1 and lina[0][2] == 60, lina
    assert club.sql("SELECT COUNT(*) FROM membership WHERE player_id = ?", lina[0][0]) == [(0,)], "on no team"
    mia = next(p for p in club.dump("edited.json")["club"]["players"] if p["name"] == "Mia Berg")
    assert mia["restingHR"] == 52
    assert club.sql("SELECT resting_hr FROM player WHERE first_name = 'Mia' AND last_name = 'Berg'") == [(52,)]
    # The editor showed her five zones in bpm, each chip in its zone's colour.
    pixels = read_png_pixels(club.shots / "club-player-editor-zones.png")
    flat = {tuple(int(v) for v in p) for p in pixels.reshape(-1, 3)[::7]}
    assert all(colour in flat for colour in ZONE_COLOURS), "a chip per zone"


def test_a_players_photo_removed(club):
    mia = next(p for p in club.dump("photo-removed.json")["club"]["players"] if p["name"] == "Mia Berg")
    assert mia["photoVersion"] is None
    assert club.sql("""SELECT COUNT(*) FROM player_photo ph JOIN player p ON p.id = ph.player_id
                       WHERE p.first_name = 'Mia' AND p.last_name = 'Berg'""") == [(0,)]
    assert club.sql("SELECT COUNT(*) FROM player_photo") == [(3,)], "the others keep theirs"


def test_the_strap_list_says_which_straps_are_live_and_labels_one(club):
    live = club.dump("straps-live.json")["club"]["straps"]
    assert len(live) == 12 and all(s["live"] for s in live), [(s["name"], s["live"]) for s in live]
    labelled = {s["name"]: s for s in club.dump("straps-labelled.json")["club"]["straps"]}
    assert labelled["SimStrap 3"]["label"] == "Box A 7"
    assert all(s["label"] is None for name, s in labelled.items() if name != "SimStrap 3")
    assert club.sql("SELECT label FROM strap WHERE name = 'SimStrap 3'") == [("Box A 7",)]
    # The strap table the screens list straps by shows the label.
    assert "Box A 7" in [s["name"] for s in club.dump("straps-labelled.json")["straps"]]

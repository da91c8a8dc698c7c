"""Issue 14, item 8 on the kiosk (the CSV side: Tests/e2e/cli/test_roster_photos.py):
"Import photos from USB" on the kiosk (files named by shirt number or name), resized and stored in
the database, shown on the roster, the tiles and the wall display; initials in the player's colour
without one; a bad picture gets a clear message and changes nothing. OpenCV (an independent
decoder) makes the test pictures and reads back what was stored."""
import contextlib
import json
import os
import sqlite3
import subprocess

import cv2
import numpy
import pytest

from sideline_testkit.kiosk import FLOWS, Kiosk, open_settings, play_flow
from sideline_testkit.pictures import near, picture
from sideline_testkit.png import read_png


def stored_photos(db):
    with contextlib.closing(sqlite3.connect(db)) as con:
        rows = con.execute("""SELECT p.first_name, ph.jpeg, ph.updated_ms FROM player_photo ph
                              JOIN player p ON p.id = ph.player_id ORDER BY p.first_name""").fetchall()
    return {name: (cv2.imdecode(numpy.frombuffer(jpeg, numpy.uint8), cv2.IMREAD_COLOR), version) for name, jpeg, version in rows}


@pytest.fixture
def stick(tmp_path):
    if os.geteuid() != 0:
        pytest.skip("mounting a stand-in stick needs root")
    media = tmp_path / "media"
    mount_point = media / "sdb1"
    mount_point.mkdir(parents=True)
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=16m", "stick", str(mount_point)], check=True)
    yield media, mount_point
    subprocess.run(["umount", str(mount_point)], check=True)


def test_photos_from_a_usb_stick_on_the_roster_the_tiles_and_the_wall(sideline_bin, stick, tmp_path):
    media, mount_point = stick
    kiosk = Kiosk(sideline_bin, tmp_path)
    kiosk.seed_team("Four", straps=4)
    with contextlib.closing(sqlite3.connect(kiosk.db)) as con:
        roster = con.execute("""SELECT m.shirt_number, p.first_name || ' ' || p.last_name FROM membership m
                                JOIN player p ON p.id = m.player_id ORDER BY m.shirt_number""").fetchall()
    (n1, _), (_, name2), (n3, _), _ = roster
    # A bad picture for the third player first: nothing is stored, and the coach is told which file.
    (mount_point / "photos").mkdir()
    picture(mount_point / "photos" / f"{n1}.jpg", 400, 400, (0, 200, 0))
    (mount_point / "photos" / f"{n3}.jpg").write_bytes(b"\xff\xd8\xff\xe0 cut short")
    script = """
        wait 1s
        tap "Four"
        tap "Setup"
        tap "Import photos from USB"
        wait 1s
        dump bad.json
    """
    kiosk.play(script, size="1920x1080", extra=("--usb-mounts", str(media), "--source", "sim:4"))
    bad = kiosk.dump("bad.json")
    assert bad["notice"].startswith(f"Photos not imported, nothing changed: {n3}.jpg"), bad["notice"]
    assert stored_photos(kiosk.db) == {}
    assert all(line["photoVersion"] is None for line in bad["roster"])

    # Fixed on the stick: two photos by number and by name, and one for nobody.
    os.remove(mount_point / "photos" / f"{n3}.jpg")
    picture(mount_point / f"{name2.lower().replace(' ', '_')}.png", 300, 300, (200, 0, 200))
    picture(mount_point / "99.jpg", 300, 300, (0, 0, 0))
    kiosk.play("""
        wait 1s
        tap "Four"
        tap "Setup"
        tap "Import photos from USB"
        wait 1s
        dump imported.json
        screenshot roster-with-photos
        tap "Lobby"
        tap "Open"
        wait 2s
        tap "Start"
        wait 20s
        screenshot tiles-with-photos
        dump live.json
    """, size="1920x1080", extra=("--usb-mounts", str(media), "--source", "sim:4", "--wall-display", "1"))
    imported = kiosk.dump("imported.json")
    assert imported["notice"] == "Imported 2 photos from the USB stick; 1 matched nobody", imported["notice"]
    with_photo = {line["number"] for line in imported["roster"] if line["photoVersion"] is not None}
    assert with_photo == {n1, roster[1][0]}
    assert sorted(stored_photos(kiosk.db)) == sorted([roster[0][1].split()[0], name2.split()[0]])

    # On the tiles and the wall display: the photo inside the avatar, initials on the others.
    live = kiosk.dump("live.json")["live"]
    for tiles, shot in ((live["tiles"], "tiles-with-photos.png"), (live["wallTiles"], "tiles-with-photos-wall.png")):
        _, _, pixels = read_png(kiosk.shots / shot)
        numbers = {t["playerID"]: t["number"] for t in live["tiles"]}
        for tile in tiles:
            avatar = next((p["rect"] for p in tile["parts"] if p["role"] == "avatar"), None)
            assert avatar is not None, (shot, tile["playerID"])
            x, y, w, h = avatar
            centre = pixels[y + h // 2][x + w // 2]
            number = numbers[tile["playerID"]]
            if number == n1:
                assert near(centre, (0, 200, 0)), (shot, centre)
            elif number == roster[1][0]:
                assert near(centre, (200, 0, 200)), (shot, centre)
            else:
                assert not near(centre, (0, 200, 0)) and not near(centre, (200, 0, 200)), (shot, centre)


# Theme.playerPalette: a player's own colour, by id, for their avatar without a photo.
PLAYER_PALETTE = [0x1565C0, 0xAD1457, 0x2E7D32, 0x6A1B9A, 0xBF360C, 0x00695C, 0x4E342E, 0x283593,
                  0x880E4F, 0x37474F, 0x33691E, 0x4527A0]


def test_a_player_without_a_photo_shows_initials_in_their_colour(sideline_bin, tmp_path):
    """The docs' photos flow (Ida Fischer has no photo in its roster CSV): on her live tile, a disc in
    her colour with white initials on it; the others show their photos, not a disc."""
    flow = tmp_path / "photos.kiosk"
    flow.write_text((FLOWS / "photos.kiosk").read_text() + "dump live.json\n")
    shots = tmp_path / "shots"
    play_flow(sideline_bin, flow, "800x480", shots, timeout=600)
    dump = json.loads((shots / "live.json").read_text())
    without = [line for line in dump["roster"] if line["photoVersion"] is None]
    assert [line["name"] for line in without] == ["Ida Fischer"]
    _, _, pixels = read_png(shots / "photos-live-tiles.png")
    for tile in dump["live"]["tiles"]:
        x, y, w, h = next(p["rect"] for p in tile["parts"] if p["role"] == "avatar")
        side = min(w, h)
        cx, cy, r = x + w / 2, y + h / 2, side / 2 * 0.8  # inside the ring
        disc = [pixels[py][px] for py in range(y, y + h) for px in range(x, x + w) if (px + 0.5 - cx) ** 2 + (py + 0.5 - cy) ** 2 <= r * r]
        own = PLAYER_PALETTE[tile["playerID"] % len(PLAYER_PALETTE)]
        colour = ((own >> 16) & 0xFF, (own >> 8) & 0xFF, own & 0xFF)
        in_colour = sum(1 for p in disc if p == colour) / len(disc)
        white = sum(1 for p in disc if min(p) >= 230) / len(disc)
        if tile["playerID"] == without[0]["playerID"]:
            assert in_colour >= 0.5, (tile["name"], in_colour)
            assert white >= 0.03, ("initials drawn", tile["name"], white)
        else:
            assert in_colour < 0.05, ("a photo, not a disc", tile["name"], in_colour)


def test_one_players_photo_replaced_from_a_usb_stick_and_removed(sideline_bin, stick, tmp_path):
    """Issue 25, item 9: All players → a player's photo → "Photo from USB" takes the picture named
    after them (the others' pictures stay on the stick, unused); "Remove photo" asks, then their
    initials show again."""
    media, mount_point = stick
    kiosk = Kiosk(sideline_bin, tmp_path)
    kiosk.seed_team("Four", straps=4)
    with contextlib.closing(sqlite3.connect(kiosk.db)) as con:
        (first, last), (other_first, other_last) = con.execute(
            "SELECT first_name, last_name FROM player ORDER BY first_name, last_name LIMIT 2").fetchall()
    name, other = f"{first} {last}", f"{other_first} {other_last}"
    picture(mount_point / f"{name}.jpg", 400, 400, (0, 0, 220))
    picture(mount_point / f"{other}.jpg", 400, 400, (220, 0, 0))
    settings = f"""
        wait 1s
        {open_settings()}
        tap "All players"
    """
    kiosk.play(settings + f"""
        tap "Photo {name}"
        dump choice.json
        tap "Photo from USB"
        wait 1s
        dump replaced.json
    """, extra=("--usb-mounts", str(media), "--source", "sim:4"))
    choice = kiosk.dump("choice.json")["club"]
    assert choice["photoChoice"] == next(p["playerID"] for p in choice["players"] if p["name"] == name)
    replaced = kiosk.dump("replaced.json")
    assert replaced["notice"] == "Imported 1 photo from the USB stick", replaced["notice"]
    photos = stored_photos(kiosk.db)
    assert list(photos) == [first], "only theirs"
    assert near(tuple(int(v) for v in photos[first][0][128, 128]), (0, 0, 220)), "OpenCV reads BGR, as the picture was written"
    assert next(p for p in replaced["club"]["players"] if p["name"] == name)["photoVersion"] is not None
    kiosk.play(settings + f"""
        tap "Photo {name}"
        tap "Remove photo"
        dump asked.json
        tap "Remove photo"
        dump removed.json
    """, extra=("--usb-mounts", str(media), "--source", "sim:4"))
    assert kiosk.dump("asked.json")["confirmation"] == f"Remove {name}'s photo? Their initials show instead."
    removed = kiosk.dump("removed.json")
    assert stored_photos(kiosk.db) == {}
    assert next(p for p in removed["club"]["players"] if p["name"] == name)["photoVersion"] is None

"""Issue 14, item 8 over SSH: `sideline import-roster` takes a `photo` column naming a picture file
beside the CSV; each photo is cropped around the face, scaled and stored in the database; a file
that is not a picture rejects the whole import, nothing changed. OpenCV (an independent decoder)
makes the test pictures and reads back what was stored."""
import contextlib
import sqlite3

import cv2
import numpy

from sideline_testkit.pictures import near, picture

HEADER = "number,first,last,birth_year,sex,weight_kg,rest_hr,max_hr,strap,photo\n"


def stored_photos(db):
    with contextlib.closing(sqlite3.connect(db)) as con:
        rows = con.execute("""SELECT p.first_name, ph.jpeg FROM player_photo ph JOIN player p ON p.id = ph.player_id""").fetchall()
    return {name: cv2.imdecode(numpy.frombuffer(jpeg, numpy.uint8), cv2.IMREAD_COLOR) for name, jpeg in rows}


def test_a_roster_csv_brings_photos_beside_it(sideline, tmp_path):
    folder = tmp_path / "stick"
    folder.mkdir()
    # A portrait: the square is taken from its upper part (the face), the whole width.
    picture(folder / "mia.jpg", 600, 900, (0, 0, 255), (255, 0, 0))
    picture(folder / "noah.png", 800, 600, (0, 200, 0))
    (folder / "roster.csv").write_text(HEADER + "9,Mia,Berg,2008,F,61,55,,,mia.jpg\n1,Noah,Costa,2007,M,70,58,,,noah.png\n"
                                       "5,Ida,Fischer,2008,F,58,57,,,\n")
    result = sideline("import-roster", str(folder / "roster.csv"), "--team", "Eagles")
    assert "imported 3 players into Eagles with 2 photos" in result.stdout
    photos = stored_photos(sideline.db)
    assert sorted(photos) == ["Mia", "Noah"], "Ida has none: initials"
    mia = photos["Mia"]
    assert mia.shape == (256, 256, 3)
    # The square is rows 75–675 of 900 (a quarter of the spare height above it): red down to row 450,
    # that is 62.5 % of the stored square (row 160), blue below.
    assert near(mia[10, 128], (0, 0, 255)) and near(mia[150, 128], (0, 0, 255)), "the upper part: red"
    assert near(mia[175, 128], (255, 0, 0)) and near(mia[250, 128], (255, 0, 0)), "the lower part: blue"
    assert near(photos["Noah"][128, 128], (0, 200, 0))


def test_a_bad_picture_in_the_csv_imports_nothing(sideline, tmp_path):
    picture(tmp_path / "mia.jpg", 300, 300, (0, 0, 255))
    (tmp_path / "noah.jpg").write_text("this is not a picture")
    (tmp_path / "roster.csv").write_text(HEADER + "9,Mia,Berg,2008,F,61,55,,,mia.jpg\n1,Noah,Costa,2007,M,70,58,,,noah.jpg\n"
                                         "5,Ida,Fischer,2008,F,58,57,,,ida.jpg\n")
    result = sideline("import-roster", str(tmp_path / "roster.csv"), "--team", "Eagles", check=False)
    assert result.returncode == 2
    assert "roster not imported, nothing changed" in result.stderr
    assert "line 3: photo noah.jpg: not a JPEG, PNG, GIF, BMP or WebP picture" in result.stderr, result.stderr
    assert "line 4: photo ida.jpg: no such file" in result.stderr, result.stderr
    assert not sideline.db.exists(), "refused before the database was even opened"

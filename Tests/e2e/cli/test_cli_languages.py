"""The command line in the admin's language (issue 38 item 6, decision 087): the main commands' human output and
Sideline's own errors in German and French with LANG, every line read against the catalog as Python's own gettext
reads it (no message printed in English, no word only English messages use); `--json` byte for byte the same in
every language; and the language chosen: the terminal's own (LANG) when it names one, else the kiosk's — its
Settings choice in the database over the package's config file. Also the lines the shared modules word: the club
sync's and status's reports and refusals, `migrate`'s summary, a source's errors and the kiosk's config file's
mistakes (read before any language is known), and `import-roster`'s reasons for a bad file's lines."""
import json
import os
import re
import shutil
import socket
import sqlite3
import subprocess

import pytest

from sideline_testkit.catalog import LanguageCheck
from sideline_testkit.paths import ROOT
from sideline_testkit.processes import one_line_error, run

LOCALES = {"de": "de_DE.UTF-8", "fr": "fr_FR.UTF-8"}
# The main commands an admin reads over SSH; each must print something.
HUMAN = [("teams",), ("players", "--team", "U17"), ("sessions",), ("straps",), ("settings",),
         ("season", "--team", "U17", "--on", "2026-03-14"), ("flags", "--team", "U17", "--on", "2026-03-14"),
         ("readiness", "--team", "U17"), ("sessions", "--tag", "match"), ("rpe", "--session", "1"), ("drills", "--team", "U17"),
         ("drills", "--session", "1"), ("fitness", "--team", "U17"), ("wellness", "--team", "U17", "--on", "2026-03-14"), ("consent", "--team", "U17")]
JSON = [("season", "--team", "U17", "--on", "2026-03-14", "--json"), ("flags", "--team", "U17", "--on", "2026-03-14", "--json"),
        ("readiness", "--team", "U17", "--json"), ("hrv", "-")]


@pytest.fixture(scope="module")
def club(sideline_bin, tmp_path_factory):
    """A team with a session and a readiness check recorded on 2026-03-14, and the catalogs compiled."""
    tmp = tmp_path_factory.mktemp("cli-languages")
    db = tmp / "sideline.sqlite"
    locale = tmp / "locale"
    subprocess.run([str(ROOT / "deploy/scripts/i18n/compile.sh"), str(locale)], check=True)
    english = {**os.environ, "LANG": "C.UTF-8", "SIDELINE_LOCALEDIR": str(locale), "SIDELINE_CONFIG": str(tmp / "none.conf")}
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        english.pop(name, None)
    common = ["--db", str(db), "--source", "sim:3", "--speed", "6000", "--team", "U17", "--quiet"]
    run(sideline_bin, "record", *common, "--minutes", "1", "--started-at", "2026-03-14T10:00", env=english)
    run(sideline_bin, "record", *common, "--readiness", "120", "--tag", "sitting", "--started-at", "2026-03-14T08:00", env=english)

    def sideline(language, *args, check=True, extra=None, stdin=None):
        env = dict(english, **({"LANG": LOCALES[language]} if language in LOCALES else {}), **(extra or {}))
        takes_db = args[0] != "hrv"
        return run(sideline_bin, *args, *(["--db", str(db)] if takes_db else []), env=env, check=check, input=stdin)

    sideline.db = db
    sideline.tmp = tmp
    return sideline


def data_words(sideline):
    """What the output names that is data, not words: teams, players, straps, tags, flag keys."""
    with sqlite3.connect(sideline.db) as con:
        names = [r[0] for r in con.execute("SELECT name FROM team UNION SELECT first_name || ' ' || last_name FROM player "
                                           "UNION SELECT name FROM strap")]
        # Tags are listed as `--tag` takes them (what a script or the next command types), in every language.
        names += [tag for (tags,) in con.execute("SELECT tags FROM session") for tag in tags.split(",")]
    flags = json.loads(sideline("en", "flags", "--team", "U17", "--on", "2026-03-14", "--json").stdout)["flags"]
    return names + [f["key"] for f in flags] + ["match", "Sideline", "Banister", "TRIMP", "EWMA", "Polar", "Karvonen", "Tanaka", "espeak"]


def cells(output):
    """A command's output as the pieces a person reads: its lines cut at tabs and at a table's column gaps."""
    return [cell.strip() for line in output.splitlines() for cell in re.split(r"\t| {2,}", line) if cell.strip()]


@pytest.mark.parametrize("language", sorted(LOCALES))
def test_the_main_commands_speak_the_admins_language(club, language):
    check = LanguageCheck(language)
    names = data_words(club)
    problems, read = [], 0
    for args in HUMAN:
        out = club(language, *args).stdout
        assert out.strip(), f"{args} printed nothing"
        texts = cells(out)
        read += len(texts)
        problems += [f"{' '.join(args)}: {p}" for p in check.problems(texts, names)]
    assert read > 80, "the commands' lines were read"
    assert problems == [], "\n".join(problems)
    # The language's words are there, not only English ones missing, and its decimals.
    teams = club(language, "teams").stdout
    assert {"de": "3 Spieler", "fr": "3 joueurs"}[language] in teams, teams
    settings = club(language, "settings").stdout
    assert "0,8" in settings and "0.8" not in settings, settings


@pytest.mark.parametrize("language", sorted(LOCALES))
def test_sidelines_own_errors_speak_it_too(club, language):
    check = LanguageCheck(language)
    for args, english in [(("players", "--team", "Nobody"), "no team named 'Nobody'"),
                          (("season", "--team", "U17", "--on", "14.3.2026"), "is not a date like"),
                          (("forget-strap", "nonsense", "--yes"), "is not a strap address"),
                          # TeamCore's refusals: a rating, a morning's answers, two tags of a kind.
                          (("rpe", "--session", "1", "--number", "1", "--value", "11"), "is off the CR-10 scale"),
                          (("wellness", "--team", "U17", "--number", "1", "--on", "2026-03-14", "--fatigue", "9", "--sleep", "3", "--soreness", "2",
                            "--stress", "4", "--mood", "5"), "is off the wellness scale"),
                          (("record", "--source", "sim:2", "--team", "U17", "--minutes", "1", "--tag", "lying", "--tag", "sitting"), "one posture per"),
                          # The store's reason inside its sentence.
                          (("restore", "/nonexistent/backup.sqlite"), "no such file"),
                          # The store's own refusal (a StoreError.invalid message, which a kiosk notice shows too).
                          (("team", "rename", "U17", "X" * 200), "a team name has at most")]:
        line = one_line_error(club(language, *args, check=False))
        assert english not in line, line
        assert check.problems([line.removeprefix("sideline: ")], ["Nobody", "nonsense", "sideline", "teams", "help", "lying", "sitting", "record",
                                                                    "/nonexistent/backup.sqlite", "X" * 200]) == [], line


ROSTER_COLUMNS = "number,first,last,birth_year,sex,weight_kg,rest_hr,max_hr,strap,photo"


@pytest.mark.parametrize("language", sorted(LOCALES))
def test_import_roster_names_a_files_bad_lines_in_it(club, language):
    """A roster file's line-by-line reasons (RosterCSV's, the player's own checks, the count of those not shown) and a
    file that is no text (RosterText's), each in the admin's language; nothing imported."""
    check = LanguageCheck(language)
    roster = club.tmp / "roster.csv"
    roster.write_text(ROSTER_COLUMNS + "\nx,Noah,Costa,2007,Q,72,52,,nope\n7,Mia,Berg,2008,F,61,20,,\n"
                      + "".join(f"y{i},P,Test,2008,F,60,60,,\n" for i in range(20)))
    result = club(language, "import-roster", str(roster), "--team", "Neu", check=False)
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 22, result.stderr
    if language == "de":
        assert lines[0] == f"sideline: Kader nicht importiert, nichts geändert; diese Zeilen von {roster} korrigieren:", lines[0]
        assert lines[1:5] == ["  Zeile 2: die Rückennummer 'x' ist keine Zahl von 0 bis 999", "  Zeile 2: das Geschlecht 'Q' ist weder M noch F",
                              "  Zeile 2: der Gurt 'nope' ist keine Bluetooth-Adresse wie A0:9E:1A:12:34:56",
                              "  Zeile 3: der Ruhepuls 20 liegt nicht zwischen 25 und 120"], lines
        assert lines[-1] == "  … und 4 weitere", lines[-1]
    names = [str(roster), "Noah", "Costa", "nope", "Test"]
    assert check.problems([line.strip().removeprefix("sideline: ") for line in lines], names) == [], lines

    roster.write_bytes(ROSTER_COLUMNS.encode() + b"\n7,Mia,Berg,2008,F,61,55,,\n8,Nul\x00,Berg,2008,F,61,55,,\n")
    line = one_line_error(club(language, "import-roster", str(roster), "--team", "Neu", check=False))
    if language == "de":
        assert "Zeile 3: enthält ein Steuerzeichen (Byte 0x00): das ist keine Textdatei" in line, line
    assert check.problems([line.removeprefix("sideline: ")], [*names, ROSTER_COLUMNS]) == [], line
    assert "Neu" not in club("en", "teams").stdout


@pytest.mark.parametrize("language", sorted(LOCALES))
def test_a_rosters_photos_are_refused_in_its_language(club, language):
    """Each photo's own problem, as the photo decoder (the real helper process, which hands its refusal back as a
    message) or the file's reader words it, inside "photo FILE: …" in the admin's language; nothing imported."""
    check = LanguageCheck(language)
    folder = club.tmp / f"photos-{language}"
    folder.mkdir()
    (folder / "heic.jpg").write_bytes(b"\0\0\0\x18ftypheic" + b"\0" * 64)
    (folder / "note.jpg").write_text("not a picture at all")
    (folder / "empty.jpg").write_bytes(b"")
    (folder / "album.jpg").mkdir()
    roster = folder / "roster.csv"
    roster.write_text(ROSTER_COLUMNS + "\n1,Ana,Heic,2008,F,60,55,,,heic.jpg\n2,Bea,Note,2008,F,60,55,,,note.jpg\n"
                      "3,Cy,Empty,2008,M,60,55,,,empty.jpg\n4,Di,Album,2008,F,60,55,,,album.jpg\n5,Ed,Gone,2008,M,60,55,,,gone.jpg\n")
    result = club(language, "import-roster", str(roster), "--team", "Fotos", check=False)
    assert result.returncode == 2, result.stderr
    lines = [line.strip() for line in result.stderr.strip().splitlines()]
    assert len(lines) == 6, result.stderr
    if language == "de":
        assert lines[1:] == ["Zeile 2: Foto heic.jpg: kein JPEG-, PNG-, GIF-, BMP- oder WebP-Bild (ein HEIC-Foto: als JPEG speichern)",
                             "Zeile 3: Foto note.jpg: kein JPEG-, PNG-, GIF-, BMP- oder WebP-Bild",
                             "Zeile 4: Foto empty.jpg: die Datei ist leer",
                             "Zeile 5: Foto album.jpg: ein Ordner, keine Datei",
                             "Zeile 6: Foto gone.jpg: diese Datei gibt es nicht"], lines
    names = [str(roster), "heic.jpg", "note.jpg", "empty.jpg", "album.jpg", "gone.jpg", "JPEG", "PNG", "GIF", "BMP", "WebP", "HEIC"]
    assert check.problems([line.removeprefix("sideline: ") for line in lines], names) == [], lines
    assert "Fotos" not in club("en", "teams").stdout


def test_json_is_the_same_in_every_language(club):
    for args in JSON:
        stdin = "812\n790\n1600\n805\n" if args[0] == "hrv" else None
        outputs = {language: club(language, *args, stdin=stdin).stdout.encode() for language in ("en", *LOCALES)}
        assert outputs["en"].strip(), args
        assert outputs["de"] == outputs["en"] and outputs["fr"] == outputs["en"], args


def test_the_terminals_language_then_the_kiosks_choice_then_the_config_file(club):
    """An admin whose terminal names a language (LANG over SSH) reads it; a terminal that names none (C.UTF-8, as a
    service's) reads the kiosk's Settings choice, else the package's config file."""
    config = club.tmp / "sideline.conf"
    config.write_text("# the package's file\nlanguage = nl\n")
    assert "3 spelers" in club("en", "teams", extra={"SIDELINE_CONFIG": str(config)}).stdout
    with sqlite3.connect(club.db) as con:
        con.execute("INSERT OR REPLACE INTO setting (key, value) VALUES ('kiosk.language', 'fr')")
    try:
        assert "3 joueurs" in club("en", "teams", extra={"SIDELINE_CONFIG": str(config)}).stdout
        assert "3 Spieler" in club("de", "teams", extra={"SIDELINE_CONFIG": str(config)}).stdout
        assert "3 players" in club("en", "teams", extra={"SIDELINE_CONFIG": str(config), "LANG": "en_GB.UTF-8"}).stdout
    finally:
        with sqlite3.connect(club.db) as con:
            con.execute("DELETE FROM setting WHERE key = 'kiosk.language'")
    assert "3 Spieler" in club("de", "teams").stdout


def nothing_listening():
    """A loopback port nothing listens on (bound, then closed: the kernel refuses a connection to it)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def kiosk_in_a_club(club, sideline_bin):
    """A copy of the database in a club whose server is not listening, and a way to run commands on it."""
    db = club.tmp / "in-a-club.sqlite"
    shutil.copy(club.db, db)
    link = {"server": f"http://127.0.0.1:{nothing_listening()}", "token": "t", "clubName": "Alpha",
            "kioskID": "8703F5E9-77CD-4095-B441-DE1BD8B87520", "kioskName": "pitch-1"}
    (club.tmp / "in-a-club.sqlite.club").write_text(json.dumps(link))
    os.chmod(club.tmp / "in-a-club.sqlite.club", 0o600)

    def sideline(language, *args, check=False):
        env = {**os.environ, "LANG": LOCALES.get(language, "C.UTF-8"), "SIDELINE_LOCALEDIR": str(club.tmp / "locale"),
               "SIDELINE_CONFIG": str(club.tmp / "none.conf")}
        for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
            env.pop(name, None)
        return run(sideline_bin, *args, env=env, check=check)

    sideline.db = db
    return sideline


@pytest.mark.parametrize("language", sorted(LOCALES))
def test_the_club_sync_and_its_status_speak_it(club, kiosk_in_a_club, language):
    """A pass against a club server that does not answer: its one exit line, then `club status`'s line, in the
    language; the JSON status the same in every language."""
    check = LanguageCheck(language)
    names = data_words(club) + ["Alpha", "pitch-1", "sideline"]
    db = str(kiosk_in_a_club.db)
    line = one_line_error(kiosk_in_a_club(language, "club", "sync", "--db", db), "127.0.0.1")
    assert "unreachable" not in line and "waiting" not in line, line
    assert {"de": "nicht erreichbar (Verbindung abgelehnt)", "fr": "injoignable (connexion refusée)"}[language] in line, line
    status = kiosk_in_a_club(language, "club", "status", "--db", db, check=True).stdout
    assert {"de": "letzter Abgleich nie", "fr": "dernière synchro jamais"}[language] in status, status
    texts = [line.removeprefix("sideline: ")] + [cell.strip() for cell in status.split(" · ") if cell.strip()]
    assert check.problems(texts, names) == [], texts
    out = {lang: kiosk_in_a_club(lang, "club", "status", "--db", db, "--json", check=True).stdout.encode() for lang in ("en", *LOCALES)}
    assert json.loads(out["en"])["lastProblem"].endswith("(connection refused)"), "the stored problem is English, as the log's"
    assert out["de"] == out["en"] and out["fr"] == out["en"]


@pytest.mark.parametrize("language", sorted(LOCALES))
def test_migrate_a_source_and_the_config_file_speak_it(club, kiosk_in_a_club, language, tmp_path):
    check = LanguageCheck(language)
    names = data_words(club) + [str(tmp_path), "sideline", "kiosk", "help"]
    db = tmp_path / "fresh.sqlite"
    migrated = kiosk_in_a_club(language, "migrate", "--db", str(db), check=True).stdout.strip()
    assert migrated.startswith(str(db)), migrated
    assert {"de": "Schema aktuell (", "fr": "schéma à jour ("}[language] in migrated, migrated
    # No adapter here (no Bluetooth in this kernel, or none numbered 99): the source's refusal.
    no_adapter = one_line_error(kiosk_in_a_club(language, "record", "--db", str(club.db), "--team", "U17", "--source", "hci-user:hci99",
                                                "--minutes", "1"), "hci-user:hci99: ")
    unknown = one_line_error(kiosk_in_a_club(language, "record", "--db", str(club.db), "--team", "U17", "--source", "carrier-pigeon",
                                             "--minutes", "1"), "carrier-pigeon")
    # The kiosk's config file: a line that is no option, read before the kiosk knows its language.
    config = tmp_path / "sideline.conf"
    config.write_text("source = sim:3\nwall display 1\n")
    malformed = one_line_error(kiosk_in_a_club(language, "--config", str(config), "--headless"), f"{config}:2")
    texts = [line.removeprefix("sideline: ") for line in (migrated, no_adapter, unknown, malformed)]
    problems = check.problems(texts, names + [str(db), "hci99", "carrier-pigeon", "wall display"])
    assert problems == [], problems
    assert "is not" not in malformed and "AF_BLUETOOTH unavailable" not in no_adapter, (malformed, no_adapter)
    # An option the kiosk does not have: ArgumentParser's words stay English (decision 087), the file is named in the language.
    config.write_text("colour = red\n")
    script = tmp_path / "nothing.kiosk"
    script.write_text("wait 1s\n")
    wrong = one_line_error(kiosk_in_a_club(language, "--config", str(config), "--headless", "--script", str(script)), "--colour", str(config))
    assert wrong.startswith({"de": "sideline: die Konfigurationsdatei ", "fr": "sideline: le fichier de configuration "}[language]), wrong

"""The club server's administration in the admin's language (issue 38 item 6, decision 087): `sideline-club`'s lists,
answers and refusals in German with LANG, read against its own catalog (po/club-admin) as Python's gettext reads it;
the refusals the shared ClubServer library words (marked N_admin) in German and French; and the catalogs hold every
message of Sources/sideline-club and those of ClubServer, translated."""
import os
import re
import subprocess

import pytest

from sideline_testkit.catalog import LanguageCheck
from sideline_testkit.paths import ROOT


def german(club, locale, *args, check=True, lang="de_DE.UTF-8"):
    env = {**os.environ, "LANG": lang, "SIDELINE_LOCALEDIR": str(locale)}
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        env.pop(name, None)
    result = subprocess.run([club.bin, *args, "--database-url", club.owner_url], capture_output=True, text=True, timeout=120, env=env)
    assert not check or result.returncode == 0, result.stderr
    return result


def test_the_admin_commands_speak_german(club, tmp_path):
    locale = tmp_path / "locale"
    subprocess.run([str(ROOT / "deploy/scripts/i18n/compile.sh"), str(locale), "--domain", "club-admin"], check=True)
    club.add_club("Alpha")
    club.enrolment_code("Alpha", "pitch-1")
    club.api_token("Alpha")
    password = tmp_path / "password"
    password.write_text("correct horse battery\n")
    lines = german(club, locale, "add-user", "--club", "Alpha", "ada@example.org", "--role", "admin", "--password-file", str(password)).stdout
    for args in [("list-kiosks", "--club", "Alpha"), ("list-tokens", "--club", "Alpha"), ("list-users", "--club", "Alpha"),
                 ("disable-user", "--club", "Alpha", "ada@example.org"), ("check",), ("apply-retention", "--club", "Alpha")]:
        lines += german(club, locale, *args).stdout
    refusals = [german(club, locale, *args, check=False) for args in [
        ("erase-player", "--club", "Alpha", "--player", "not-a-uuid", "--yes"),
        ("erase-player", "--club", "Alpha", "--name", "Mia Berg", "--yes"),
        ("add-user", "--club", "Alpha", "x@example.org", "--role", "boss", "--password-file", str(password))]]
    assert all(r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1 for r in refusals), [r.stderr for r in refusals]
    texts = [cell for line in lines.splitlines() + [r.stderr.strip().removeprefix("sideline-club: ") for r in refusals]
             for cell in line.split("\t") if cell.strip()]
    assert len(texts) > 12
    data = ["Alpha", "pitch-1", "ada@example.org", "Mia Berg", "not-a-uuid", "sideline", "UUID"]
    assert LanguageCheck("de", domain="club-admin").problems(texts, data) == []
    assert "Admin ada@example.org zum Verein „Alpha“ hinzugefügt" in lines, lines
    assert re.search(r"^pitch-1\tCode gültig bis .*\tzuletzt gesehen nie\t0 Einheiten\t", lines, re.M), lines
    assert "--role muss admin oder coach sein" in refusals[2].stderr


def test_every_message_of_the_club_command_line_is_in_every_catalog():
    result = subprocess.run(["python3", str(ROOT / "deploy/scripts/i18n/extract.py"), "--domain", "club-admin", "--check"],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    for po in sorted((ROOT / "po" / "club-admin").glob("*.po")):
        checked = subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(po)], capture_output=True, text=True)
        assert checked.returncode == 0, checked.stderr


@pytest.mark.parametrize("language", ["de", "fr"])
def test_the_refusals_clubserver_words_speak_it_too(club, tmp_path, language):
    """The sentences ClubServer words for its API and the admin's terminal alike: each a single line in the admin's
    language (the API keeps them in English: the other tests read its answers)."""
    locale = tmp_path / "locale"
    subprocess.run([str(ROOT / "deploy/scripts/i18n/compile.sh"), str(locale), "--domain", "club-admin"], check=True)
    club.add_club("Beta")
    password = tmp_path / "password"
    password.write_text("correct horse battery\n")
    lang = {"de": "de_DE.UTF-8", "fr": "fr_FR.UTF-8"}[language]
    refusals = {english: german(club, locale, *args, check=False, lang=lang) for english, args in [
        ("exists already", ("add-club", "Beta")),
        ("no club named", ("add-kiosk", "--club", "Nobody", "pitch-9")),
        ("this club has no kiosk", ("revoke-kiosk", "--club", "Beta", "pitch-9")),
        ("is not an e-mail address", ("add-user", "--club", "Beta", "not-an-address", "--role", "admin", "--password-file", str(password))),
        ("a coach needs --team", ("add-user", "--club", "Beta", "cora@example.org", "--role", "coach", "--password-file", str(password))),
        ("or 0 to keep sessions for good", ("settings", "--club", "Beta", "--retention-months", "9999")),
        ("must be a lower-case PostgreSQL name", ("migrate", "--app-role", "Not-A-Role"))]}
    lines = []
    for english, result in refusals.items():
        said = result.stderr.strip().splitlines()
        assert result.returncode == 2 and len(said) == 1 and said[0].startswith("sideline: "), (english, result.stderr)
        assert english not in said[0], said[0]
        lines.append(said[0].removeprefix("sideline: "))
    data = ["Beta", "Nobody", "pitch-9", "not-an-address", "cora@example.org", "Not-A-Role", "9999", "sideline", "PostgreSQL", "team"]
    assert LanguageCheck(language, domain="club-admin").problems(lines, data) == [], lines
    assert {"de": "einen Verein „Beta“ gibt es schon", "fr": "un club « Beta » existe déjà"}[language] in lines[0], lines[0]

"""The club server's administration in the admin's language (issue 38 item 6, decision 087): `sideline-club`'s lists,
answers and refusals in German with LANG, read against its own catalog (po/club-admin) as Python's gettext reads it;
and the catalogs hold every message of Sources/sideline-club, translated."""
import os
import re
import subprocess

from sideline_testkit.catalog import LanguageCheck
from sideline_testkit.paths import ROOT


def german(club, locale, *args, check=True):
    env = {**os.environ, "LANG": "de_DE.UTF-8", "SIDELINE_LOCALEDIR": str(locale)}
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

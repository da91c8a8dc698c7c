"""A language's catalog as an independent reader sees it: po/<lang>.po compiled by GNU msgfmt and read by
Python's own gettext (not Sideline's .mo reader), and the check a screen's text dump must pass in it."""
import gettext
import re
import subprocess
import tempfile
from pathlib import Path

from sideline_testkit.paths import ROOT

WORD = re.compile(r"[^\W\d_]{4,}")


def catalog(language, domain="sideline"):
    """msgid → msgstr of po/<language>.po, or of another domain's po/<domain>/<language>.po (`domain="club"`: the club web's,
    `"club-admin"`: the club server's command line's; a context's
    key is "context\\x04id"; plural ids by their singular)."""
    po = ROOT / "po" / f"{language}.po" if domain == "sideline" else ROOT / "po" / domain / f"{language}.po"
    with tempfile.TemporaryDirectory() as tmp:
        mo = Path(tmp) / "sideline.mo"
        subprocess.run(["msgfmt", "-o", str(mo), str(po)], check=True)
        with mo.open("rb") as f:
            translations = gettext.GNUTranslations(f)
    entries = {}
    for key, text in translations._catalog.items():  # the parsed table: the only way to list every message
        if isinstance(key, tuple):  # a plural form: (singular, index)
            if key[1] == 0:
                entries[key[0]] = text
        elif key:
            entries[key] = text
    return entries


class LanguageCheck:
    """What a screen in `language` may not show: an English message drawn as itself although the catalog
    translates it, or a word that only English messages use (a string left outside the catalog)."""

    def __init__(self, language, allowed=(), domain="sideline"):
        self.entries = catalog(language, domain)
        ids = {key.split("\x04")[-1] for key in self.entries}
        english = {w.lower() for text in ids for w in WORD.findall(text)}
        foreign = {w.lower() for text in self.entries.values() for w in WORD.findall(text)}
        self.english_only = english - foreign - {w.lower() for w in allowed}
        self.untranslated = {key.split("\x04")[-1] for key, text in self.entries.items() if text != key.split("\x04")[-1]}

    def problems(self, texts, names=()):
        """The texts of one dump that fail, each with why; `names` (players, teams) are data, not words."""
        data = {w.lower() for name in names for w in WORD.findall(name)}
        found = []
        for text in texts:
            if text in self.untranslated:
                found.append(f"{text!r}: drawn in English")
                continue
            words = {w.lower() for w in WORD.findall(text)} - data
            if english := sorted(words & self.english_only):
                found.append(f"{text!r}: English words {english}")
        return found

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
    translates it, or a word that only English messages use (a string left outside the catalog); for a screen drawn
    again from a play in another language (`redrawn_from`, decision 090), also a message or a word only that
    language's catalog uses (words made into state in the played language)."""

    def __init__(self, language, allowed=(), domain="sideline", redrawn_from=None):
        self.entries = catalog(language, domain)
        ids = {key.split("\x04")[-1] for key in self.entries}
        english = {w.lower() for text in ids for w in WORD.findall(text)}
        foreign = {w.lower() for text in self.entries.values() for w in WORD.findall(text)}
        allowed_words = {w.lower() for w in allowed}
        self.english_only = english - foreign - allowed_words
        self.untranslated = {key.split("\x04")[-1] for key, text in self.entries.items() if text != key.split("\x04")[-1]}
        self.played, self.played_only, self.played_texts = redrawn_from, set(), set()
        if redrawn_from:
            played = catalog(redrawn_from, domain)
            theirs = {w.lower() for text in played.values() for w in WORD.findall(text)}
            self.played_only = theirs - foreign - english - allowed_words
            # A German text that is also this language's word for another message, or an English id ("Status"), is no leak.
            self.played_texts = ({text for key, text in played.items() if text != self.entries.get(key, key.split("\x04")[-1])}
                                 - set(self.entries.values()) - ids)

    def problems(self, texts, names=()):
        """The texts of one dump that fail, each with why; `names` (players, teams) are data, not words."""
        data = {w.lower() for name in names for w in WORD.findall(name)}
        found = []
        for text in texts:
            if text in self.untranslated:
                found.append(f"{text!r}: drawn in English")
                continue
            if text in self.played_texts:
                found.append(f"{text!r}: drawn in {self.played}")
                continue
            words = {w.lower() for w in WORD.findall(text)} - data
            if english := sorted(words & self.english_only):
                found.append(f"{text!r}: English words {english}")
            if left := sorted(words & self.played_only):
                found.append(f"{text!r}: {self.played} words {left}")
        return found

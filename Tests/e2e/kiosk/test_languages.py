"""The kiosk in the coach's language (issue 38, decisions 080 and 090): every flow (the demo's and
deploy/scripts/kiosk/flows) played once in German with every screen's text dump read against the German catalog
(no English word left, no message drawn untranslated, no English day, no decimal point) and under the layout
checks (no text wider than its box nor drawn under the readable minimum, touch targets of 64 px at 800×480, the tiles' checks) — and the same dumps
drawn again in French, Spanish and Dutch in the same play, read against their catalogs under the same checks;
at 800×480 and 1920×1080. A language chosen in Settings switches every screen at once and stays after a
restart. Every language's screenshots: `make screenshots-all`."""
import json
import os
import re

import pytest

from sideline_testkit.catalog import LanguageCheck
from sideline_testkit.kiosk import DEMO_FLOW, FLOWS, Kiosk, play_flow, small_targets, unreadable_texts
from sideline_testkit.tile_checks import check_tiles

# Words German shares with English messages that the German catalog happens not to use.
ALLOWED = {"Demo", "Sideline", "SimStrap"}
# A day as English writes it ("Sat 14 Mar", "14 Mar"): too short for the catalog check's words, so looked for apart
# (German and French write "Sa., 14. März", "sam. 14 mars").
# A decimal with a point ("1.67"), where German and French write a comma.
ENGLISH_DECIMAL = re.compile(r"(?<![\d.])\d+\.\d+(?![\d.])")
ENGLISH_DATE = re.compile(r"\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]{2}\b|\b\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b(?!\.)")


def names_in(dump):
    """The players' and teams' names a dump knows: data, not words."""
    names = [t.get("name", "") for t in dump.get("teams", [])]
    names += [p.get("name", "") for p in dump.get("roster", [])]
    return names + [p.get("name", "") for p in dump.get("club", {}).get("players", [])] + list(ALLOWED)


# German plays (the longest words: its screenshots are made too); the others' dumps are drawn in the same play
# (decision 090: a quarter of the time of a play each; notices, questions and problems are kept as messages and said
# where drawn, so a German word in them is a word made into state too early: the check says so).
PLAYED = "de"
DRAWN_AGAIN = ["fr", "es", "nl"]
SIZES = ["800x480", "1920x1080"]
ALL_FLOWS = [DEMO_FLOW] + sorted(FLOWS.glob("*.kiosk"))


# SIDELINE_LANGUAGES_WHOLE=1: each language played whole instead (four plays a flow: the words reducers made in
# state read in their own language too; TESTING.md).
PLAYS_EACH_LANGUAGE = os.environ.get("SIDELINE_LANGUAGES_WHOLE") == "1"


def played_in_every_language(sideline_bin, tmp_path, source, size):
    """Plays a flow in German at `size` with a dump after each screenshot, each dump drawn again in the other
    languages (or each language played whole); {language: [(screenshot's name, its dump)]}."""
    flow = tmp_path / source.name
    flow.write_text(re.sub(r"^screenshot (\S+)$", r"screenshot \1\ndump \1.json", source.read_text(), flags=re.M))
    names = re.findall(r"^screenshot (\S+)$", source.read_text(), re.M)
    if PLAYS_EACH_LANGUAGE:
        for language in [PLAYED] + DRAWN_AGAIN:
            play_flow(sideline_bin, flow, size, tmp_path / language, language=language)
        return {language: [(name, json.loads((tmp_path / language / f"{name}.json").read_text())) for name in names]
                for language in [PLAYED] + DRAWN_AGAIN}
    shots = tmp_path / "shots"
    play_flow(sideline_bin, flow, size, shots, language=PLAYED, dump_languages=DRAWN_AGAIN)
    return {language: [(name, json.loads((shots / (f"{name}.json" if language == PLAYED else f"{name}.{language}.json")).read_text()))
                       for name in names]
            for language in [PLAYED] + DRAWN_AGAIN}


def language_problems(language, size, where, dumps, redrawn_from=None):
    """What the dumps of one language fail (English words and days, decimals written with a point, texts
    overflowing or under the readable minimum, small targets at 800×480, tiles' checks; in a dump drawn again from
    a play in `redrawn_from`, that language's words too: words a reducer or a loader made into state), each with
    the screenshot's name."""
    check = LanguageCheck(language, allowed=ALLOWED, redrawn_from=redrawn_from)
    problems = []
    for name, dump in dumps:
        texts = dump["texts"] + dump["wallTexts"]
        problems += [f"{language} {name}: {p}" for p in check.problems(texts, names_in(dump))]
        problems += [f"{language} {name}: {text!r}: a day in English" for text in texts if ENGLISH_DATE.search(text)]
        problems += [f"{language} {name}: {text!r}: a decimal point" for text in texts if ENGLISH_DECIMAL.search(text)]
        if size == "800x480":
            problems += [f"{language} {name}: {label!r} {w}×{h} px, under 64 px" for label, w, h in small_targets(dump)]
        problems += [f"{language} {name}: {line}" for line in unreadable_texts(dump)]
        live = dump.get("live")
        drawn = [tile for tile in (live or {}).get("tiles", []) if tile["rect"]]  # a player's graph hides the others
        if drawn and not live.get("readinessResults"):
            check_tiles(drawn, min_text=12 if size == "800x480" else 24, where=f"{where} {name} {language} {size}")
    return problems


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("flow", ALL_FLOWS, ids=lambda f: f.stem)
def test_each_flow_in_every_language_has_no_english_left_and_fits(sideline_bin, tmp_path, flow, size):
    dumps = played_in_every_language(sideline_bin, tmp_path, flow, size)
    problems = []
    for language, language_dumps in dumps.items():
        # live-graph too: an unchanged graph's frame keeps the texts drawn with it.
        assert sum(len(dump["texts"]) for _, dump in language_dumps) > 0, f"{language}: the dumps hold the screens' texts"
        redrawn_from = PLAYED if language != PLAYED and not PLAYS_EACH_LANGUAGE else None
        problems += language_problems(language, size, flow.stem, language_dumps, redrawn_from)
    assert problems == [], "\n".join(problems)
    if flow == DEMO_FLOW:
        # The words are each language's, not only English ones missing.
        picker = {language: dict(language_dumps)["01-team-picker"]["texts"] for language, language_dumps in dumps.items()}
        assert "Sideline — Team wählen" in picker["de"] and "Einstellungen" in picker["de"]
        assert "Sideline — choisir une équipe" in picker["fr"] and "Sideline — kies een team" in picker["nl"]
        assert sum(len(dump["texts"]) for _, dump in dumps["de"]) > 200


def test_a_language_chosen_in_settings_switches_every_screen_and_stays(sideline_bin, tmp_path):
    kiosk = Kiosk(sideline_bin, tmp_path)
    kiosk.seed_team()
    unlock = "\n".join(f'tap "pin:{d}"' for d in "1234")
    kiosk.play(f"""
wait 1s
tap "Settings"
{unlock}
tap "Tiles & sound"
tap "Language"
tap "language:fr"
dump language.json
tap "Done"
dump picker.json
""", extra=("--language", "de"), env={"SIDELINE_LOCALEDIR": str(compiled_catalogs())})
    page = kiosk.dump("language.json")
    assert "Langue" in page["texts"] and "Français" in page["texts"] and "Deutsch" in page["texts"]
    assert page["settings"]["language"] == "fr"
    assert "Sideline — choisir une équipe" in kiosk.dump("picker.json")["texts"]
    # The next start keeps the coach's choice over --language (the config file's).
    kiosk.play("wait 1s\ndump again.json\n", extra=("--language", "de"), env={"SIDELINE_LOCALEDIR": str(compiled_catalogs())})
    assert "Sideline — choisir une équipe" in kiosk.dump("again.json")["texts"]


# A form's problems are found by the reducer and kept as messages, said in the kiosk's language where drawn: no flow
# shows them (the flows type valid forms), so a form is filled wrongly here in each language.
@pytest.mark.parametrize("language,expected", [("de", "Teamnamen eingeben"), ("fr", "saisissez un nom d'équipe"),
                                               ("es", "escribe un nombre de equipo"), ("nl", "typ een teamnaam")])
def test_a_forms_problems_are_said_in_the_kiosks_language(sideline_bin, tmp_path, language, expected):
    kiosk = Kiosk(sideline_bin, tmp_path)
    erase = "\n".join('tap "key:⌫"' for _ in range(6))
    kiosk.play(f"""
wait 1s
tap "New team"
tap "Save"
dump noname.json
type "Eagles"
tap "Save"
tap "Add player"
type "Mia"
tap "field:Shirt no."
{erase}
tap "field:Weight kg"
{erase}
tap "Save"
dump player.json
""", extra=("--language", language), env={"SIDELINE_LOCALEDIR": str(compiled_catalogs())})
    check = LanguageCheck(language, allowed=ALLOWED)
    noname, player = kiosk.dump("noname.json"), kiosk.dump("player.json")
    assert noname["form"]["problems"] == [expected]
    assert len(player["form"]["problems"]) >= 2, player["form"]
    for dump in (noname, player):
        shown = [t for t in dump["texts"] if t.startswith("⚠")]
        assert shown, dump["texts"]
        assert check.problems(dump["form"]["problems"] + shown, ["Eagles", "Mia"]) == []


def compiled_catalogs():
    """po/*.po compiled where play-flow.sh compiles them."""
    import subprocess
    from sideline_testkit.paths import ROOT
    subprocess.run([str(ROOT / "deploy/scripts/i18n/compile.sh"), str(ROOT / ".build/locale")], check=True)
    return ROOT / ".build/locale"


def test_every_message_in_the_code_is_in_every_catalog():
    """deploy/scripts/i18n/extract.py --check: each tr/trn/N_ message of Sources in po/de, fr, es and nl,
    translated, not fuzzy, and nothing translated that the code no longer says; msgfmt --check on each
    (headers, plural forms, {placeholders} kept)."""
    import subprocess
    from sideline_testkit.paths import ROOT
    result = subprocess.run(["python3", str(ROOT / "deploy/scripts/i18n/extract.py"), "--check"], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    for po in sorted((ROOT / "po").glob("*.po")):
        checked = subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(po)], capture_output=True, text=True)
        assert checked.returncode == 0, checked.stderr

"""The club's pages in the coach's language (issue 38, decision 084): German by the browser's Accept-Language
with no English word left on the main pages (sessions, a session, teams, roster, season, weekly report, a player's season) —
each page's visible text read against po/club/de.po as Python's own gettext reads it (sideline_testkit.catalog) —,
a user's choice on their account page overriding the browser's, the header's best match, and every message
of the web in every club catalog."""
import datetime as dt
import subprocess

import pytest

import bundles
import season_bundles
import webclub
from sideline_testkit.catalog import LanguageCheck
from sideline_testkit.paths import ROOT
from webclub import ADMIN, COACH_A, TEAM_A, TEAM_B, WebClub, http, submit

# Words the German pages share with English messages that the German catalog happens not to use: the data's.
ALLOWED = {"Alpha", "pitch", "match", "example", "alpha"}


@pytest.fixture(scope="module")
def web(module_club, tmp_path_factory):
    """The club served with the catalogs compiled from po/club (as the package installs them), two weeks of a season."""
    locale = ROOT / ".build/locale"
    subprocess.run([str(ROOT / "deploy/scripts/i18n/compile.sh"), str(locale), "--domain", "club"], check=True)
    module_club.stop()
    module_club.server.wait(timeout=30)
    module_club.start(env={"SIDELINE_LOCALEDIR": str(locale)})
    w = WebClub(module_club, tmp_path_factory.mktemp("web"))
    for b in season_bundles.season(TEAM_A, dt.date.today(), w.sessions_a[0]["participants"], weeks=2):
        assert w.kiosk.upload(bundles.canonical(b)).status == 201
    return w


def visible_texts(driver):
    """The page's text as a reader sees it: one entry a line or table cell, and the title. A flag's reason (its
    numbers in words, made by the analysis's rule as the kiosk shows it) is left out: it stays English (decision 084);
    so are commands (`code`: sideline-club add-user), which are typed as they are in every language."""
    text = driver.execute_script("""document.querySelectorAll('[data-field=reason], code').forEach(e => e.style.display = 'none');
                                    return document.body.innerText""")
    return [driver.title] + [part.strip() for line in text.split("\n") for part in line.split("\t") if part.strip()]


def names(web):
    """The data on the pages (players, teams, the club's users): not words."""
    people = [f"{p['firstName']} {p['lastName']}" for b in web.sessions_a + [web.session_b] for p in b["participants"]]
    return people + [TEAM_A, TEAM_B, ADMIN, COACH_A] + sorted(ALLOWED)


def main_pages(web, driver):
    from selenium.webdriver.common.by import By
    driver.get(web.base + "/sessions")
    session = driver.find_element(By.CSS_SELECTOR, "#sessions tbody tr").get_attribute("data-uuid")
    player = web.players_a[0]
    return [("sessions", "/sessions"), ("session", f"/sessions/{session}"), ("teams", "/teams"), ("roster", f"/teams/{web.team_a}"),
            ("season", f"/teams/{web.team_a}/season"), ("report", f"/teams/{web.team_a}/report"), ("season-player", f"/teams/{web.team_a}/season/{player}"), ("account", "/account"),
            ("player-edit", f"/teams/{web.team_a}/players/{player}"), ("kiosks", "/kiosks"), ("users", "/users"), ("settings", "/settings")]


def test_the_main_pages_in_german_by_accept_language_have_no_english_left(web):
    check = LanguageCheck("de", allowed=ALLOWED, domain="club")
    driver = webclub.browser(accept_language="de-DE,de;q=0.9,en;q=0.5")
    try:
        driver.get(web.base + "/login")
        assert driver.find_element("tag name", "html").get_attribute("lang") == "de"
        assert "Anmelden" in visible_texts(driver)
        web.login(driver, ADMIN)
        problems, seen = [], 0
        for name, path in main_pages(web, driver):
            driver.get(web.base + path)
            texts = visible_texts(driver)
            seen += len(texts)
            problems += [f"{name}: {p}" for p in check.problems(texts, names(web))]
        assert seen > 200, "the pages' texts were read"
        assert problems == [], "\n".join(problems)
        # German words on the pages, not only English ones missing.
        driver.get(f"{web.base}/teams/{web.team_a}/season")
        page = [t.lower() for t in visible_texts(driver)]  # the headings are upper case by the stylesheet
        assert "beanspruchung" in page and "belastbarkeit" in page and "spieler" in page
        assert any("belastung ist der trimp (banister) jedes tages" in t for t in page), page
        driver.get(f"{web.base}/sessions")
        assert "einheiten" in [t.lower() for t in visible_texts(driver)]
    finally:
        driver.quit()


def test_the_german_pages_fit_a_phone(web):
    """German's longer words still fit 375 px without a sideways scroll, as the English pages do (test_web_pages). The
    weekly report is an A4 page for the printer, as wide in English (1122 px): not read here."""
    driver = webclub.browser(width=375, height=812, accept_language="de-DE,de")
    try:
        web.login(driver, ADMIN)
        wide = []
        for name, path in main_pages(web, driver):
            if name == "report":
                continue
            driver.get(web.base + path)
            scroll = driver.execute_script("return document.documentElement.scrollWidth")
            if scroll > 375:
                wide.append(f"{name}: {scroll} px")
        assert wide == [], wide
    finally:
        driver.quit()


def test_the_users_choice_overrides_the_browsers_language(web):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select
    driver = webclub.browser(accept_language="de-DE,de")
    try:
        web.login(driver, COACH_A)
        driver.get(web.base + "/account")
        assert "Dein Konto" in visible_texts(driver)
        # Each language is listed in its own name.
        options = [o.text for o in driver.find_elements(By.CSS_SELECTOR, "#language option")]
        assert options[1:] == ["English", "Deutsch", "Français", "Español", "Nederlands"]
        Select(driver.find_element(By.ID, "language")).select_by_value("fr")
        submit(driver, driver.find_element(By.CSS_SELECTOR, "main button[type=submit]"))
        assert "Votre compte" in visible_texts(driver)
        driver.get(web.base + "/sessions")
        assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "fr"
        assert "Séances" in visible_texts(driver)
        # Kept in the club's database: a new sign-in, in another browser session, still speaks French.
        cookie = webclub.login_http(web.club, COACH_A)
        page = http(web.club, "GET", "/teams", cookie=cookie, headers={"Accept-Language": "nl"}).body.decode()
        assert 'lang="fr"' in page and "Équipes" in page
        # Back to the browser's: German again.
        driver.get(web.base + "/account")
        Select(driver.find_element(By.ID, "language")).select_by_value("browser")
        submit(driver, driver.find_element(By.CSS_SELECTOR, "main button[type=submit]"))
        assert "Dein Konto" in visible_texts(driver)
    finally:
        driver.quit()


@pytest.mark.parametrize("header, lang, word", [
    ("it-IT, nl;q=0.5, de;q=0.4", "nl", "Inloggen"),
    ("es-ES", "es", "Iniciar sesión"),
    ("fr-CH, fr;q=0.9", "fr", "Se connecter"),
    ("it, pt;q=0.8", "en", "Sign in"),
    ("de;q=0, en", "en", "Sign in"),
])
def test_the_sign_in_page_takes_the_headers_best_match_else_english(web, header, lang, word):
    page = http(web.club, "GET", "/login", headers={"Accept-Language": header}).body.decode()
    assert f'<html lang="{lang}">' in page and word in page


def test_every_web_message_is_in_every_club_catalog():
    """deploy/scripts/i18n/extract.py --domain club --check: each words.tr/trn/N_ message of Sources/ClubServer in
    po/club/de, fr, es and nl, translated, not fuzzy, nothing stale; msgfmt --check on each."""
    result = subprocess.run(["python3", str(ROOT / "deploy/scripts/i18n/extract.py"), "--domain", "club", "--check"],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    catalogs = sorted((ROOT / "po/club").glob("*.po"))
    assert [po.stem for po in catalogs] == ["de", "es", "fr", "nl"]
    for po in catalogs:
        checked = subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(po)], capture_output=True, text=True)
        assert checked.returncode == 0, checked.stderr

"""The club's web pages in a real browser: Debian's chromium driven headless through Debian's chromedriver
(Selenium from PyPI, never its driver download), a club with two teams, their rosters, sessions and users,
and plain HTTP with a browser's cookie for what a browser will not send (a forged form)."""
import http.client as httpclient
import os
import pathlib
import re
import urllib.parse

import pytest

import bundles

CHROMIUM, CHROMEDRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"
PASSWORD = "correct horse battery"
ADMIN, COACH_A, COACH_B = "admin@alpha.example", "coach.a@alpha.example", "coach.b@alpha.example"
TEAM_A, TEAM_B = "U17 Girls", "U15 Boys"


def browser(width=1280, height=900, accept_language="en-GB"):
    """A headless chromium at `width` CSS pixels (375: a phone, emulated as one: mobile viewport, 2× pixels),
    asking for pages in `accept_language` (its Accept-Language header, as a browser set to that language sends)."""
    for path in (CHROMIUM, CHROMEDRIVER):
        if not os.access(path, os.X_OK):
            pytest.fail(f"{path} not found (deploy/scripts/setup.sh installs chromium and chromium-driver)")
    os.environ["SE_OFFLINE"] = "true"  # Selenium Manager must not look for a driver online
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
                     f"--window-size={width},{height}", f"--lang={accept_language.split(',')[0]}", "--force-color-profile=srgb"):
        options.add_argument(argument)
    options.add_experimental_option("prefs", {"intl.accept_languages": accept_language})
    driver = webdriver.Chrome(options=options, service=Service(executable_path=CHROMEDRIVER))
    if width < 600:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 2, "mobile": True})
    return driver


def capture(driver, path: pathlib.Path, width: int):
    """The whole page as one PNG at `width` CSS pixels."""
    height = driver.execute_script("return Math.max(document.documentElement.scrollHeight, document.body.scrollHeight)")
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": min(int(height), 6000),
                                                                  "deviceScaleFactor": 1, "mobile": width < 600})
    driver.save_screenshot(str(path))


def team_uuid(seed: int) -> str:
    """The team UUID `bundles.make(seed)` gives its session (lower case, as roster keys are)."""
    return bundles.make(seed=seed, players=1, minutes=0.1)["session"]["teamUUID"].lower()


class WebClub:
    """Club "Alpha": team A (U17 Girls, 4 players on its roster, two sessions) and team B (U15 Boys, one session),
    an admin and a coach for each team, all with PASSWORD."""

    def __init__(self, club, tmp_path: pathlib.Path):
        self.club = club
        club.add_club("Alpha")
        self.kiosk = club.kiosk("Alpha", "pitch-1")
        self.team_a, self.team_b = team_uuid(1), team_uuid(2)
        self.sessions_a = [bundles.make(seed=1, players=4, minutes=6, team=TEAM_A)]
        later = bundles.make(seed=1, players=4, minutes=4, team=TEAM_A)
        later["session"]["uuid"] = "6F1C2B3A-0000-4000-8000-0000000000A2"
        later["session"]["startedMs"] += 3 * 86_400_000
        later["session"]["endedMs"] += 3 * 86_400_000
        self.sessions_a.append(later)
        self.session_b = bundles.make(seed=2, players=3, minutes=3, team=TEAM_B)
        self.players_a = [p["playerUUID"].lower() for p in self.sessions_a[0]["participants"]]
        self.players_b = [p["playerUUID"].lower() for p in self.session_b["participants"]]
        wall = 1_760_000_000_000
        edits = [self.edit("team", self.team_a, "name", TEAM_A, wall), self.edit("team", self.team_b, "name", TEAM_B, wall)]
        for team, bundle in ((self.team_a, self.sessions_a[0]), (self.team_b, self.session_b)):
            for p in bundle["participants"]:
                key = p["playerUUID"].lower()
                edits += [self.edit("player", key, "firstName", p["firstName"], wall), self.edit("player", key, "lastName", p["lastName"], wall),
                          self.edit("player", key, "birthYear", 2009, wall), self.edit("player", key, "sex", p["physiology"]["sex"], wall),
                          self.edit("player", key, "weightKg", p["physiology"]["weightKg"], wall), self.edit("player", key, "restingHR", 52, wall),
                          self.edit("membership", f"{team}/{key}", "shirtNumber", p["shirtNumber"], wall)]
        r = self.kiosk.edits(*edits)
        assert r.status == 200 and all(o["accepted"] for o in r.json()["outcomes"]), r
        for bundle in self.sessions_a + [self.session_b]:
            assert self.kiosk.upload(bundles.canonical(bundle)).status == 201
        password_file = tmp_path / "password"
        password_file.write_text(PASSWORD + "\n")
        club.run("add-user", "--club", "Alpha", ADMIN, "--role", "admin", "--password-file", str(password_file))
        club.run("add-user", "--club", "Alpha", COACH_A, "--role", "coach", "--team", TEAM_A, "--password-file", str(password_file))
        club.run("add-user", "--club", "Alpha", COACH_B, "--role", "coach", "--team", TEAM_B, "--password-file", str(password_file))

    def edit(self, entity, key, field, value, wall):
        return {"entity": entity, "key": key, "field": field, "value": value, "stamp": {"wallMs": wall, "counter": 0, "origin": self.kiosk.origin}}

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.club.port}"

    def login(self, driver, email: str, password: str = PASSWORD):
        sign_in(driver, self.base, email, password)

    def session_uuid(self, bundle) -> str:
        return bundle["session"]["uuid"].lower()


def sign_in(driver, base: str, email: str, password: str = PASSWORD):
    """Fills in and sends the sign-in form at `base` as a person would."""
    from selenium.webdriver.common.by import By
    driver.get(base + "/login")
    driver.find_element(By.NAME, "email").clear()
    driver.find_element(By.NAME, "email").send_keys(email)
    driver.find_element(By.NAME, "password").send_keys(password)
    submit(driver, driver.find_element(By.CSS_SELECTOR, "button[type=submit]"))


def cookie_of(driver) -> str:
    return next(c["value"] for c in driver.get_cookies() if c["name"] == "sideline_session")


def http(club, method: str, path: str, cookie: str = None, form: dict = None, headers: dict = None):
    """A request as a browser would send it (or a forger): the session cookie, a url-encoded form."""
    headers = dict(headers or {})
    body = None
    if cookie:
        headers["Cookie"] = f"sideline_session={cookie}"
    if form is not None:
        body = urllib.parse.urlencode(form).encode()
        headers.setdefault("Content-Type", "application/x-www-form-urlencoded")
    return club.request(method, path, body=body, headers=headers)


def csrf_of(html: bytes) -> str:
    return re.search(rb'name="csrf" value="([^"]+)"', html).group(1).decode()


def submit(driver, button):
    """Clicks a form's button and waits for the page it leads to (the old page's root gone). Asked about
    the old root while the page is being replaced, chromedriver may answer with a generic error ("unhandled
    inspector error: Cannot find context …") rather than "stale element": that answer is asked again."""
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions
    from selenium.webdriver.support.ui import WebDriverWait
    old = driver.find_element(By.TAG_NAME, "html")
    button.click()
    WebDriverWait(driver, 30, ignored_exceptions=(WebDriverException,)).until(expected_conditions.staleness_of(old))


def login_http(club, email: str, password: str = PASSWORD) -> str:
    """Signs in over plain HTTP as a browser does (the form's token and its cookie); the session cookie."""
    form = http(club, "GET", "/login")
    token = csrf_of(form.body)
    login_cookie = form.headers["set-cookie"].split(";")[0]
    connection = httpclient.HTTPConnection("127.0.0.1", club.port, timeout=60)
    try:
        connection.request("POST", "/login", body=urllib.parse.urlencode({"csrf": token, "email": email, "password": password}),
                           headers={"Content-Type": "application/x-www-form-urlencoded", "Cookie": login_cookie})
        r = connection.getresponse()
        r.read()
        assert r.status == 303, r.status
        cookies = [v.split(";")[0] for k, v in r.getheaders() if k.lower() == "set-cookie"]
    finally:
        connection.close()
    return next(c.split("=", 1)[1] for c in cookies if c.startswith("sideline_session="))

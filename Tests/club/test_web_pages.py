"""Every page of the club's web at a laptop's width (1280) and a phone's (375): drawn without a horizontal
scroll on the phone, and — with SIDELINE_CLUB_SCREENSHOTS=DIR — a screenshot of each at both widths into DIR
(docs/screenshots/club holds the ones the docs show). A season of six weeks for one team fills the pages, and
three weeks of the same days a year before give "this season against the last" something to compare; the training
sessions ran a warm-up and an SSG (format 3), so the session page lists drills and the team has a drill page."""
import datetime as dt
import os
import pathlib
import re

import pytest

import bundles
import season_bundles
import webclub
from webclub import ADMIN, WebClub


@pytest.fixture(scope="module")
def web(module_club, tmp_path_factory):
    """Stored once for the file: its tests read the pages and change nothing."""
    w = WebClub(module_club, tmp_path_factory.mktemp("web"))
    today, who = dt.date.today(), w.sessions_a[0]["participants"]
    last_year = today.replace(year=today.year - 1) if (today.month, today.day) != (2, 29) else today - dt.timedelta(days=366)
    for b in season_bundles.season(webclub.TEAM_A, today, who) + season_bundles.season(webclub.TEAM_A, last_year, who, weeks=3, seed=8):
        if "training" in b["session"]["tags"] and b["session"].get("effortEndMs"):
            effort = b["session"]["effortEndMs"]
            b["format"] = 3
            b["drills"] = [{"name": "Warm-up", "startMs": 0, "endMs": effort // 3}, {"name": "SSG 4v4", "startMs": effort // 2}]
        r = w.kiosk.upload(bundles.canonical(b))
        assert r.status == 201, r
    # A name with the characters HTML escapes, on every page that shows the player (decision 085).
    r = w.kiosk.edits(w.edit("player", w.players_a[1], "lastName", "O'Neil & <Co>", 1_770_000_000_000))
    assert r.status == 200 and all(o["accepted"] for o in r.json()["outcomes"]), r
    return w


def pages(web, driver):
    """(name, path) of every page, found by following the pages' own links where there is one."""
    from selenium.webdriver.common.by import By
    driver.get(web.base + "/sessions")
    training = next(r.get_attribute("data-uuid") for r in driver.find_elements(By.CSS_SELECTOR, "#sessions tbody tr")
                    if "training" in r.get_attribute("textContent"))
    player = web.players_a[0]
    return [("login", "/login"), ("sessions", "/sessions"), ("session", f"/sessions/{training}"), ("kiosks", "/kiosks"),
            ("teams", "/teams"), ("roster", f"/teams/{web.team_a}"), ("player-edit", f"/teams/{web.team_a}/players/{player}"),
            ("player-new", f"/teams/{web.team_a}/players/new"), ("season", f"/teams/{web.team_a}/season"),
            ("season-player", f"/teams/{web.team_a}/season/{player}"), ("drill-season", f"/teams/{web.team_a}/drills?name=SSG%204v4"),
            ("settings", "/settings"),
            ("access-log", "/access-log")]


@pytest.mark.parametrize("width", [1280, 375])
def test_every_page_fits_the_width_and_is_captured(web, width):
    out = os.environ.get("SIDELINE_CLUB_SCREENSHOTS")
    driver = webclub.browser(width=width, height=900 if width > 600 else 812)
    try:
        web.login(driver, ADMIN)
        for name, path in pages(web, driver):
            if name == "login":
                driver.delete_all_cookies()
            driver.get(web.base + path)
            assert "Sideline" in driver.title and "Not Found" not in driver.title, (name, driver.title)
            # Escaped twice, a value or a fragment of markup shows as its entities or its tags (decision 085).
            shown = driver.execute_script("return document.body.innerText + ' ' + document.title")
            twice = re.search(r".{0,40}(&(#\d+|[a-z]+);|<[a-z]+[ >/]).{0,40}", shown)
            assert twice is None, f"{name}: escaped twice: {twice.group(0)}"
            scroll = driver.execute_script("return document.documentElement.scrollWidth")
            assert scroll <= width, f"{name} at {width} px scrolls sideways: {scroll} px wide"
            if out:
                folder = pathlib.Path(out)
                folder.mkdir(parents=True, exist_ok=True)
                webclub.capture(driver, folder / f"{name}-{width}.png", width)
                driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": 900 if width > 600 else 812,
                                                                              "deviceScaleFactor": 1 if width > 600 else 2, "mobile": width < 600})
            if name == "login":
                web.login(driver, ADMIN)
    finally:
        driver.quit()


def test_the_season_prints_as_a_one_page_team_report(web):
    """Printed (A4 landscape), the season page is the table and its heading: no bar, no links row, no forms,
    every column back, within one page's height."""
    driver = webclub.browser(width=1123, height=794)  # A4 landscape at 96 px an inch
    try:
        web.login(driver, ADMIN)
        driver.get(f"{web.base}/teams/{web.team_a}/season")
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
        hidden = driver.execute_script("""return ['header.bar', '.actions'].map(s => getComputedStyle(document.querySelector(s)).display)""")
        assert hidden == ["none", "none"]
        shown = driver.execute_script("return getComputedStyle(document.querySelector('#season td.opt')).display")
        assert shown == "table-cell"
        # One page: A4 landscape less 10 mm margins is about 718 px high at 96 px an inch.
        assert driver.execute_script("return document.documentElement.scrollHeight") <= 718
        out = os.environ.get("SIDELINE_CLUB_SCREENSHOTS")
        if out:
            pathlib.Path(out).mkdir(parents=True, exist_ok=True)
            driver.save_screenshot(str(pathlib.Path(out) / "season-print.png"))
    finally:
        driver.quit()

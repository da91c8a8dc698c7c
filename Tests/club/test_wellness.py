"""Issue 36, item 2 at the club: morning wellness answers travel in the sync as records of their own (POST
/api/v1/kiosk/wellness, after the roster's edits; kiosks and bundles from before it are untouched), stored one a player
and day in `wellness_answer` under row-level security (the latest given wins: an answer replaced on the kiosk goes
again and replaces the club's), shown on the team's season page, the player's page and in the read API
(GET /api/v1/wellness?on=DAY) with the same total and z as `sideline wellness --json`, and gone with an erased
player. Bad records — an item of 6, a day to come — are refused whole. The real `sideline` and `sideline-club` on a
throwaway PostgreSQL."""
import datetime as dt
import json

from kiosk_cli import KioskCLI
from webclub import ADMIN, PASSWORD, browser, http, login_http, sign_in

ITEMS = ("--fatigue", "--sleep", "--soreness", "--stress", "--mood")


def answer(kiosk, number, day, items):
    kiosk.run("wellness", "--team", "Demo", "--number", str(number), "--on", day.isoformat(),
              *[a for pair in zip(ITEMS, map(str, items)) for a in pair])


def test_wellness_goes_up_replaces_and_shows_on_the_web_and_in_the_api(club, sideline_bin, tmp_path):
    club.add_club("Alpha")
    a = KioskCLI(sideline_bin, tmp_path / "pitch-1.sqlite", "pitch-1")
    a.record(players=2, minutes=1)
    (number, player), _ = a.sql("SELECT m.shirt_number, p.uuid FROM membership m JOIN player p ON p.id = m.player_id ORDER BY 1")
    today = dt.date.today()
    for k in range(8, 0, -1):  # totals 17, 18, 19, 17, 18, 19, 17, 18
        answer(a, number, today - dt.timedelta(days=k), [3, 4, 3 + k % 3, 4, 3])
    answer(a, number, today, [2, 2, 2, 4, 3])
    a.join(club, "Alpha")
    out = a.sync().stdout
    assert "9 wellness answers sent" in out, out
    assert club.owner_sql(f"SELECT count(*) FROM wellness_answer WHERE player_uuid = '{player}'") == "9"
    assert club.app_sql("SELECT count(*) FROM wellness_answer").stdout.strip() == "0", "no club set: no row (row-level security)"
    # Replaced on the kiosk: goes again, and the club keeps the later one.
    answer(a, number, today, [2, 3, 2, 4, 3])
    assert "1 wellness answer sent" in a.sync().stdout
    assert club.owner_sql(f"SELECT fatigue, sleep, soreness, stress, mood FROM wellness_answer WHERE day = '{today}'") == "2|3|2|4|3"
    assert "wellness" not in a.sync().stdout, "nothing more to send"

    local = next(p for p in json.loads(a.run("wellness", "--team", "Demo", "--json").stdout)["players"] if p["number"] == number)
    assert local["wellnessTotal"] == 14 and local["wellnessFlagged"] and local["wellnessZ"] < -1
    items = club.request("GET", f"/api/v1/wellness?on={today}", club.api_token("Alpha")).json()
    assert [i["player"].lower() for i in items] == [player]
    assert (items[0]["total"], items[0]["flagged"], items[0]["baselineAnswers"]) == (14, True, 8)
    assert abs(items[0]["z"] - local["wellnessZ"]) < 1e-9 and items[0]["answers"]["sleep"] == 3

    password = tmp_path / "password"
    password.write_text(PASSWORD + "\n")
    club.run("add-user", "--club", "Alpha", ADMIN, "--role", "admin", "--password-file", str(password))
    cookie = login_http(club, ADMIN)
    (team,), = a.sql("SELECT uuid FROM team")
    page = http(club, "GET", f"/teams/{team}/season?on={today}", cookie=cookie).body.decode()
    assert '<th class="num">Wellness</th>' in page
    assert f'data-total="14" data-z="{local["wellnessZ"]}" data-flagged="true"' in page, page[page.find("wellness"):][:400]
    csv = http(club, "GET", f"/teams/{team}/season.csv?on={today}", cookie=cookie).body.decode()
    assert csv.splitlines()[0].endswith(",wellnessTotal,wellnessZ") and ",14," in csv
    player_page = http(club, "GET", f"/teams/{team}/season/{player}?on={today}", cookie=cookie).body.decode()
    assert player_page.count("<tr><td class=\"nowrap\">") >= 9 and 'id="player-wellness"' in player_page
    # In a real browser: the drop is drawn on the caution colour, with its arrow (never the colour alone).
    from selenium.webdriver.common.by import By
    driver = browser()
    try:
        sign_in(driver, f"http://127.0.0.1:{club.port}", ADMIN)
        driver.get(f"http://127.0.0.1:{club.port}/teams/{team}/season?on={today}")
        cell = driver.find_element(By.CSS_SELECTOR, '#season [data-field="wellness"][data-flagged="true"]')
        assert cell.text.startswith("14 (z −") and cell.text.endswith("↓"), cell.text
        assert cell.value_of_css_property("background-color") != "rgba(0, 0, 0, 0)", "on its colour"
        shown = driver.find_elements(By.CSS_SELECTOR, '#season [data-field="wellness"]')
        assert [c.text for c in shown if c.get_attribute("data-total") is None] == ["–"], "the other player did not answer"
    finally:
        driver.quit()

    # An erased player's answers go from the club too.
    a.run("erase-player", "--team", "Demo", "--number", str(number), "--yes")
    a.sync()
    assert club.owner_sql("SELECT count(*) FROM wellness_answer") == "0"


def test_a_bad_record_is_refused_whole(club):
    club.add_club("Alpha")
    kiosk = club.kiosk("Alpha", "pitch-1")
    good = {"player": "6F1C2B3A-0000-4000-8000-000000000001", "day": "2026-03-14", "fatigue": 3, "sleep": 3, "soreness": 3,
            "stress": 3, "mood": 3, "answeredMs": 1_773_489_600_000}
    future = (dt.date.today() + dt.timedelta(days=3)).isoformat()
    for bad, why in (({"mood": 6}, "mood 6 is off the 1–5 scale"), ({"day": future}, "is in the future"),
                     ({"day": "2026-02-30"}, "is not a date")):
        r = kiosk.request("POST", "/api/v1/kiosk/wellness", body={"answers": [good, {**good, **bad}]})
        assert r.status == 400 and why in r.body.decode(), (r.status, r.body[:300])
    assert club.owner_sql("SELECT count(*) FROM wellness_answer") == "0"
    r = kiosk.request("POST", "/api/v1/kiosk/wellness", body={"answers": [good]})
    assert r.status == 204, r
    older = {**good, "fatigue": 1, "answeredMs": good["answeredMs"] - 1}
    assert kiosk.request("POST", "/api/v1/kiosk/wellness", body={"answers": [older]}).status == 204
    assert club.owner_sql("SELECT fatigue FROM wellness_answer") == "3", "an older answer does not replace a later one"

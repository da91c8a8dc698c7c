"""The club's web pages in a real browser (headless chromium): signing in and its rate limit, a roster edited
and a photo uploaded reaching the kiosks' change feed, a session's page against the read API's JSON, a coach
kept to their team also by crafted URL, CSRF on every POST, signing out, and no horizontal scroll on a phone."""
import base64
import html
import json
import random
import re
import urllib.parse
import uuid

import pytest

import bundles
import webclub
from webclub import ADMIN, COACH_A, PASSWORD, WebClub, cookie_of, csrf_of, http, submit

pytestmark = pytest.mark.usefixtures("club")


@pytest.fixture
def web(club, tmp_path):
    return WebClub(club, tmp_path)


@pytest.fixture
def driver():
    d = webclub.browser()
    yield d
    d.quit()


def by(driver, css):
    from selenium.webdriver.common.by import By
    return driver.find_elements(By.CSS_SELECTOR, css)


def message(driver) -> str:
    return " ".join(e.text for e in by(driver, ".message"))


def test_a_wrong_password_is_refused_and_the_sixth_wrong_try_is_rate_limited(web, driver):
    for _ in range(5):
        web.login(driver, ADMIN, "not the password")
        assert "Wrong e-mail or password." in message(driver)
        assert not any(c["name"] == "sideline_session" for c in driver.get_cookies())
    # The sixth try in a row is refused without looking at the password, even the right one.
    web.login(driver, ADMIN, PASSWORD)
    assert "Too many failed sign-ins" in message(driver)
    assert not any(c["name"] == "sideline_session" for c in driver.get_cookies())
    assert "too many failed tries" in web.club.log.read_text()
    # Another user from the same address is not locked out by someone else's guesses (per e-mail and address; per address at 20).
    web.login(driver, COACH_A)
    assert driver.current_url.endswith("/sessions"), message(driver)
    # The failures are counted in PostgreSQL, where the server's role cannot read or change them.
    assert web.club.owner_sql("SELECT count(*) FROM login_failure") == "5"
    denied = web.club.app_sql("SELECT * FROM login_failure", check=False)
    assert denied.returncode != 0 and "permission denied" in denied.stderr


def test_behind_the_proxy_the_limit_counts_each_clients_address(web):
    """Behind the club's proxy every request reaches the server from 127.0.0.1: the limit counts the address
    the proxy appended to X-Forwarded-For, so one guesser's 20 failures lock out their address, not the club."""
    club = web.club

    def sign_in(email, forwarded, password="not the password"):
        form = http(club, "GET", "/login")
        body = urllib.parse.urlencode({"csrf": csrf_of(form.body), "email": email, "password": password}).encode()
        return club.request("POST", "/login", body=body, headers={
            "Content-Type": "application/x-www-form-urlencoded", "Cookie": form.headers["set-cookie"].split(";")[0],
            "X-Forwarded-For": forwarded}).status

    for i in range(20):
        assert sign_in(f"guess{i}@example.org", "198.51.100.66") == 401
    assert sign_in("one.more@example.org", "198.51.100.66") == 429
    # The guesser's own X-Forwarded-For before the proxy's does not take them out of their count.
    assert sign_in("and.another@example.org", "203.0.113.7, 198.51.100.66") == 429
    # Another client behind the same proxy signs in.
    assert sign_in(ADMIN, "203.0.113.7", PASSWORD) == 303
    assert "login refused for 'one.more@example.org' from 198.51.100.66" in club.log.read_text()


def test_the_session_cookie_is_httponly_samesite_and_logout_ends_it(web, driver):
    web.login(driver, ADMIN)
    cookie = next(c for c in driver.get_cookies() if c["name"] == "sideline_session")
    assert cookie["httpOnly"] and cookie["sameSite"] == "Lax" and not cookie["secure"]  # plain http here: TLS adds Secure
    # The cookie is 256 random bits; the database holds only its hash.
    assert web.club.owner_sql(f"SELECT count(*) FROM web_session WHERE id_hash = sha256('{cookie['value']}'::bytea)") in ("0", "1")
    assert cookie["value"] not in web.club.owner_sql("SELECT string_agg(encode(id_hash, 'hex'), ',') FROM web_session")
    value = cookie["value"]
    assert http(web.club, "GET", "/sessions", cookie=value).status == 200
    submit(driver, by(driver, "header.bar form button")[0])
    assert driver.current_url.endswith("/login")
    assert not any(c["name"] == "sideline_session" for c in driver.get_cookies())
    # The old cookie opens nothing any more: the session is gone from the database, not just from the browser.
    after = http(web.club, "GET", "/sessions", cookie=value)
    assert after.status == 303 and after.headers["location"] == "/login"
    assert web.club.owner_sql("SELECT count(*) FROM web_session") == "0"


def test_an_edited_player_and_an_uploaded_photo_reach_the_kiosks_change_feed(web, driver, tmp_path):
    from sideline_testkit.pictures import picture
    before = web.kiosk.changes()["lastSeq"]
    web.login(driver, ADMIN)
    driver.get(f"{web.base}/teams/{web.team_a}")
    player = web.players_a[1]
    driver.get(by(driver, f"tr[data-player='{player}'] a")[0].get_attribute("href"))
    first = by(driver, "input[name=firstName]")[0]
    first.clear()
    first.send_keys("Zoé-Web")
    weight = by(driver, "input[name=weightKg]")[0]
    weight.clear()
    weight.send_keys("61,5")
    photo = picture(tmp_path / "face.jpg", 320, 320, (40, 120, 200), (200, 200, 200))
    by(driver, "input[name=photo]")[0].send_keys(str(photo))
    # Consent on file (decision 075): a date picker's typing is the browser's locale's, so its value is set.
    driver.execute_script("arguments[0].value = '2026-09-01'", by(driver, "input[name=consentDay]")[0])
    by(driver, "input[name=consentBy]")[0].send_keys("Anna Berg")
    submit(driver, by(driver, "form.stack button[type=submit]")[0])
    assert "Saved Zoé-Web" in message(driver), driver.page_source[:2000]
    assert by(driver, f"tr[data-player='{player}'] img.photo"), "the roster shows the photo"
    assert by(driver, f"tr[data-player='{player}'] td.consent")[0].text == "2026-09-01"
    # What a kiosk pulls: the changed fields only, stamped by the user, the photo as uploaded.
    page = web.kiosk.changes(before)
    got = {(c["entity"], c["key"], c["field"]): c for c in page["changes"]}
    assert {k[2] for k in got} == {"firstName", "weightKg", "photo", "consent"}, got.keys()
    assert got[("player", player, "firstName")]["value"] == "Zoé-Web"
    assert got[("player", player, "consent")]["value"] == "2026-09-01 Anna Berg"
    assert "player edited: firstName, weightKg, photo, consent" in web.club.owner_sql("SELECT string_agg(action, '|') FROM access_log"), \
        "the change is in the access log, by its fields"
    assert got[("player", player, "weightKg")]["value"] == 61.5
    assert base64.b64decode(got[("player", player, "photo")]["value"]) == photo.read_bytes()
    assert all(c["stamp"]["origin"].startswith("web:") for c in page["changes"])
    # The photo is served back to the page as it was stored.
    served = http(web.club, "GET", f"/teams/{web.team_a}/players/{player}/photo", cookie=cookie_of(driver))
    assert served.status == 200 and served.headers["content-type"] == "image/jpeg" and served.body == photo.read_bytes()

    # A new player: on the roster, and in the feed as a player and a membership.
    driver.get(f"{web.base}/teams/{web.team_a}/players/new")
    by(driver, "input[name=firstName]")[0].send_keys("Nova")
    by(driver, "input[name=lastName]")[0].send_keys("Neu")
    submit(driver, by(driver, "form.stack button[type=submit]")[0])
    assert "Saved Nova Neu" in message(driver)
    page = web.kiosk.changes(page["lastSeq"])
    fields = {(c["entity"], c["field"]) for c in page["changes"]}
    assert ("player", "firstName") in fields and ("membership", "shirtNumber") in fields
    number = next(c["value"] for c in page["changes"] if c["entity"] == "membership")
    assert number == 5 and next(c["key"] for c in page["changes"] if c["entity"] == "membership").startswith(web.team_a + "/")

    # A refused form comes back as typed, with what is wrong, and writes nothing.
    driver.get(f"{web.base}/teams/{web.team_a}/players/{player}")
    number_field = by(driver, "input[name=shirtNumber]")[0]
    driver.execute_script("arguments[0].removeAttribute('max'); arguments[0].removeAttribute('min')", number_field)
    number_field.clear()
    number_field.send_keys("1")  # someone else's
    bad = tmp_path / "not.jpg"
    bad.write_bytes(b"\xff\xd8\xff\xe0 this is not really a JPEG")
    by(driver, "input[name=photo]")[0].send_keys(str(bad))
    submit(driver, by(driver, "form.stack button[type=submit]")[0])
    assert "1 is someone else's" in message(driver) and "not a JPEG" in message(driver)
    assert web.kiosk.changes(page["lastSeq"])["changes"] == []


def numbers_of(driver):
    """The session page's players table: {player uuid: {field: text}}."""
    table = {}
    for row in by(driver, "#players tbody tr"):
        cells = {c.get_attribute("data-field"): c.get_attribute("textContent") for c in row.find_elements("css selector", "td[data-field]")}
        table[row.get_attribute("data-player")] = cells
    return table


def shown(value):
    return "–" if value is None else str(int(round(value)))


def test_a_sessions_page_shows_the_numbers_of_the_read_api(web, driver):
    web.login(driver, ADMIN)
    rows = by(driver, "#sessions tbody tr")
    assert [r.get_attribute("data-uuid") for r in rows] == [web.session_uuid(b) for b in (web.sessions_a[1], web.session_b, web.sessions_a[0])]
    uuid = web.session_uuid(web.sessions_a[0])
    driver.get(by(driver, f"tr[data-uuid='{uuid}'] a")[0].get_attribute("href"))
    assert by(driver, "svg#team-graph polyline"), "the team graph is drawn"
    api = web.club.request("GET", f"/api/v1/sessions/{uuid}", web.club.api_token("Alpha"))
    assert api.status == 200
    document = api.json()
    assert document["format"] == "sideline-session-summary/1" and document["sessionUUID"] == uuid
    page = numbers_of(driver)
    assert set(page) == {p["playerUUID"] for p in document["players"]} == set(web.players_a)
    for p in document["players"]:
        s = p["session"]
        assert page[p["playerUUID"]] == {
            "avgBPM": shown(s["avgBPM"]), "maxBPM": shown(s["maxBPM"]), "peakPercentOfMax": shown(s["peakPercentOfMax"]),
            "trimpBanister": shown(s["trimpBanister"]), "kcal": shown(s["kcal"]), "effortPoints": shown(s["effortPoints"]),
            "recovery60sBPM": shown(s["recovery60sBPM"]),
            "rmssdMs": shown((p["reportedHRV"]["time"] or {}).get("rmssdMs")),
            # Session RPE (decision 067): the rating, starred when the coach gave it, and its load.
            "rpe": "–" if p["rpe"] is None else shown(p["rpe"]["value"]) + ("*" if p["rpe"]["byCoach"] else ""),
            "srpeLoad": shown(p["srpeLoad"]),
        }, p["name"]
    # The files: the JSON is the read API's document byte for byte; the others as the kiosk's export writes them.
    cookie = cookie_of(driver)
    links = {a.get_attribute("textContent"): a.get_attribute("href") for a in by(driver, ".downloads a")}
    json_file = http(web.club, "GET", links["JSON (every number)"].split(str(web.club.port))[1], cookie=cookie)
    assert json_file.status == 200 and json_file.body == api.body
    assert "attachment" in json_file.headers["content-disposition"]
    summary = http(web.club, "GET", links["Summary CSV"].split(str(web.club.port))[1], cookie=cookie)
    assert summary.status == 200 and summary.body.startswith("\ufeff".encode()) and b"Mia" in summary.body
    samples = http(web.club, "GET", links["Samples CSV"].split(str(web.club.port))[1], cookie=cookie)
    assert samples.body.count(b"\n") == 1 + sum(len(p["samples"]["bpm"]) for p in web.sessions_a[0]["participants"])
    tcx = http(web.club, "GET", links["TCX"].split(str(web.club.port))[1], cookie=cookie)
    assert tcx.status == 200 and b"<TrainingCenterDatabase" in tcx.body
    fit = http(web.club, "GET", links["FIT"].split(str(web.club.port))[1], cookie=cookie)
    assert fit.status == 200 and fit.body[8:12] == b".FIT"
    # The access log (decision 071) says who looked: the page, each file (by format and player, never by its name),
    # the API's answer; each kiosk's sync once a day whatever it sent; a coach is told there is no such page.
    for _ in range(3):
        web.kiosk.changes()
    fit_player = next(p for p in web.sessions_a[0]["participants"]
                      if links["FIT"].endswith(f"_{p['shirtNumber']}.fit") and p["firstName"].lower() in links["FIT"])
    fit_name = f"{fit_player['firstName']} {fit_player['lastName']}"
    by(driver, "header.bar a[href='/access-log']")[0].click()
    logged = access_log_rows(driver)
    assert ("view", "session page", "") in [(k, a, p) for _, k, a, p in logged]
    assert ("download", "file fit", fit_name) in [(k, a, p) for _, k, a, p in logged]
    assert [a for who, k, a, _ in logged if who.startswith("API token")] == ["session document (API)"]
    assert [a for who, k, a, _ in logged if k == "sync"] == ["roster pulled", "sessions uploaded", "roster edited"]
    assert all(ADMIN == who for who, k, _, _ in logged if k in ("view", "download") and not who.startswith("API token"))
    assert fit_player["lastName"].encode() not in web.club.owner_sql("SELECT string_agg(action || actor, ' ') FROM access_log").encode()
    from selenium.webdriver.support.ui import Select
    Select(by(driver, "select[name=player]")[0]).select_by_visible_text(fit_name)
    Select(by(driver, "select[name=kind]")[0]).select_by_value("download")
    submit(driver, by(driver, "form.filters button")[0])
    assert {(k, p) for _, k, _, p in access_log_rows(driver)} == {("download", fit_name)}
    driver.get(f"{web.base}/access-log?from=2099-01-01")
    assert access_log_rows(driver) == [] and "Nothing logged" in driver.page_source
    assert http(web.club, "GET", "/access-log?from=yesterday", cookie=cookie).status == 400
    # A hundred lines a page, "Older" after the last one shown (a keyset): none lost, none twice.
    web.club.owner_sql("SELECT set_config('sideline.club_id', id::text, false) FROM club; INSERT INTO access_log(club_id, kind, action, actor, address) "
                       "SELECT c.id, 'download', 'paging ' || i, 'script@alpha.example', '192.0.2.9' FROM club c, generate_series(1, 130) i")
    first = http(web.club, "GET", "/access-log?kind=download", cookie=cookie).body.decode()
    older = html.unescape(re.search(r'<a id="older" href="([^"]+)">', first).group(1))
    second = http(web.club, "GET", older, cookie=cookie).body.decode()
    pages = [re.findall(r'<span data-field="action">([^<]*)</span>', page) for page in (first, second)]
    assert len(pages[0]) == 100 and 'id="older"' not in second and "kind=download" in older
    assert sorted(pages[0] + pages[1]) == sorted({*pages[0], *pages[1]}) and sum(a.startswith("paging ") for a in pages[0] + pages[1]) == 130
    # The command line prints it too, oldest first, from a day or a time on.
    printed = web.club.run("access-log", "--club", "Alpha").stdout.splitlines()
    assert any(f"\tdownload\t{ADMIN}\t127.0.0.1\tfile fit\t{fit_name}\t{webclub.TEAM_A}\t{uuid}" in line for line in printed), printed
    assert printed[0].split("\t")[1] == "change" and "\tkiosk added: pitch-1\t" in printed[0], printed[0]
    assert web.club.run("access-log", "--club", "Alpha", "--since", "2099-01-01").stdout == ""
    assert web.club.run("access-log", "--club", "Alpha", "--since", "soon", check=False).returncode == 2
    coach = webclub.login_http(web.club, COACH_A)
    assert http(web.club, "GET", "/access-log", cookie=coach).status == 404


def access_log_rows(driver) -> list:
    """The access log page's rows: (who, kind, what, player)."""
    return [(r.find_elements("css selector", "td")[1].text, r.get_attribute("data-kind"),
             r.find_element("css selector", "[data-field=action]").text, r.find_element("css selector", "[data-field=player]").text)
            for r in by(driver, "#access-log tbody tr")]


def test_the_sessions_list_pages_through_a_season_without_losing_or_repeating_one(web):
    """100 sessions a page, newest first; "Older sessions" continues after the last row shown (a keyset), so
    sessions that started at the same moment are neither skipped nor shown twice across the pages."""
    sessions = []
    for i in range(104):
        bundle = bundles.make(seed=100 + i, players=1, minutes=0.1, team=webclub.TEAM_A)
        bundle["session"]["uuid"] = str(uuid.UUID(int=random.Random(i).getrandbits(128), version=4)).upper()
        bundle["session"]["startedMs"] = 1_700_000_000_000 + (i // 4) * 60_000  # four at a time start together
        bundle["session"]["endedMs"] = bundle["session"]["startedMs"] + 6_000
        assert web.kiosk.upload(bundles.canonical(bundle)).status == 201
        sessions.append(bundle)
    cookie = webclub.login_http(web.club, ADMIN)
    first = http(web.club, "GET", "/sessions", cookie=cookie).body.decode()
    shown = re.findall(r'<tr data-uuid="([0-9a-f-]+)">', first)
    assert len(shown) == 100 and "Newest sessions" not in first
    older = re.search(r'<a id="older" href="([^"]+)">', first).group(1)
    second = http(web.club, "GET", html.unescape(older), cookie=cookie).body.decode()
    rest = re.findall(r'<tr data-uuid="([0-9a-f-]+)">', second)
    assert 'id="older"' not in second and "Newest sessions" in second
    every = [web.session_uuid(b) for b in sessions + web.sessions_a + [web.session_b]]
    assert len(shown + rest) == len(set(shown + rest)) == len(every) and set(shown + rest) == set(every)
    started = {web.session_uuid(b): b["session"]["startedMs"] for b in sessions + web.sessions_a + [web.session_b]}
    order = [(-started[u], u) for u in shown + rest]
    assert order == sorted(order), "newest first, then by UUID"
    # A made-up cursor is refused in one sentence; one past the end is an empty page.
    assert http(web.club, "GET", "/sessions?after=yesterday", cookie=cookie).status == 400
    past = http(web.club, "GET", f"/sessions?after=0_{uuid.UUID(int=0)}", cookie=cookie)
    assert past.status == 200 and "No older session." in past.body.decode()


def test_a_coach_sees_their_own_team_only_by_link_and_by_crafted_url(web, driver):
    web.login(driver, COACH_A)
    listed = [r.get_attribute("data-uuid") for r in by(driver, "#sessions tbody tr")]
    assert listed == [web.session_uuid(b) for b in (web.sessions_a[1], web.sessions_a[0])]
    driver.get(f"{web.base}/teams")
    assert [a.text for a in by(driver, "#teams tbody td:first-child a")] == [webclub.TEAM_A]
    cookie = cookie_of(driver)
    b_session = web.session_uuid(web.session_b)
    for path in (f"/sessions/{b_session}", f"/sessions/{b_session}/files/x_summary.json", f"/teams/{web.team_b}",
                 f"/teams/{web.team_b}/season", f"/teams/{web.team_b}/season.csv", f"/teams/{web.team_b}/season/{web.players_b[0]}",
                 f"/teams/{web.team_b}/players/{web.players_b[0]}", f"/teams/{web.team_b}/players/{web.players_b[0]}/photo",
                 f"/teams/{web.team_a}/players/{web.players_b[0]}", f"/teams/{web.team_a}/season/{web.players_b[0]}"):
        r = http(web.club, "GET", path, cookie=cookie)
        assert r.status in (403, 404), (path, r)
        driver.get(web.base + path)
        assert "404" in driver.title or "403" in driver.title or "Not Found" in driver.title, (path, driver.title)
    # A crafted POST to the other team's player, with this session's own valid token, is refused and writes nothing.
    token = csrf_of(http(web.club, "GET", f"/teams/{web.team_a}/players/new", cookie=cookie).body)
    before = web.kiosk.changes()["lastSeq"]
    r = http(web.club, "POST", f"/teams/{web.team_b}/players/{web.players_b[0]}", cookie=cookie,
             form={"csrf": token, "firstName": "Hijacked", "shirtNumber": "9", "birthYear": "2009", "sex": "M", "weightKg": "60", "restingHR": "55"})
    assert r.status == 404, r
    assert web.kiosk.changes(before)["changes"] == []


def test_a_post_without_or_with_a_wrong_csrf_token_is_refused(web, driver):
    web.login(driver, ADMIN)
    cookie = cookie_of(driver)
    form = {"firstName": "Forged", "lastName": "", "shirtNumber": "77", "birthYear": "2009", "sex": "F", "weightKg": "60", "restingHR": "55"}
    before = web.kiosk.changes()["lastSeq"]
    for token in (None, "", "not-the-token", csrf_of(http(web.club, "GET", "/login").body)):
        sent = dict(form) if token is None else dict(form, csrf=token)
        r = http(web.club, "POST", f"/teams/{web.team_a}/players", cookie=cookie, form=sent)
        assert r.status == 403 and b"token" in r.body, (token, r)
    assert http(web.club, "POST", "/logout", cookie=cookie, form={"csrf": "wrong"}).status == 403
    assert web.kiosk.changes(before)["changes"] == []
    assert "CSRF token refused" in web.club.log.read_text()
    # Signed out, a POST is refused too (not redirected into a sign-in that would replay it).
    assert http(web.club, "POST", f"/teams/{web.team_a}/players", form=dict(form, csrf="x")).status == 403
    # The login form's own token: a sign-in posted from elsewhere (no matching cookie) is refused.
    r = http(web.club, "POST", "/login", form={"csrf": "made-up", "email": ADMIN, "password": PASSWORD})
    assert r.status == 403 and "set-cookie" not in r.headers or "sideline_session=" not in r.headers.get("set-cookie", "")


@pytest.mark.parametrize("path", ["/nowhere", "/sessions/not-a-uuid", "/teams/00000000-0000-4000-8000-000000000000"])
def test_unknown_pages_are_a_plain_404(web, driver, path):
    web.login(driver, ADMIN)
    r = http(web.club, "GET", path, cookie=cookie_of(driver))
    assert r.status == 404, r


def test_malformed_form_posts_get_a_4xx_never_a_5xx(web, driver):
    web.login(driver, ADMIN)
    cookie = cookie_of(driver)
    token = csrf_of(http(web.club, "GET", "/sessions", cookie=cookie).body)
    path = f"/teams/{web.team_a}/players"
    cases = [
        ({"Content-Type": "application/x-www-form-urlencoded"}, b"csrf=%zz&firstName=x"),
        ({"Content-Type": "application/x-www-form-urlencoded"}, b"\xff\xfe"),
        ({"Content-Type": "multipart/form-data"}, b"--x\r\n"),
        ({"Content-Type": "multipart/form-data; boundary=x"}, b"--x\r\nContent-Disposition: form-data\r\n\r\nv\r\n--x--"),
        ({"Content-Type": "multipart/form-data; boundary=x"}, b"--x\r\nno end"),
        ({"Content-Type": "text/plain"}, b"csrf=" + token.encode()),
        ({"Content-Type": "application/x-www-form-urlencoded"}, ("csrf=" + token + "&firstName=" + "x" * 100).encode()),
        ({"Content-Type": "application/x-www-form-urlencoded"}, ("csrf=" + token + "&x=" + "y" * 700_000).encode()),
        ({"Content-Type": "application/x-www-form-urlencoded"}, ("csrf=" + token + "&firstName=A&shirtNumber=-5&birthYear=1&sex=Q&weightKg=nan&restingHR=1e9&maxHR=x").encode()),
    ]
    for headers, body in cases:
        r = web.club.request("POST", path, body=body, headers=dict(headers, Cookie=f"sideline_session={cookie}"))
        assert 400 <= r.status < 500, (headers, body[:60], r)
    for body in (b"email=a", b"\xff", b"csrf=1&email=" + b"x" * 20_000):
        r = web.club.request("POST", "/login", body=body, headers={"Content-Type": "application/x-www-form-urlencoded"})
        assert 400 <= r.status < 500, (body[:40], r)
    assert "the server failed" not in web.club.log.read_text()

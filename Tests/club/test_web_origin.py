"""What a browser is told and what it may send (issue 35, item 3): `X-Content-Type-Options: nosniff` on every
answer — API, pages, errors, redirects — and a state-changing request from another origin refused with 403 before
anything runs, even with the session's own CSRF token; in a real browser too (headless chromium on a page served
from another port: same site, so the session cookie goes along, but another origin)."""
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

import pytest

import webclub
from webclub import ADMIN, WebClub, csrf_of, http, login_http


@pytest.fixture
def web(club, tmp_path):
    return WebClub(club, tmp_path)


def test_every_answer_says_nosniff(web):
    club = web.club
    cookie = login_http(club, ADMIN)
    answers = [
        club.request("GET", "/api/v1/kiosk/status", web.kiosk.token),
        club.request("GET", "/api/v1/kiosk/status", "not-a-token"),
        club.request("POST", "/api/v1/enrol", body=b"{", headers={"Content-Type": "application/json"}),
        club.request("GET", "/no/such/path"),
        club.request("HEAD", "/api/v1/sessions"),
        http(club, "GET", "/login"),
        http(club, "GET", "/static/club.css"),
        http(club, "GET", "/sessions", cookie=cookie),
        http(club, "GET", "/sessions"),
        http(club, "GET", f"/sessions/{web.session_uuid(web.session_b)}/files/summary.csv", cookie=cookie),
        http(club, "POST", "/logout", form={"csrf": "x"}),
    ]
    assert len({a.status for a in answers}) >= 6, [a.status for a in answers]
    for answer in answers:
        assert answer.headers.get("x-content-type-options") == "nosniff", answer


def test_a_state_changing_request_from_another_origin_is_refused(web):
    club = web.club
    cookie = login_http(club, ADMIN)
    csrf = csrf_of(http(club, "GET", "/settings", cookie=cookie).body)
    form = {"csrf": csrf, "zoneModel": "heartRateReserve", "maxHRFormula": "fox", "maintainingFrom": "0.8", "productiveFrom": "1.0",
            "overreachingAbove": "1.5", "seasonStartMonth": "8", "seasonStartDay": "1"}
    ours = f"http://127.0.0.1:{club.port}"
    before = web.kiosk.changes()["lastSeq"]
    for headers in ({"Origin": "https://evil.example"}, {"Origin": "null"}, {"Origin": f"http://127.0.0.1:{club.port + 1}"},
                    {"Referer": "https://evil.example/page"}, {"Origin": "https://evil.example", "Referer": ours + "/settings"}):
        r = http(club, "POST", "/settings", cookie=cookie, form=form, headers=headers)
        assert r.status == 403 and b"another site" in r.body, (headers, r)
    # Signing in from another site's form is refused the same way.
    login = http(club, "GET", "/login")
    assert http(club, "POST", "/login", form={"csrf": csrf_of(login.body), "email": ADMIN, "password": "x"},
                headers={"Origin": "https://evil.example", "Cookie": login.headers["set-cookie"].split(";")[0]}).status == 403
    assert web.kiosk.changes(before)["changes"] == [], "nothing was changed"
    assert "from another origin (https://evil.example) refused" in club.log.read_text()
    # The club's own pages (Origin, or only a Referer, or neither: a script with the token) go through.
    for headers in ({"Origin": ours}, {"Referer": ours + "/settings"}, {}):
        assert http(club, "POST", "/settings", cookie=cookie, form=form, headers=headers).status == 303, headers
    # The API is not a browser's: a kiosk's POST with any Origin is its token's business alone.
    assert web.kiosk.request("POST", "/api/v1/kiosk/roster/edits", {"edits": []}, {"Origin": "https://evil.example"}).status == 200


def test_a_forged_form_on_another_origin_is_refused_in_a_real_browser(web, tmp_path):
    club = web.club
    driver = webclub.browser()
    server = None
    try:
        web.login(driver, ADMIN)
        driver.get(f"{web.base}/settings")
        csrf = csrf_of(driver.page_source.encode())
        # Even knowing the session's token, a page elsewhere cannot make the browser change the club's settings.
        (tmp_path / "forged.html").write_text(f"""<!doctype html><html><body>
            <form id="f" method="post" action="{web.base}/settings">
            <input name="csrf" value="{csrf}"><input name="zoneModel" value="heartRateReserve"><input name="maxHRFormula" value="fox">
            <input name="maintainingFrom" value="0.8"><input name="productiveFrom" value="1.0"><input name="overreachingAbove" value="1.5">
            <input name="seasonStartMonth" value="8"><input name="seasonStartDay" value="1"></form>
            <script>document.getElementById('f').submit()</script></body></html>""")
        handler = lambda *a, **kw: SimpleHTTPRequestHandler(*a, directory=str(tmp_path), **kw)
        server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        before = web.kiosk.changes()["lastSeq"]
        driver.get(f"http://127.0.0.1:{server.server_address[1]}/forged.html")
        from selenium.webdriver.support.ui import WebDriverWait
        WebDriverWait(driver, 30).until(lambda d: d.current_url.startswith(web.base))
        WebDriverWait(driver, 30).until(lambda d: "another site" in d.page_source)
        assert "403" in driver.page_source
        assert web.kiosk.changes(before)["changes"] == []
    finally:
        driver.quit()
        if server:
            server.shutdown()

"""The sign-in limit (docs/decisions/065): per e-mail and address pair, per address, and a per-e-mail spacing that
slows guessers spread over many addresses but never keeps the right password out for longer than 30 s. Through the
real server behind its proxy's X-Forwarded-For (how clients are told apart on one machine), on a real PostgreSQL; the
clock is moved by moving the stored failures back, never by sleeping."""
import urllib.parse

from webclub import ADMIN, PASSWORD, WebClub, csrf_of, http


def sign_in(club, email, address, password="not the password"):
    """A sign-in from `address` as the proxy forwards it: (status, Retry-After, page)."""
    form = http(club, "GET", "/login")
    body = urllib.parse.urlencode({"csrf": csrf_of(form.body), "email": email, "password": password}).encode()
    r = club.request("POST", "/login", body=body, headers={
        "Content-Type": "application/x-www-form-urlencoded", "Cookie": form.headers["set-cookie"].split(";")[0], "X-Forwarded-For": address})
    return r.status, r.headers.get("retry-after"), r.body.decode()


def test_a_stranger_hammering_the_admins_email_from_one_address_does_not_stop_the_admin(club, tmp_path):
    WebClub(club, tmp_path)
    stranger = "198.51.100.66"
    assert [sign_in(club, ADMIN, stranger)[0] for _ in range(5)] == [401] * 5
    # From then on the stranger is refused without a look at the password — even the right one — and told for how long.
    for password in ("another guess", "and another", PASSWORD):
        status, retry, page = sign_in(club, ADMIN, stranger, password)
        assert status == 429 and 800 <= int(retry) <= 900 and "for this e-mail from this address" in page, (status, retry)
    # Refused tries are not counted: hammering the refusal changes nothing.
    assert club.owner_sql("SELECT count(*) FROM login_failure") == "5"
    # The admin, from home, signs in at once.
    assert sign_in(club, ADMIN, "203.0.113.7", PASSWORD)[0] == 303
    # …and that does not give the stranger fresh tries (only the admin's own pair is cleared).
    assert sign_in(club, ADMIN, stranger)[0] == 429
    assert f"login refused for '{ADMIN}' from {stranger}: too many failed tries (pair)" in club.log.read_text()
    # A quarter of an hour later (the failures moved back), the stranger's address is checked again.
    club.owner_sql("UPDATE login_failure SET at = at - interval '15 minutes'")
    assert sign_in(club, ADMIN, stranger)[0] == 401


def test_guessers_on_many_addresses_are_slowed_and_the_right_password_waits_only_the_spacing(club, tmp_path):
    WebClub(club, tmp_path)
    # Ten failures from ten addresses are free: the eleventh try is checked at once.
    for i in range(10):
        assert sign_in(club, ADMIN, f"10.0.0.{i + 1}")[0] == 401
    assert sign_in(club, ADMIN, "10.0.0.11")[0] == 401
    # Past them, every check of that e-mail waits a spacing after the last failure, doubling from 1 s to 30 s at most.
    club.owner_sql(f"INSERT INTO login_failure(email, address, at) SELECT '{ADMIN}', '10.0.1.' || i, now() FROM generate_series(1, 20) i")
    status, retry, page = sign_in(club, ADMIN, "203.0.113.7", PASSWORD)
    assert status == 429 and 1 <= int(retry) <= 30 and "slowed down" in page, (status, retry)
    status, retry, _ = sign_in(club, ADMIN, "10.0.2.1")
    assert status == 429 and int(retry) <= 30
    # The spacing after the last failure passed (the failures moved back 30 s): the right password signs in.
    club.owner_sql("UPDATE login_failure SET at = at - interval '30 seconds'")
    assert sign_in(club, ADMIN, "203.0.113.7", PASSWORD)[0] == 303

"""A join typed on the kiosk's screen is a pending join (<db>.club-join) that the next pass does — `sideline club
sync`, as the appliance's sync service runs it, against the real server: accepted (the link written, the file gone,
the pass goes on), refused for good (a wrong or used code: the file gone, the server's reason kept for the screen),
the server unreachable (kept for the next pass); `--if-joined` quiet when there is nothing to do."""
import json
import os

from kiosk_cli import KioskCLI


def pending(kiosk, url, code):
    """What the kiosk's screen writes: the address and the code, for the next pass."""
    path = kiosk.db + ".club-join"
    with open(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "w") as f:
        json.dump({"url": url, "code": code}, f)
    return path


def last_problem(kiosk):
    return kiosk.sql("SELECT last_problem FROM club_state")[0][0]


def test_an_accepted_join_links_the_kiosk_and_the_pass_goes_on(club, sideline_bin, tmp_path):
    club.add_club("Alpha")
    kiosk = KioskCLI(sideline_bin, tmp_path / "pitch-1.sqlite", "pitch-1")
    kiosk.record(players=3, minutes=1)
    path = pending(kiosk, f"http://127.0.0.1:{club.port}", club.enrolment_code("Alpha", "pitch-1"))
    result = kiosk.sync("--if-joined")
    assert result.stdout.splitlines()[0] == f"joined the club Alpha at http://127.0.0.1:{club.port} as pitch-1", result.stdout
    assert result.stdout.splitlines()[-1].startswith("up to date: 1 session uploaded"), result.stdout
    assert not os.path.exists(path)
    link = json.loads(open(kiosk.db + ".club").read())
    assert link["clubName"] == "Alpha" and oct(os.stat(kiosk.db + ".club").st_mode & 0o777) == "0o600"
    assert last_problem(kiosk) is None
    token = club.api_token("Alpha")
    assert len(club.request("GET", "/api/v1/sessions", token=token).json()) == 1


def test_a_wrong_or_used_code_is_dropped_with_the_servers_reason(club, sideline_bin, tmp_path):
    club.add_club("Alpha")
    a = KioskCLI(sideline_bin, tmp_path / "pitch-1.sqlite", "pitch-1")
    b = KioskCLI(sideline_bin, tmp_path / "pitch-2.sqlite", "pitch-2")
    url = f"http://127.0.0.1:{club.port}"
    path = pending(a, url, "enrol_not-a-code")
    result = a.sync("--if-joined", check=False)
    # The journal's line, then the command's own.
    assert result.returncode == 2 and result.stdout == "", result
    assert result.stderr.strip().splitlines()[-1].startswith("sideline: the join typed on the kiosk failed: 127.0.0.1 refused the code: "), result.stderr
    assert not os.path.exists(path) and not os.path.exists(a.db + ".club")
    assert last_problem(a).startswith("127.0.0.1 refused the code: "), last_problem(a)
    # The kiosk is in no club: the service's next pass has nothing to do.
    assert a.sync("--if-joined").stdout == ""

    code = club.enrolment_code("Alpha", "pitch-1")
    a.club("join", url, code)
    pending(b, url, code)
    result = b.sync(check=False)
    assert result.returncode == 2 and "refused the code" in result.stderr, result
    assert not os.path.exists(b.db + ".club-join") and not os.path.exists(b.db + ".club")


def test_an_unreachable_server_keeps_the_join_for_the_next_pass(club, sideline_bin, tmp_path):
    club.add_club("Alpha")
    kiosk = KioskCLI(sideline_bin, tmp_path / "pitch-1.sqlite", "pitch-1")
    url = f"http://127.0.0.1:{club.port}"
    code = club.enrolment_code("Alpha", "pitch-1")
    path = pending(kiosk, url, code)
    club.stop()
    result = kiosk.sync("--if-joined", check=False)
    assert result.returncode == 2, result
    assert "127.0.0.1 unreachable" in result.stderr and "the join typed on the kiosk waits for the next pass" in result.stderr, result.stderr
    assert json.loads(open(path).read()) == {"url": url, "code": code}
    assert "the join waits for the next pass" in last_problem(kiosk)
    # The server back (on another port: the kiosk's file names the old one, so the test points it there).
    club.start()
    pending(kiosk, f"http://127.0.0.1:{club.port}", code)
    assert "joined the club Alpha" in kiosk.sync("--if-joined").stdout
    assert not os.path.exists(path) and last_problem(kiosk) is None


def test_if_joined_is_quiet_only_with_no_link_and_no_join(sideline_bin, tmp_path):
    kiosk = KioskCLI(sideline_bin, tmp_path / "pitch-1.sqlite", "pitch-1")
    quiet = kiosk.sync("--if-joined")
    assert quiet.stdout == "" and quiet.stderr == ""
    result = kiosk.sync(check=False)
    assert result.returncode == 2 and "this kiosk is in no club" in result.stderr

"""Settings → Club sync on the real kiosk, headless, against the real club server: the address and the code typed
by tapping the on-screen keys, Join, the status line with the server's host, a session recorded on the kiosk
waiting, Sync now, the session on the server, Leave club; and a wrong code showing the server's message with the
kiosk left out of the club. The appliance's way (`--club-sync service`: the kiosk writes its request file and this
test runs `sideline club sync --if-joined` as sideline-club-sync.path would) step by step, and the kiosk's own
background worker (in-process) waiting for its passes. Every screen photographed keeps its targets at 64 px or more
at 800×480; with SIDELINE_KIOSK_SCREENSHOTS=docs/screenshots/club-sync the pictures land there, one folder a size
(docs/KIOSK.md shows them; deploy/scripts/kiosk/screenshots.sh, which needs no server, leaves that folder alone)."""
import json
import os
import pathlib
import shutil
import subprocess

import pytest

from kiosk_cli import KioskCLI
from sideline_testkit.kiosk import open_settings, small_targets
from sideline_testkit.paths import ROOT
from sideline_testkit.stepwise_kiosk import StepwiseKiosk

SIZES = ["800x480", "1920x1080"]
# Checked here with a real server's host, but the docs show the flow's (deploy/scripts/kiosk/flows/club-sync.kiosk).
SHOWN_BY_THE_FLOW = {"club-sync-join-keyboard", "club-sync-joining"}


def typed(text):
    return f'type "{text}"'


def join_lines(url, code):
    """From the Club sync page: both fields typed on the keyboard, then the keyboard's Join."""
    return ['tap "Server address"', typed(url), 'tap "key:next"', typed(code)]


def go_to_club_sync():
    return [*open_settings().splitlines(), 'tap "Club sync"', "wait 1s"]


def record_a_session():
    """The team Demo, a short session, saved; back on the team picker."""
    return ['tap "Demo"', 'tap "Start"', "wait 30s", 'tap "Stop"', 'tap "Stop"',
            'tap "Skip recovery"', 'tap "Save"', 'expect screen review', 'tap "Lobby"', 'tap "Teams"']


def shot(name):
    return [f"screenshot {name}", f"dump {name}.targets.json"]


def seeded_kiosk(sideline_bin, tmp_path):
    kiosk = KioskCLI(sideline_bin, tmp_path / "pitch-1.sqlite", "pitch-1")
    kiosk.run("record", "--source", "sim:4", "--seed", "7", "--speed", "6000", "--team", "Demo", "--minutes", "1", "--quiet")
    return kiosk


def check_and_keep(shots, names, size):
    """Each screenshot's targets big enough for gloves (at 800×480), and copied into the docs when asked."""
    out = os.environ.get("SIDELINE_KIOSK_SCREENSHOTS")
    for name in names:
        assert (shots / f"{name}.png").exists(), name
        if size == "800x480":
            assert small_targets(json.loads((shots / f"{name}.targets.json").read_text())) == [], f"{name}: targets under 64 px"
        if out and name not in SHOWN_BY_THE_FLOW:
            folder = pathlib.Path(out) / size
            folder.mkdir(parents=True, exist_ok=True)
            shutil.copy(shots / f"{name}.png", folder / f"{name}.png")


def request_time(kiosk):
    path = kiosk.db + ".club-sync-request"
    if not os.path.exists(path):
        return None
    assert oct(os.stat(path).st_mode & 0o777) == "0o600"
    return os.stat(path).st_mtime_ns, open(path).read()


@pytest.mark.parametrize("size", SIZES)
def test_join_wait_sync_now_and_leave_as_the_appliance_does_it(club, sideline_bin, tmp_path, size):
    club.add_club("Alpha")
    kiosk = seeded_kiosk(sideline_bin, tmp_path)
    url, code = f"http://127.0.0.1:{club.port}", club.enrolment_code("Alpha", "pitch-1")
    media = tmp_path / "media"
    media.mkdir()
    names = []

    def step(*lines, photo=None):
        if photo:
            names.append(photo)
            return [*lines, *shot(photo)]
        return list(lines)

    steps = [
        step(*go_to_club_sync(), *shot("club-sync-not-in-a-club"), *join_lines(url, code), photo="club-sync-join-keyboard")
        + ['tap "Join"'] + step(photo="club-sync-joining"),
        step("wait 1500ms", photo="club-sync-joined"),
        ['tap "‹ Settings"', 'tap "‹ Done"', *record_a_session(), *go_to_club_sync()] + step(photo="club-sync-session-waiting"),
        ['tap "Sync now"'],
        step("wait 4500ms", photo="club-sync-up-to-date") + ['tap "Leave club"'] + step(photo="club-sync-leave-confirm"),
        ['tap "Leave club"', "wait 1500ms"],
    ]
    names.insert(0, "club-sync-not-in-a-club")
    rig = StepwiseKiosk(sideline_bin, tmp_path, kiosk.db, media, ["wait 1s"], steps, size=size, extra=["--club-sync", "service"])
    try:
        joining = rig.step(0)
        assert joining["clubSync"]["membership"] == {"state": "joining", "host": "127.0.0.1"}, joining["clubSync"]
        assert json.loads(open(kiosk.db + ".club-join").read()) == {"url": url, "code": code}
        assert oct(os.stat(kiosk.db + ".club-join").st_mode & 0o777) == "0o600"
        asked = request_time(kiosk)
        assert asked, "Join asked the sync service for a pass"
        # What sideline-club-sync.service runs when its path unit sees the request.
        assert "joined the club Alpha" in kiosk.sync("--if-joined").stdout

        joined = rig.step(1)["clubSync"]
        assert joined["membership"] == {"state": "joined", "club": "Alpha", "kiosk": "pitch-1", "host": "127.0.0.1"}, joined
        assert joined["line"].startswith("nothing waiting · last sync ") and joined["line"].endswith(" · 127.0.0.1"), joined
        assert "never" not in joined["line"] and joined["lastProblem"] is None

        waiting = rig.step(2)["clubSync"]
        assert waiting["line"].startswith("1 session"), waiting
        saved = request_time(kiosk)
        assert saved != asked, "the saved session asked for a pass"

        rig.step(3)
        assert request_time(kiosk) != saved, "Sync now asked for a pass"
        kiosk.sync("--if-joined")
        up = rig.step(4)
        assert up["clubSync"]["line"].startswith("nothing waiting · last sync "), up["clubSync"]
        assert "every session and the roster stay on this kiosk" in up["confirmation"].lower(), up["confirmation"]
        recorded = {r[0].lower() for r in kiosk.sql("SELECT uuid FROM session")}
        token = club.api_token("Alpha")
        on_server = {s["uuid"].lower() for s in club.request("GET", "/api/v1/sessions", token=token).json()}
        assert len(recorded) == 2 and recorded == on_server, (recorded, on_server)

        kiosk_token = json.loads(open(kiosk.db + ".club").read())["token"]
        before_leaving = request_time(kiosk)
        left = rig.step(5)
        assert left["clubSync"]["membership"] == {"state": "none"}, left["clubSync"]
        assert not os.path.exists(kiosk.db + ".club")
        assert len(kiosk.sql("SELECT id FROM session")) == 2, "leaving keeps every session"
        # Out of the club at once; the token is kept aside for the pass Leave asked for, which has
        # the server revoke it (the screen's loop never waits for the network).
        assert oct(os.stat(kiosk.db + ".club-left").st_mode & 0o777) == "0o600"
        assert request_time(kiosk) != before_leaving, "Leave asked the sync service for a pass"
        assert club.request("GET", "/api/v1/kiosk/status", token=kiosk_token).status == 200
        # The server down at that pass: the token stays aside, the pass says so, the next one revokes it.
        club.stop()
        unanswered = kiosk.sync("--if-joined").stdout
        assert "left on the kiosk, is not revoked yet" in unanswered and "next pass asks again" in unanswered, unanswered
        assert os.path.exists(kiosk.db + ".club-left")
        club.start(port=club.port)  # where the kiosk's link points
        answered = kiosk.sync("--if-joined").stdout
        assert "the token of the club Alpha, left on the kiosk, is revoked there" in answered, answered
        assert club.request("GET", "/api/v1/kiosk/status", token=kiosk_token).status == 401
        assert not os.path.exists(kiosk.db + ".club-left"), "revoked: nothing of the club is kept"
        rig.end()
    finally:
        if rig.process.poll() is None:
            rig.process.kill()
    check_and_keep(rig.shots, names, size)


def test_a_wrong_code_then_the_right_one_with_the_kiosks_own_worker(club, sideline_bin, tmp_path):
    club.add_club("Alpha")
    kiosk = seeded_kiosk(sideline_bin, tmp_path)
    url, code = f"http://127.0.0.1:{club.port}", club.enrolment_code("Alpha", "pitch-1")
    script = "\n".join([
        "wait 1s", *go_to_club_sync(),
        *join_lines(url, "enrol_wrong-code"), 'tap "Join"',
        'wait until club "refused the code"', *shot("club-sync-refused"), "dump refused.json",
        # The address stays typed; a code is used once, so its field is empty again.
        'tap "Enrolment code"', typed(code), 'tap "Join"',
        'wait until club "nothing waiting"', "dump joined.json",
    ]) + "\n"
    shots = tmp_path / "shots"
    shots.mkdir()
    (tmp_path / "script.kiosk").write_text(script)
    # Each dump drawn again in German too: the stored problem is said in the kiosk's language (decision 087, amended).
    locale = ROOT / ".build/locale"
    subprocess.run([str(ROOT / "deploy/scripts/i18n/compile.sh"), str(locale)], check=True)
    result = subprocess.run([sideline_bin, "--headless", "--size", "800x480", "--script", str(tmp_path / "script.kiosk"),
                             "--screenshots", str(shots), "--db", kiosk.db, "--source", "sim:4", "--dump-languages", "de"],
                            capture_output=True, text=True, timeout=600, env={**os.environ, "SIDELINE_LOCALEDIR": str(locale)})
    assert result.returncode == 0, result.stderr[-3000:]
    refused = json.loads((shots / "refused.json").read_text())["clubSync"]
    assert refused["membership"] == {"state": "none"}, refused
    assert refused["lastProblem"].startswith("127.0.0.1 refused the code: "), refused
    german = json.loads((shots / "refused.de.json").read_text())
    assert german["clubSync"]["lastProblem"].startswith("127.0.0.1 hat den Code abgelehnt: "), german["clubSync"]
    assert any(t.startswith("Der letzte Beitritt") for t in german["texts"]) and "hat den Code" in " ".join(german["texts"]), german["texts"]
    assert not os.path.exists(kiosk.db + ".club-join") and not os.path.exists(kiosk.db + ".club-sync-request")
    joined = json.loads((shots / "joined.json").read_text())["clubSync"]
    assert joined["membership"]["state"] == "joined" and joined["lastProblem"] is None, joined
    token = club.api_token("Alpha")
    assert len(club.request("GET", "/api/v1/sessions", token=token).json()) == 1, "the seeded session went up in the join's pass"
    check_and_keep(shots, ["club-sync-refused"], "800x480")

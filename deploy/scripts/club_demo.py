"""make club-demo: a club on this machine, for a look. A throwaway PostgreSQL 15 (sideline_testkit.postgres),
`sideline-club migrate`, `add-club`, `add-kiosk`, `add-user` and `serve` on loopback; two simulated kiosks
(two SQLite files) each recording a short simulated session and syncing it (`sideline record --source sim:…`,
`club join`, `club sync`); an admin. With no display: screenshots of the web pages (sign-in, sessions, a
session, a team's roster, the season) from headless chromium through Selenium (the club's browser tests'
helpers, Tests/club/webclub.py) into out/club-demo/. With a display: the address and the sign-in, and the
server runs until Ctrl-C. Everything is torn down at the end, or on Ctrl-C.

    SIDELINE_BIN=… SIDELINE_CLUB_BIN=… .venv/bin/python deploy/scripts/club_demo.py [--out out/club-demo]"""
import argparse
import os
import pathlib
import shutil
import signal
import sqlite3
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "Tests/kit"), str(ROOT / "Tests/club")]

from sideline_testkit.postgres import Postgres, free_port  # noqa: E402
from sideline_testkit.processes import WatchedProcess  # noqa: E402

CLUB = "Demo FC"
ADMIN, PASSWORD = "admin@demo.example", "sideline demo"
KIOSKS = [("pitch-1", "U17", 8, 11), ("pitch-2", "U15", 6, 12)]  # name, team, players, seed


def run(*args, quiet=False) -> str:
    result = subprocess.run([str(a) for a in args], capture_output=True, text=True, timeout=300)
    if result.returncode != 0:
        raise SystemExit(f"{' '.join(map(str, args[:3]))} … failed ({result.returncode}): {result.stderr.strip() or result.stdout.strip()}")
    if not quiet and result.stdout.strip():
        print("  " + result.stdout.strip().splitlines()[-1])
    return result.stdout


class Demo:
    def __init__(self, sideline: str, club: str, out: pathlib.Path):
        self.sideline, self.club, self.out = sideline, club, out
        self.pg = self.server = None

    def start(self, port: int):
        print(f"PostgreSQL 15, throwaway, in a temporary directory")
        self.pg = Postgres.create()
        self.pg.psql("CREATE ROLE club_owner LOGIN; CREATE ROLE club_app LOGIN")
        self.pg.psql("CREATE DATABASE club OWNER club_owner")
        owner = ["--database-url", self.pg.url("club_owner", "club")]
        print("sideline-club migrate, add-club, add-user")
        run(self.club, "migrate", "--app-role", "club_app", *owner)
        run(self.club, "add-club", CLUB, *owner)
        password = self.out / "admin-password"
        password.write_text(PASSWORD + "\n")
        run(self.club, "add-user", "--club", CLUB, ADMIN, "--role", "admin", "--password-file", password, *owner)
        password.unlink()
        self.server = WatchedProcess([self.club, "serve", "--database-url", self.pg.url("club_app", "club"), "--listen", f"127.0.0.1:{port}"])
        self.server.wait_for(lambda line: line.startswith("listening on"), "the club server listening", timeout=30)
        self.url = f"http://127.0.0.1:{port}"
        print(f"sideline-club serve: {self.url}")
        for name, team, players, seed in KIOSKS:
            db = self.out / f"{name}.sqlite"
            kiosk = [self.sideline, "--db", db]
            print(f"kiosk {name} ({db.relative_to(ROOT) if db.is_relative_to(ROOT) else db}): a 20-minute session of {players} simulated players of {team}")
            run(self.sideline, "record", "--db", db, "--source", f"sim:{players}", "--speed", "600", "--seed", seed, "--team", team,
                "--minutes", "20", "--recovery", "60", "--tag", "training", "--quiet", quiet=True)
            code = run(self.club, "add-kiosk", "--club", CLUB, name, *owner, quiet=True).strip().splitlines()[-1]
            run(*kiosk[:1], "club", "join", self.url, code, *kiosk[1:])
            run(*kiosk[:1], "club", "sync", *kiosk[1:])

    def team(self, kiosk: str) -> str:
        with sqlite3.connect(self.out / f"{kiosk}.sqlite") as db:
            return db.execute("SELECT uuid FROM team").fetchone()[0]

    def session(self, kiosk: str) -> str:
        with sqlite3.connect(self.out / f"{kiosk}.sqlite") as db:
            return db.execute("SELECT uuid FROM session").fetchone()[0]

    def screenshots(self):
        """Every page a club looks at first, signed in as the admin, in a real headless browser."""
        import webclub
        team = self.team(KIOSKS[0][0])
        pages = [("1-sign-in", "/login"), ("2-sessions", "/sessions"), ("3-session", f"/sessions/{self.session(KIOSKS[0][0])}"),
                 ("4-kiosks", "/kiosks"), ("5-roster", f"/teams/{team}"), ("6-season", f"/teams/{team}/season")]
        driver = webclub.browser(width=1280, height=900)
        try:
            driver.get(self.url + "/login")
            webclub.capture(driver, self.out / f"{pages[0][0]}.png", 1280)
            webclub.sign_in(driver, self.url, ADMIN, PASSWORD)
            for name, path in pages[1:]:
                driver.get(self.url + path)
                if "Not Found" in driver.title or "Sign in" in driver.title:
                    raise SystemExit(f"{path}: the page did not open ({driver.title})")
                webclub.capture(driver, self.out / f"{name}.png", 1280)
                driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": False})
        finally:
            driver.quit()
        shown = sorted(p.name for p in self.out.glob("*.png"))
        print(f"no display, so headless chromium: {len(shown)} screenshots in {self.out}: {', '.join(shown)}")

    def stop(self):
        if self.server and self.server.proc.poll() is None:
            self.server.proc.terminate()
            self.server.finish(timeout=30)
        if self.pg:
            self.pg.destroy()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default=str(ROOT / "out/club-demo"))
    parser.add_argument("--port", type=int, default=0, help="the server's port (default: 8080 with a display if free, else any)")
    arguments = parser.parse_args()
    sideline = os.environ.get("SIDELINE_BIN", str(ROOT / ".build/release/sideline"))
    club = os.environ.get("SIDELINE_CLUB_BIN", str(ROOT / ".build/release/sideline-club"))
    for binary in (sideline, club):
        if not os.access(binary, os.X_OK):
            raise SystemExit(f"{binary} not found: swift build -c release --product {pathlib.Path(binary).name}")
    display = bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    out = pathlib.Path(arguments.out)
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    # Ctrl-C or a TERM: the same tidy end.
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    demo = Demo(sideline, club, out)
    try:
        demo.start(arguments.port or (8080 if display and port_free(8080) else free_port()))
        if display:
            print(f"\nthe club: {demo.url}   sign in as {ADMIN} with the password \"{PASSWORD}\"\n(Ctrl-C ends the server and removes its database)")
            demo.server.proc.wait()
        else:
            demo.screenshots()
    except KeyboardInterrupt:
        print("\nstopping")
    finally:
        demo.stop()
        print("the club's PostgreSQL and server are gone; the two kiosks' databases stay in", out)


def port_free(port: int) -> bool:
    import socket
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
            return True
        except OSError:
            return False


if __name__ == "__main__":
    main()

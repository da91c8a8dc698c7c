#!/usr/bin/env python3
"""`make bench-display`: the display decision measured again (docs/decisions/034): on the appliance
VM of a release (trixie by default: SDL 2.32, Mesa 25, cage 0.2.0), the package installed, N starts
of the kiosk each way — as the unit runs it (cage, Wayland, pixman) and on SDL's own KMSDRM driver
straight on DRM/KMS (a transient unit with the service's user, groups and options, no cage) — and
for each start: does the screen show the team picker (judged against the kiosk's own rendering),
does a tap on the team reach the kiosk (the lobby on screen), and the resident memory of the
kiosk (and cage). Screendumps and journals stay in .build-vm/RELEASE/display/."""
import argparse
import shutil
import sys
import time

from sideline_testkit.appliance import guest
from sideline_testkit.appliance.board import Board, dependency_repository, image
from sideline_testkit.appliance.screens import ROSTER, TAPS, TEAM, References, colours
from sideline_testkit.paths import RELEASES, ROOT, STATIC_BINARY, vm_folder
from sideline_testkit.waiting import TimedOut, wait_until

KMSDRM_UNIT = 'sideline-kmsdrm'
# The service's own user, groups and options, on SDL's KMSDRM driver instead of cage.
KMSDRM_RUN = (f'systemd-run --unit={KMSDRM_UNIT} -p Type=notify -p NotifyAccess=all -p User=sideline -p Group=sideline '
              '-p "SupplementaryGroups=video input render bluetooth" -p StateDirectory=sideline '
              '-p Environment=SIDELINE_DB=/var/lib/sideline/sideline.sqlite -p Environment=SDL_VIDEODRIVER=kmsdrm '
              '-p "AmbientCapabilities=CAP_NET_ADMIN CAP_NET_RAW" '
              '/usr/bin/sideline kiosk --config /etc/sideline/sideline.conf')


def shows(board, screen, name, timeout):
    """Screendumps until `screen` is shown or `timeout` passes; (shown, seconds, colours of the last dump)."""
    began, last = time.monotonic(), {}

    def shown():
        last['shot'] = board.screendump(name)
        return board.references.shows(last['shot'], screen)[0]
    try:
        wait_until(shown, timeout, f'{screen} on screen', step=1)
        return True, time.monotonic() - began, colours(last['shot'])
    except TimedOut:
        return False, time.monotonic() - began, colours(last['shot'])


def rss_mb(agent, name):
    code, out = agent.sh(f'for p in $(pgrep -x {name}); do grep VmRSS /proc/$p/status; done', check=False)
    values = [int(line.split()[1]) for line in out.splitlines() if line.startswith('VmRSS')]
    return round(max(values) / 1024, 1) if values else None


def one_start(board, way, round_):
    """Starts the kiosk one way; what the screen and a tap showed."""
    agent = board.machine.agent
    if way == 'cage':
        agent.sh('systemctl restart sideline', timeout=180)
    else:
        agent.sh(f'systemctl stop sideline; systemctl reset-failed {KMSDRM_UNIT} 2>/dev/null; {KMSDRM_RUN}', timeout=180, check=False)
    drawn, seconds, seen = shows(board, 'picker', f'{way}-{round_}-picker', 30)
    memory = {'kiosk': rss_mb(agent, 'sideline'), 'cage': rss_mb(agent, 'cage')}
    tapped = False
    if drawn:
        board.machine.monitor.tap(*TAPS['team'])
        tapped, _, _ = shows(board, 'lobby', f'{way}-{round_}-lobby', 20)
    if way == 'kmsdrm':
        agent.sh(f'journalctl -u {KMSDRM_UNIT} -b --no-pager -o cat > /out/{way}-{round_}.journal; '
                 f'systemctl stop {KMSDRM_UNIT}', check=False, timeout=120)
    return {'drawn': drawn, 'seconds': round(seconds, 1), 'colours': seen, 'tap': tapped, **memory}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--starts', type=int, default=5, help='starts each way')
    parser.add_argument('--release', default=RELEASES[0], choices=RELEASES)
    args = parser.parse_args()
    folder = vm_folder(args.release) / 'display'
    shutil.rmtree(folder, ignore_errors=True)
    deb = ROOT / 'out'
    debs = sorted(deb.glob('sideline_*.deb'))
    if not debs:
        print('bench-display: no package in out/ (make deb)', file=sys.stderr)
        return 1
    repo = dependency_repository(debs[-1], args.release, vm_folder(args.release) / 'repo')
    board = Board(folder, image(args.release), References(STATIC_BINARY, ROOT / '.build-vm/references'))
    results = {'cage': [], 'kmsdrm': []}
    try:
        machine = board.boot()
        machine.wait_for_agent(300)
        agent = machine.agent
        guest.mount_shares(agent)
        guest.install(agent, str(debs[-1].relative_to(ROOT)), str(repo))
        agent.sh(f"systemctl stop sideline && printf '%s' '{ROSTER}' > /tmp/roster.csv && "
                 f'runuser -u sideline -- sideline import-roster /tmp/roster.csv --team {TEAM} --db {guest.DB}', timeout=300)
        _, versions = agent.sh("dpkg-query -W -f='${Package} ${Version}\\n' cage libsdl2-2.0-0 libegl-mesa0 libwlroots-0.18 "
                               'libwlroots11 2>/dev/null; uname -r', check=False)
        for round_ in range(1, args.starts + 1):
            for way in ('cage', 'kmsdrm'):
                results[way].append(one_start(board, way, round_))
                print(f'{way} start {round_}: {results[way][-1]}', flush=True)
    finally:
        board.stop()
    print(f'\nThe display on the {args.release} appliance VM (virtio GPU 800x480 without 3D, TCG on a CPU without AVX), '
          f'{args.starts} starts each:\n{versions.strip()}')
    for way, label in (('cage', 'cage (the unit: Wayland, pixman) + SDL on Wayland'), ('kmsdrm', "SDL's KMSDRM driver straight on DRM/KMS")):
        runs = results[way]
        drawn = sum(r['drawn'] for r in runs)
        taps = sum(r['tap'] for r in runs)
        kiosk = [r['kiosk'] for r in runs if r['kiosk']]
        cage = [r['cage'] for r in runs if r['cage']]
        print(f'  {label}: frames correct {drawn}/{len(runs)}, tap → lobby {taps}/{drawn} of the drawn starts, '
              f'RSS kiosk {min(kiosk, default=0)}–{max(kiosk, default=0)} MB' + (f' + cage {max(cage)} MB' if cage else ''))
    return 0


if __name__ == '__main__':
    sys.exit(main())

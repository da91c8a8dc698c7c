"""The appliance proven in a VM (issue 15): Debian's kernel with systemd as PID 1, a virtio GPU at
the Pi touchscreen's 800x480, a USB tablet, the built .deb installed by apt from a repository of its
dependency closure alone. From outside, as a person would: screendumps (judged against the same
binary's own rendering of each screen), taps through QEMU's absolute pointer, a USB disk plugged in,
the power pulled. The tests run in file order over two boots (conftest.py); timings are printed,
never asserted."""
import json
import subprocess
import time


from sideline_testkit.appliance import guest
from sideline_testkit.appliance.machine import Failed
from sideline_testkit.appliance.board import kill_kiosk, kill_to_ready, kiosk_pid, restart_figures, restarted, startup_line, wait_for_screen
from sideline_testkit.appliance.steps import (STRAPS, journal_has, samples, session, set_up_board, start_session,
                                              stick_backup_and_export, tap)
from sideline_testkit.figures import record
from sideline_testkit.waiting import TimedOut, wait_until


# ---------------------------------------------------------------------------------------- boot 1


def test_installs_from_its_dependency_closure(appliance):
    machine = appliance.boot()
    machine.wait_for_agent(300)
    print(f'power on → guest agent answering: {machine.seconds():.0f} s')
    guest.mount_shares(machine.agent)
    began = time.monotonic()
    out = guest.install(machine.agent, str(appliance.deb), str(appliance.repo))
    print(f'apt install ./{appliance.deb.name} (the only source: the closure): {time.monotonic() - began:.0f} s')
    assert 'Setting up sideline' in out, out[-2000:]
    _, status = machine.agent.sh("dpkg-query -W -f='${Status} ${Version}' sideline")
    assert status.startswith('install ok installed'), status
    # The package starts its service: the team picker of an empty database.
    shot, seconds = wait_for_screen(appliance, 'picker', 120, 'installed-picker')
    print(f'install done → team picker on screen: {seconds:.1f} s ({shot.name})')


def test_session_on_bluez_by_default_then_power_cut(appliance):
    """The package's default on a fresh Pi OS: bluetoothd enabled and running (with the package's
    drop-in pointing it at /etc/sideline/bluetooth/main.conf) and `source = auto`: the kiosk picks
    bluez:hci0, records the straps' heart rates, and the drop-in's [LE] settings are what the
    kernel uses and what the straps' links get."""
    machine = appliance.machine
    agent = machine.agent
    _, conf = agent.sh("grep '^source' /etc/sideline/sideline.conf; systemctl is-enabled bluetooth; "
                       'systemctl show bluetooth -p DropInPaths --value')
    assert conf.split()[:4] == ['source', '=', 'auto', 'enabled'] and 'sideline-le.conf' in conf, conf
    # The board as a coach would set it up: a roster; the straps are the board's adapter.
    set_up_board(appliance)
    # sync: the set-up is on disk before the power cut below, as a board's would be long before one
    # (a run lost the straps' unit and its enable link to the cut, and the next boot had no adapter).
    agent.sh('systemctl start --no-block sideline')
    wait_for_screen(appliance, 'picker', 120)
    status = guest.service_show(agent, 'StatusText')['StatusText']
    print(f'the kiosk with source = auto and bluetoothd running: {status}')
    assert 'bluez:hci0' in status, status
    session_id = start_session(appliance)
    le_settings_took_effect(agent)
    # A few more seconds of recording, counted in the database: every strap's samples, not a guessed time.
    first = samples(agent, session_id)[0]
    wait_until(lambda: samples(agent, session_id)[0] >= first + 4 * len(STRAPS), 60,
               'the live session recording on before the power cut', step=1)
    # The next boot's board drives the adapter itself (the kiosk reads its options at start; this
    # session records on through bluetoothd until the cut).
    agent.sh("systemctl disable bluetooth && sed -i 's/^source = .*/source = hci-user:hci0/' /etc/sideline/sideline.conf && sync")
    count, last_ms, _ = samples(agent, session_id)
    committed = session(agent)[2]
    appliance.facts['cut'] = {'session': session_id, 'samples': count, 'last_ms': last_ms, 'committed_ms': committed}
    print(f'power cut at session {session_id}: {count} samples, the last at {last_ms} ms, committed up to {committed} ms')
    machine.power_cut()


# What /etc/sideline/bluetooth/main.conf's [LE] says, in the kernel's units (1.25 ms, 10 ms).
LE = {'conn_min_interval': 24, 'conn_max_interval': 400, 'conn_latency': 0, 'supervision_timeout': 720}
KERNEL_DEFAULTS = {'conn_max_interval': 40, 'supervision_timeout': 42}  # hdev's, without the drop-in


def le_settings_took_effect(agent):
    """bluetoothd hands its [LE] settings to the kernel (MGMT Set Default System Configuration): the
    kernel's debugfs shows the values it uses, and the emulated controller's log shows what each
    of the kernel's LE Create Connection commands asked for (as btmon would)."""
    _, out = agent.sh('cd /sys/kernel/debug/bluetooth/hci0 && for f in ' + ' '.join(LE) + '; do echo $f $(cat $f); done')
    kernel = {name: int(value) for name, value in (line.split() for line in out.splitlines())}
    _, log = agent.sh('cat /var/log/straps.jsonl')
    connects = [json.loads(line) for line in log.splitlines() if '"central-connect"' in line]
    asked = sorted({(c['interval_min'], c['interval_max'], c['latency'], c['supervision_timeout']) for c in connects})
    print(f'[LE] settings in the kernel (debugfs hci0): {kernel}; {len(connects)} LE Create Connection, asking '
          f'(interval min, max, latency, supervision timeout) {asked} (the kernel\'s own defaults: {KERNEL_DEFAULTS})')
    assert kernel == LE, kernel
    assert asked == [tuple(LE.values())], connects


# ---------------------------------------------------------------------------------------- boot 2


def test_power_on_shows_the_team_picker(appliance):
    cut = appliance.facts.get('cut')
    assert cut, 'the first boot did not get to the power cut'
    machine = appliance.boot()
    shot, _ = wait_for_screen(appliance, 'picker', 300, 'power-on-picker')
    print(f'power on → team picker on screen: {machine.seconds():.1f} s (TCG, screendump every second; {shot.name})')
    record(appliance.release, 'power_on_to_picker_s', round(machine.seconds(), 1))
    machine.wait_for_agent(120)
    _, out = machine.agent.sh('systemd-analyze; systemctl show sideline -p ExecMainStartTimestampMonotonic -p ActiveEnterTimestampMonotonic')
    props = dict(line.split('=', 1) for line in out.splitlines() if '=' in line)
    ready_s = (int(props['ActiveEnterTimestampMonotonic']) - int(props['ExecMainStartTimestampMonotonic'])) / 1e6
    print(out.splitlines()[0])
    print(f'sideline.service start → READY (first frame drawn): {ready_s:.1f} s')
    print(f'the kiosk: {startup_line(machine.agent)}')


def test_power_cut_kept_every_committed_second(appliance):
    agent = appliance.machine.agent
    cut = appliance.facts['cut']
    assert guest.query(agent, 'PRAGMA integrity_check') == [['ok']]
    state, committed = guest.query(agent, f'SELECT state, committed_t_ms FROM session WHERE id = {cut["session"]}')[0]
    assert state == 'interrupted', state
    count, last_ms, _ = samples(agent, cut['session'])
    print(f'after the power cut: {count} samples kept (≥ {cut["samples"]} seen before it), the last at {last_ms} ms')
    assert count >= cut['samples'] and last_ms >= cut['last_ms'] and committed >= cut['committed_ms']


# The club sync (docs/OPERATIONS.md "The club sync"): the kiosk's unit has no network, so the sync
# runs in sideline-club-sync.service, started by its path unit when the kiosk writes its request file
# and by its timer. The board joins the host's club server over a USB Ethernet adapter before the
# session below is saved, and the test after it waits for that session on the server.
SYNC = 'sideline-club-sync'
REQUEST = f'{guest.DB}.club-sync-request'
NIC_MAC = '52:54:00:c1:0b:01'


def sync_passes(agent):
    """The lines this boot's sync passes ended with ("up to date: …", or what waits and why)."""
    _, out = agent.sh(f'journalctl -u {SYNC}.service -b --no-pager -o cat', check=False)
    return [line for line in out.splitlines() if line.startswith('up to date:') or ' waiting: ' in line]


def plug_network(appliance):
    """A USB Ethernet adapter on QEMU's user network (the host at 10.0.2.2), its address set by hand:
    the image has no DHCP client. The interface's name."""
    agent, monitor = appliance.machine.agent, appliance.machine.monitor
    monitor.execute('netdev_add', type='user', id='clubnet')
    monitor.execute('device_add', driver='usb-net', id='clubnic', netdev='clubnet', bus='xhci.0', mac=NIC_MAC)
    name = wait_until(lambda: agent.sh(f'grep -l {NIC_MAC} /sys/class/net/*/address', check=False)[1].strip(), 60,
                      'the USB Ethernet adapter in /sys/class/net', step=1).split('/')[-2]
    agent.sh(f'ip link set dev {name} up && ip addr add 10.0.2.15/24 dev {name}')
    return name


def unplug_network(appliance):
    """The adapter pulled: the later tests see the board as before (its passes from now on find no server)."""
    for command, name in (('device_del', 'clubnic'), ('netdev_del', 'clubnet')):
        try:
            appliance.machine.monitor.execute(command, id=name)
        except Failed:
            pass  # never plugged: the join test failed before


def up_to_date(agent, after, what, timeout=180):
    """Waits for a pass after the first `after` to end up to date; the passes since. Fails with them if none does."""
    try:
        wait_until(lambda: any(line.startswith('up to date:') for line in sync_passes(agent)[after:]), timeout, what, step=1)
    except TimedOut as e:
        raise AssertionError(f'{e}: {sync_passes(agent)[after:]}') from None
    return sync_passes(agent)[after:]


def test_board_joins_the_club_over_ssh(appliance, club_server):
    """As an admin over SSH (docs/OPERATIONS.md): the club's CA where the config names it, then
    `sideline club join` as the kiosk's user. The timer is stopped until the next test has its pass,
    so that pass can only be the path unit's."""
    agent = appliance.machine.agent
    _, units = agent.sh(f'systemctl is-enabled {SYNC}.timer {SYNC}.path; systemctl is-active {SYNC}.timer {SYNC}.path', check=False)
    assert units.split() == ['enabled', 'enabled', 'active', 'active'], units
    agent.sh(f'systemctl stop {SYNC}.timer && rm -f {REQUEST}')
    interface = plug_network(appliance)
    (appliance.machine.folder / 'club-ca.pem').write_text(club_server.ca)
    agent.sh('install -m 644 /out/club-ca.pem /etc/sideline/club-ca.pem && '
             "sed -i 's|^#club-ca-file = .*|club-ca-file = /etc/sideline/club-ca.pem|' /etc/sideline/sideline.conf")
    # Joined with the CA in a file that is gone afterwards: the passes can verify the server only with
    # the config's club-ca-file (the unit's --config), the one place the kiosk's sync reads it too.
    began = time.monotonic()
    _, joined = agent.sh(f'install -m 644 /etc/sideline/club-ca.pem /tmp/ca-at-join.pem && '
                         f'runuser -u sideline -- sideline club join {club_server.url} {club_server.enrolment_code("pitch-1")} '
                         f'--ca-file /tmp/ca-at-join.pem --db {guest.DB}; status=$?; rm -f /tmp/ca-at-join.pem; exit $status', timeout=180)
    print(f'{interface} at 10.0.2.15; {joined.strip()} ({time.monotonic() - began:.1f} s)')
    appliance.facts['passes'] = len(sync_passes(agent))


def test_session_through_taps_to_review(appliance):
    agent = appliance.machine.agent
    session_id = start_session(appliance)
    first = samples(agent, session_id)[0]
    wait_until(lambda: samples(agent, session_id)[0] > first, 30, 'the live session recording on', step=2)
    appliance.screendump('live-tiles')
    # Stop → "Stop the session?" → Stop → the recovery minute → Skip recovery → "Session stopped"
    # → Save: each tap waits for the dialog or screen it leads to before the next.
    tap(appliance, 'stop', 'stop-dialog')
    tap(appliance, 'confirm stop', 'recovery')
    tap(appliance, 'skip recovery', 'stopped-dialog')
    tap(appliance, 'save', 'review')
    state = guest.query(agent, f'SELECT state FROM session WHERE id = {session_id}')[0][0]
    assert state == 'ended', state
    appliance.facts['saved'] = session_id


def test_saved_session_reaches_the_club_through_the_sync_unit(appliance, club_server):
    """Saving the session asks for a pass: the kiosk (club-sync = service) writes its request file,
    the path unit starts sideline-club-sync.service, and the server has every finished session of the
    board exactly once (a second pass uploads nothing). The kiosk's unit keeps its sandbox."""
    agent = appliance.machine.agent
    assert 'passes' in appliance.facts and 'saved' in appliance.facts, 'the board did not join, or no session was saved'
    try:
        finished = {uuid for (uuid,) in guest.query(agent, "SELECT lower(uuid) FROM session WHERE state IN ('ended', 'interrupted')")}
        saved = guest.query(agent, f'SELECT lower(uuid) FROM session WHERE id = {appliance.facts["saved"]}')[0][0]
        # The kiosk (club-sync = service, in a club) wrote it when the session was saved; the test never does here.
        assert agent.sh(f'test -e {REQUEST}', check=False)[0] == 0, f'the kiosk wrote no {REQUEST} when the session was saved'
        began = time.monotonic()

        def on_the_club():
            listed = [s['uuid'].lower() for s in club_server.sessions()]
            return listed if set(listed) >= finished else None
        wait_until(on_the_club, 300, 'every finished session of the board on the club server', step=3)
        passes = up_to_date(agent, appliance.facts['passes'], 'the pass in the sync unit\'s journal')
        print(f'trigger: the kiosk\'s request file; the sessions on the club {time.monotonic() - began:.1f} s later; the passes: {passes}')
        listed = sorted(s['uuid'].lower() for s in club_server.sessions())
        assert listed == sorted(finished) and saved in listed, (listed, finished)
        wait_until(lambda: agent.sh(f'systemctl is-active {SYNC}.service', check=False)[1].strip() == 'inactive', 60,
                   'the pass ending', step=1)
        props = dict(line.split('=', 1) for line in agent.sh(
            f'systemctl show {SYNC}.service -p Result -p User -p CapabilityBoundingSet -p RestrictAddressFamilies')[1].split('\n') if '=' in line)
        print(f'{SYNC}.service: {props}')
        assert props['Result'] == 'success' and props['User'] == 'sideline' and props['CapabilityBoundingSet'] == '', props
        assert 'AF_INET' in props['RestrictAddressFamilies'] and 'AF_BLUETOOTH' not in props['RestrictAddressFamilies'], props

        # Exactly once: asked again, the pass finds nothing to send and the club lists the same sessions.
        before = len(sync_passes(agent))
        agent.sh(f"runuser -u sideline -- sh -c 'date +%s%3N > {REQUEST}'")
        again = up_to_date(agent, before, 'a second pass')
        print(f'the second pass: {again[-1]}')
        assert again[-1].startswith('up to date: 0 sessions uploaded'), again
        assert sorted(s['uuid'].lower() for s in club_server.sessions()) == listed
        _, journal = agent.sh(f'journalctl -u {SYNC}.service -b --no-pager -o short-monotonic | tail -8')
        print(journal)

        # The kiosk kept its sandbox: no IP at all, and no socket of it in ss's list.
        kiosk = guest.service_show(agent, 'RestrictAddressFamilies', 'IPAddressDeny')
        assert 'AF_INET' not in kiosk['RestrictAddressFamilies'] and 'AF_BLUETOOTH' in kiosk['RestrictAddressFamilies'], kiosk
        _, sockets = agent.sh('ss -tuanp')
        assert f'pid={kiosk_pid(agent)},' not in sockets, sockets
    finally:
        agent.sh(f'systemctl start {SYNC}.timer', check=False)
        unplug_network(appliance)
    _, timers = agent.sh(f'systemctl list-timers --no-pager {SYNC}.timer')
    print(timers)
    assert f'{SYNC}.timer' in timers and agent.sh(f'systemctl is-active {SYNC}.timer', check=False)[1].strip() == 'active', timers


def test_usb_stick_gets_a_backup_and_an_export(appliance):
    """On the review screen a FAT stick is plugged in: a backup lands on it with a notice, Export
    writes the session there, the stick is released ("safe to remove") and pulled; then its files
    are read on the host with mtools, not with Sideline."""
    stick_backup_and_export(appliance)

def test_ext4_stick_is_refused_with_a_line(appliance):
    """An ext4 stick keeps its own owners and takes no uid=: the package's udev rule does not mount
    it (the kiosk's user could not write to it) and says so in the journal; a mount as the old rule
    asked for (systemd-mount --owner) fails."""
    agent, monitor = appliance.machine.agent, appliance.machine.monitor
    stick = appliance.results / 'stick-ext4.img'
    subprocess.run(['truncate', '-s', '32M', str(stick)], check=True)
    subprocess.run(['mkfs.ext4', '-q', '-F', '-L', 'EXT4STICK', str(stick)], check=True, capture_output=True)
    monitor.execute('blockdev-add', **{'node-name': 'ext4stick', 'driver': 'raw',
                                       'file': {'driver': 'file', 'filename': str(stick)}})
    monitor.execute('device_add', driver='usb-storage', id='ext4stick', drive='ext4stick', bus='xhci.0')

    def refused():
        _, out = agent.sh('journalctl -t sideline-usb -b --no-pager -o cat', check=False)
        return next((line for line in out.splitlines() if 'file system is ext4' in line), None)
    line = wait_until(refused, 60, 'a journal line refusing the ext4 stick', step=1)
    print(line)
    device = line.split()[2]  # "USB stick sdb not mounted: …"
    _, mounts = agent.sh('findmnt -rn -o TARGET,FSTYPE | grep "^/media/sideline/" || true')
    code, tried = agent.sh(f'systemd-mount --owner=sideline --options=nosuid,nodev,noexec /dev/{device} /run/sideline-ext4-try; '
                           'journalctl -b --no-pager -o cat | grep -i "ext4.*uid" | tail -1', check=False)
    agent.sh('systemd-umount /run/sideline-ext4-try 2>/dev/null; true')
    monitor.execute('device_del', id='ext4stick')
    print(f'systemd-mount --owner on it: {tried.strip()}')
    assert mounts.strip() == '', f'something was mounted for the ext4 stick: {mounts}'
    assert 'uid' in tried, tried


def test_daily_backup_runs(appliance):
    """The daily timer's service, run once now: a new backup in /var/lib/sideline/backups that
    passes SQLite's integrity check and holds the sessions recorded so far."""
    agent = appliance.machine.agent
    listing = 'ls -1 /var/lib/sideline/backups 2>/dev/null; true'  # made by the first backup (an upgrade's, the timer's)
    _, before = agent.sh(listing)
    began = time.monotonic()
    agent.sh('systemctl start sideline-backup.service', timeout=180)  # oneshot: returns when it is done
    print(f'sideline-backup.service: {time.monotonic() - began:.1f} s (under TCG)')
    props = dict(line.split('=', 1) for line in agent.sh('systemctl show sideline-backup.service -p Result -p ExecMainStatus')[1].split())
    assert props == {'Result': 'success', 'ExecMainStatus': '0'}, props
    _, after = agent.sh(listing)
    new = sorted(set(after.split()) - set(before.split()))
    assert len(new) == 1 and new[0].startswith('sideline-') and new[0].endswith('Z.sqlite'), (before, after)
    script = ('import json, sqlite3, sys; c = sqlite3.connect("file:" + sys.argv[1] + "?mode=ro", uri=True); '
              'print(json.dumps([c.execute("PRAGMA integrity_check").fetchone()[0], c.execute("SELECT count(*) FROM session").fetchone()[0]]))')
    _, out = agent.sh(f"python3 -c '{script}' /var/lib/sideline/backups/{new[0]}")
    integrity, sessions = json.loads(out.strip().splitlines()[-1])
    print(f'the backup {new[0]}: integrity_check {integrity}, {sessions} sessions (the database: {guest.query(agent, "SELECT count(*) FROM session")[0][0]})')
    assert integrity == 'ok' and sessions == guest.query(agent, 'SELECT count(*) FROM session')[0][0]


def test_stop_and_start_are_clean(appliance):
    """`systemctl stop` (an admin, or an upgrade restarting the unit) ends the kiosk first and cage
    with it: the unit ends inactive with result success, cage does not abort (Debian's cage 0.1.4
    trips an assertion when SIGTERM reaches it with a client connected); started again, the picker."""
    agent = appliance.machine.agent
    agent.sh('systemctl stop sideline', timeout=60)
    props = guest.service_show(agent, 'ActiveState', 'Result')
    _, aborts = agent.sh('journalctl -u sideline -b --no-pager -o cat | grep -c "Assertion" || true')
    agent.sh('systemctl start sideline', timeout=180)
    wait_for_screen(appliance, 'picker', 120, 'after-start')
    assert (props['ActiveState'], props['Result']) == ('inactive', 'success'), props
    assert aborts.strip() == '0', f'cage aborted on stop ({aborts.strip()} assertion lines in the journal)'


# cage, release by release: whether SIGTERM straight to it (the unit without its ExecStop) ends the
# unit cleanly. bookworm's 0.1.4 aborts (an assertion in wl_display_terminate): the ExecStop is for it.
CAGE_STOPS_CLEANLY = {'bookworm': False, 'trixie': True}


def test_cage_alone_on_sigterm(appliance):
    """The unit's ExecStop ends the kiosk before cage because SIGTERM to bookworm's cage 0.1.4 with
    a client connected trips an assertion and the unit ends failed with a core dump. Without it (a
    runtime drop-in clearing ExecStop), `systemctl stop` sends SIGTERM to cage and the kiosk at once:
    what cage does then, on this release. The package keeps the ExecStop for every release (one
    package installs on both); this test says whether a release still needs it."""
    agent = appliance.machine.agent
    drop_in = '/run/systemd/system/sideline.service.d/no-execstop.conf'
    agent.sh(f'mkdir -p {drop_in.rsplit("/", 1)[0]} && printf "[Service]\\nExecStop=\\n" > {drop_in} && systemctl daemon-reload')
    try:
        _, since = agent.sh('date +%s')
        agent.sh('systemctl stop sideline', timeout=60)
        props = guest.service_show(agent, 'ActiveState', 'Result', 'ExecMainCode', 'ExecMainStatus')
        _, journal = agent.sh(f'journalctl -u sideline -b --no-pager -o cat --since=@{since.strip()}')
        _, version = agent.sh("dpkg-query -W -f='${Version}' cage")
    finally:
        agent.sh(f'rm -f {drop_in} && systemctl daemon-reload && systemctl start sideline', timeout=180)
        wait_for_screen(appliance, 'picker', 120, 'after-cage-sigterm')
    # ExecMainCode 1: cage exited (2 killed, 3 dumped core: CLD_* of waitid).
    clean = (props['Result'], props['ExecMainCode']) == ('success', '1') and not any(
        w in journal.lower() for w in ('assertion', 'abort', 'core'))
    print(f'cage {version} without the ExecStop: {props}; {"clean" if clean else "not clean"}\n{journal.strip()}')
    assert clean == CAGE_STOPS_CLEANLY[appliance.release], (props, journal)


# TIOCLINUX subcodes (linux/tiocl.h): blank the foreground console now, as the kernel's
# `consoleblank` timer does when it fires, and unblank it.
TIOCLINUX, BLANK_SCREEN, UNBLANK_SCREEN = 0x541C, 14, 4


def console(agent, subcode):
    agent.sh(f"python3 -c 'import fcntl; fcntl.ioctl(open(\"/dev/tty1\", \"wb\"), {TIOCLINUX}, bytes([{subcode}]))'")


def display_power(agent):
    """The DPMS state of the connected display (the kernel's DRM connector): On or Off."""
    _, out = agent.sh('for c in /sys/class/drm/card*-*; do [ "$(cat $c/status)" = connected ] && cat $c/dpms; done; true')
    return out.strip()


def test_screen_is_never_blanked(appliance):
    """No screen blanking (issue 15). What could blank it: the kernel's console blanking (its
    `consoleblank` timer; 0, off, in Debian's kernel — but a Pi's cmdline.txt may set it), logind's
    IdleAction (and its IdleActionSec), and cage/wlroots powering the output off when idle (cage
    0.1.4 has no idle timeout; only a client speaking wlr-output-power-management could, and the
    unit runs none). Instead of waiting out a timer, the console blank is forced now, as its timer
    would when it fires: with the kiosk on screen the kernel leaves the display alone (cage holds
    the console in graphics mode, which the kernel never blanks); without the kiosk the same call
    does blank it, so the check can fail."""
    agent = appliance.machine.agent
    _, out = agent.sh('cat /sys/module/kernel/parameters/consoleblank; busctl get-property org.freedesktop.login1 '
                      '/org/freedesktop/login1 org.freedesktop.login1.Manager IdleAction')
    consoleblank, idle_action = out.splitlines()[:2]
    print(f'consoleblank={consoleblank} s, logind IdleAction={idle_action}')
    assert idle_action == 's "ignore"', idle_action
    console(agent, BLANK_SCREEN)
    try:
        shot = appliance.screendump('console-blanked-under-the-kiosk')
        power = display_power(agent)
    finally:
        console(agent, UNBLANK_SCREEN)
    print(f'the console blanked with the kiosk on screen: display {power}, the picker still shown: '
          f'{appliance.references.shows(shot, "picker")}')
    assert power == 'On' and appliance.references.shows(shot, 'picker')[0], (power, shot)
    # The control: the kiosk stopped, the text console is back and the same blank switches the display off.
    agent.sh('systemctl stop sideline', timeout=60)
    console(agent, BLANK_SCREEN)
    try:
        wait_until(lambda: display_power(agent) == 'Off', 20,
                   'the forced console blank switching the display off without the kiosk', step=1)
    finally:  # the kiosk back on screen for the tests after this one, whatever the display did
        appliance.screendump('console-blanked-without-the-kiosk')
        console(agent, UNBLANK_SCREEN)
        agent.sh('systemctl start sideline', timeout=180)
        wait_for_screen(appliance, 'picker', 120, 'after-blanking')


def test_killed_kiosk_comes_back(appliance):
    seconds, said = kill_to_ready(appliance.machine.agent)
    print(f'kill -9 → the service active again (READY after the first frame): {said}')
    record(appliance.release, 'kill_to_ready_s', round(seconds, 2))
    wait_for_screen(appliance, 'picker', 60, 'after-kill')  # a restarted kiosk opens on the team picker


def test_stopped_kiosk_is_restarted_by_the_watchdog(appliance):
    agent = appliance.machine.agent
    service_pid = guest.main_pid(agent)
    stopped_us = kill_kiosk(agent, 19)  # SIGSTOP
    restarted(agent, service_pid, 90, 'the watchdog restarting a stopped kiosk')
    _, journal = agent.sh('journalctl -u sideline -b --no-pager | grep -i watchdog | tail -3')
    assert 'watchdog timeout' in journal.lower(), journal
    print(f'SIGSTOP → restarted by the watchdog (WatchdogSec=10) and active again: {restart_figures(agent, stopped_us)[1]}')
    wait_for_screen(appliance, 'picker', 60, 'after-watchdog')


def test_nothing_of_sideline_listens(appliance):
    _, out = appliance.machine.agent.sh('ss -ltnup')
    print(out)
    assert 'sideline' not in out and 'cage' not in out, out


def test_kiosk_has_only_the_two_capabilities(appliance):
    """hci-user:hci0 needs CAP_NET_ADMIN and CAP_NET_RAW (bits 12 and 13); nothing else, no root."""
    agent = appliance.machine.agent
    _, out = agent.sh(f'grep -E "^(Uid|CapEff|CapAmb)" /proc/{kiosk_pid(agent)}/status')
    print(out)
    fields = dict(line.split(':', 1) for line in out.splitlines())
    assert int(fields['CapEff'].strip(), 16) == (1 << 12) | (1 << 13), out
    assert fields['Uid'].split()[0] != '0', out


def test_adapter_missing_at_start_is_waited_for(appliance):
    """A board whose adapter is not there when the kiosk starts (a dongle plugged in later, a slow
    driver): the kiosk comes up anyway, on the picker with the red line, and stays the same
    process; when the adapter appears it uses it — the line goes and the straps stream. Last in
    the suite: it leaves a session recording."""
    agent = appliance.machine.agent
    agent.sh('systemctl stop sideline-test-straps', timeout=60)
    wait_until(lambda: agent.sh('[ ! -e /sys/class/bluetooth/hci0 ]', check=False)[0] == 0, 30, 'hci0 going away', step=0.5)
    began = time.monotonic()
    agent.sh('systemctl restart sideline', timeout=180)  # Type=notify: returns once READY (the first frame)
    start = guest.service_show(agent, 'ActiveState', 'MainPID', 'NRestarts', 'InvocationID')
    assert start['ActiveState'] == 'active', start
    line = journal_has(agent, 'hci-user:hci0: not available', 60, invocation=start['InvocationID'])
    wait_for_screen(appliance, 'picker-no-adapter', 120)
    print(f'no hci0, restart → READY and the red line on screen: {time.monotonic() - began:.1f} s ({line})')
    plugged = time.monotonic()
    agent.sh('systemctl start sideline-test-straps', timeout=300)  # returns once hci0 is there
    line = journal_has(agent, 'hci-user:hci0: available', 120, invocation=start['InvocationID'])
    wait_for_screen(appliance, 'picker-clear', 60)
    print(f'hci0 there → "{line}" and the red line gone: {time.monotonic() - plugged:.1f} s')
    session_id = start_session(appliance)  # the straps stream: every one's heart rates in the session
    after = guest.service_show(agent, 'ActiveState', 'MainPID', 'NRestarts', 'InvocationID')
    print(f'the kiosk throughout: {start} → {after}; session {session_id}: {samples(agent, session_id)}')
    assert after == start, 'the kiosk did not stay the same process'

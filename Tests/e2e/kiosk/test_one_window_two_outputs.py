"""A board with the touchscreen and an HDMI wall display, as the service runs it: cage shows one
window and spreads it over every output ("extend"), so the kiosk (`--one-window`) draws the
coach's screen into one output's part of that window and the wall's tiles into the other's.

Run here on the real compositor: cage on wlroots' headless backend with two outputs, the kiosk on
SDL's Wayland driver, each output read back with grim (wlroots' screencopy). The kiosk's script
taps the coach's screen through the window's own coordinates (offset by the coach's part), so a
tap on the wrong part would not start the session. Needs root (cage refuses root: it runs as
nobody), cage and grim (deploy/scripts/setup.sh)."""
import json
import os
import pwd
import shutil
import signal
import subprocess
import tempfile
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from sideline_testkit.waiting import wait_until

pytestmark = pytest.mark.skipif(os.geteuid() != 0 or not shutil.which('cage') or not shutil.which('grim'),
                                reason='needs root (to run cage as nobody), cage and grim')

SCRIPT = '''
# The test says when cage has sized the window over both outputs.
wait for "spanned"
tap "Demo"
tap "Start"
wait until signal
screenshot live
dump done.json
wait for "captured"
'''


def as_nobody(argv):
    user = pwd.getpwnam('nobody')
    return ['setpriv', f'--reuid={user.pw_uid}', f'--regid={user.pw_gid}', '--clear-groups', *map(str, argv)]


def region(image, rect):
    x, y, w, h = rect
    return image.crop((x, y, x + w, y + h)).convert('RGB')


def same(a, b):
    """Equal but for anti-aliasing noise: no channel off by more than 8."""
    return max(hi for _, hi in ImageChops.difference(a, b).getextrema()) <= 8


@pytest.fixture
def work():
    """A folder nobody can use (pytest's own are root's alone)."""
    with tempfile.TemporaryDirectory(prefix='sideline-span-') as folder:
        os.chmod(folder, 0o777)
        yield Path(folder)


def run_in_cage(sideline_bin, work, script, spanned, *options):
    """cage (two headless outputs) with the kiosk playing `script`; once the log says `spanned` the
    test lets the script go on, and once it dumped `done.json`, reads both outputs with grim.
    Returns ({output name: image}, shots folder, the dump)."""
    runtime = work / 'run'
    runtime.mkdir(mode=0o700)
    user = pwd.getpwnam('nobody')
    os.chown(runtime, user.pw_uid, user.pw_gid)
    shots = work / 'shots'
    shots.mkdir()
    os.chmod(shots, 0o777)
    (work / 'span.kiosk').write_text(script)
    db = work / 'kiosk.sqlite'
    subprocess.run(as_nobody([sideline_bin, 'record', '--db', db, '--source', 'sim:6', '--speed', '600', '--team', 'Demo',
                              '--minutes', '1', '--quiet']), check=True, capture_output=True, timeout=120)
    env = {k: v for k, v in os.environ.items() if k not in ('WAYLAND_DISPLAY', 'DISPLAY')}
    env.update(XDG_RUNTIME_DIR=str(runtime), WLR_BACKENDS='headless', WLR_HEADLESS_OUTPUTS='2', WLR_LIBINPUT_NO_DEVICES='1',
               WLR_RENDERER='pixman', SDL_VIDEODRIVER='wayland', SDL_AUDIODRIVER='dummy')
    log = work / 'cage.log'
    with open(log, 'w') as out:
        cage = subprocess.Popen(as_nobody(['cage', '-d', '--', sideline_bin, 'kiosk', '--db', db, '--source', 'sim:6',
                                           '--one-window', *options, '--script', work / 'span.kiosk', '--screenshots', shots]),
                                env=env, stdout=out, stderr=out, start_new_session=True)
    try:
        wait_until(lambda: spanned in log.read_text(), timeout=60, what=f'the window spread over both outputs ({spanned})')
        (shots / 'spanned').touch()
        wait_until(lambda: (shots / 'done.json').exists(), timeout=60, what='the script at its end')
        outputs = {}
        for name in ('HEADLESS-1', 'HEADLESS-2'):
            png = work / f'{name}.png'
            subprocess.run(as_nobody(['grim', '-o', name, png]), env={**env, 'WAYLAND_DISPLAY': 'wayland-0'},
                           check=True, capture_output=True, timeout=60)
            outputs[name] = Image.open(png)
        (shots / 'captured').touch()
    finally:
        os.killpg(cage.pid, signal.SIGKILL)
        cage.wait(timeout=30)
    return outputs, shots, json.loads((shots / 'done.json').read_text())


def test_the_coach_and_the_wall_each_get_their_own_output(sideline_bin, work):
    # The wall on display 0, so the coach's part does not start at the window's origin: a tap that
    # ignored the offset would miss.
    outputs, shots, live = run_in_cage(sideline_bin, work, SCRIPT, 'coach 1280x720+1280+0, wall 1280x720+0+0',
                                       '--wall-display', '0')
    assert live['screen'] == 'live' and live['wallWindow'] is True
    coach_own = Image.open(shots / 'live.png')
    wall_own = Image.open(shots / 'live-wall.png')
    assert coach_own.size == wall_own.size == (1280, 720)
    targets = {t[0]: t[1:] for t in live['targets']}
    # The coach's buttons (static while the session runs) are on exactly one output, as drawn.
    coach_on = [n for n, im in outputs.items() if same(region(im, targets['Stop']), region(coach_own, targets['Stop']))
                and same(region(im, targets['Pause']), region(coach_own, targets['Pause']))]
    assert len(coach_on) == 1, f'the coach screen on {coach_on}'
    wall_on = [n for n in outputs if n not in coach_on][0]
    # The wall's tiles are on the other: each tile's name as the wall drew it.
    for tile in live['live']['wallTiles']:
        name = next(p for p in tile['parts'] if p['role'] == 'name')
        assert same(region(outputs[wall_on], name['rect']), region(wall_own, name['rect'])), (wall_on, name['text'])
        assert not same(region(outputs[coach_on[0]], name['rect']), region(wall_own, name['rect']))


def test_without_a_wall_display_the_coach_stays_on_one_output(sideline_bin, work):
    """An HDMI screen plugged in but no wall display set: cage still spreads the window over both,
    and the coach's screen must not be stretched across them."""
    script = 'wait for "spanned"\nscreenshot picker\ndump done.json\nwait for "captured"\n'
    outputs, shots, picker = run_in_cage(sideline_bin, work, script, 'coach 1280x720+0+0, no wall')
    assert picker['screen'] == 'teamPicker' and picker['wallWindow'] is False
    own = Image.open(shots / 'picker.png')
    assert own.size == (1280, 720)
    settings = {t[0]: t[1:] for t in picker['targets']}['Settings']
    coach_on = [n for n, im in outputs.items() if same(region(im, settings), region(own, settings))]
    assert len(coach_on) == 1, coach_on
    other = next(im for n, im in outputs.items() if n not in coach_on).convert('RGB')
    assert len(other.getcolors(maxcolors=4) or []) == 1, 'the other output shows nothing of the coach screen'

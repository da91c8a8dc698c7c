"""Which kiosk screen a screendump shows, judged against the same binary's own rendering of that
screen (headless, software renderer, 800x480): the parts of the screen that do not change with the
clock, the heart rates or the data — a header's title and buttons — must look the same."""
import sqlite3
import subprocess
from pathlib import Path

import numpy as np
from PIL import Image

from sideline_testkit.appliance.automounted_stick import AutomountedStick
from sideline_testkit.waiting import wait_until

# The notice line at the bottom (Frame.notice): a pill centred 44 px high, 12 px above the edge.
NOTICE = (100, 420, 700, 472)

# (left, top, right, bottom) boxes that identify a screen at 800x480 (see the references).
MARKS = {
    'picker': [(0, 0, 560, 60)],                    # "Sideline — pick a team"
    # "‹ Teams  Eagles" and the lobby's own hint line; not the Start button, which turns green as soon
    # as the straps stream (they already do when the lobby opens on a second boot).
    'lobby': [(0, 0, 490, 58), (10, 150, 545, 172)],
    'live': [(230, 2, 790, 44)],                     # Pause, Lap, Sort, Stop
    'review': [(0, 0, 112, 58), (525, 4, 710, 54)],  # "‹ Sessions", Export, Lobby
    # The dialogs over the tiles, and the recovery minute's header: titles and buttons, not the clock.
    'stop-dialog': [(130, 130, 420, 170), (140, 286, 660, 350)],     # "Stop the session?", Keep going / Stop
    'recovery': [(288, 4, 790, 58)],                                  # Graph, Discard…, Skip recovery, Save
    'stopped-dialog': [(130, 130, 385, 195), (140, 286, 660, 350)],  # "Session stopped", Discard… / Save
    # The picker with the red line of an adapter named in the options that is not there (yet),
    # and the picker with that line gone (judged against the plain picker: nothing on the line).
    'picker-no-adapter': [(0, 0, 560, 60), NOTICE],
    'picker-clear': [(0, 0, 560, 60), NOTICE],
    # The USB stick's notices over any screen (the pill is all but opaque): "Backup written to the
    # USB stick (sideline-<date>-<time>Z.sqlite)" but for the date and time (their digits are all
    # as wide in DejaVu Sans Bold, so the pill and the rest of the text do not move), and
    # "USB stick: everything is written — safe to remove" whole.
    'stick-backup-notice': [(12, 424, 477, 468), (663, 424, 788, 468)],
    'stick-safe-to-remove': [NOTICE],
}
# A mark judged against another screen's reference.
JUDGED_AGAINST = {'picker-clear': 'picker'}
# Where a finger goes on each screen (800x480), from the same references.
TAPS = {
    'team': (200, 140),          # the picker's first team card
    'open': (613, 340),          # lobby: an open-ended session
    'start': (672, 428),         # lobby: Start
    'stop': (737, 31),           # live: Stop
    'confirm stop': (531, 317),  # the dialog's Stop
    'skip recovery': (608, 32),  # recovery minute: Skip recovery
    'save': (531, 317),          # "Session stopped": Save
    'export': (445, 32),         # review: Export
}
ROSTER = ('number,first,last,birth_year,sex,weight_kg,rest_hr,max_hr,strap\n'
          '1,Ada,Berg,2000,F,60,50,,F0:00:00:00:00:01\n'
          '2,Bea,Cole,2000,F,60,50,,F0:00:00:00:00:02\n'
          '3,Cai,Dunn,2000,M,70,50,,F0:00:00:00:00:03\n')
TEAM = 'Eagles'


def pixels(path):
    return np.asarray(Image.open(path).convert('RGB')).astype(int)


def differing(a, b, box):
    """The share of pixels in `box` whose colour differs by more than a rendering difference."""
    left, top, right, bottom = box
    return float((np.abs(a[top:bottom, left:right] - b[top:bottom, left:right]).max(axis=2) > 48).mean())


def colours(path):
    """How many distinct colours: 1 is a blank screen, a drawn kiosk screen has hundreds."""
    a = pixels(path).reshape(-1, 3)
    return len(np.unique(a, axis=0))


class References:
    """The kiosk's own headless renderings of the screens the VM test expects."""

    def __init__(self, binary, folder):
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        (self.folder / 'roster.csv').write_text(ROSTER)
        eagles, demo = self.folder / 'eagles.sqlite', self.folder / 'demo.sqlite'
        for db in (eagles, demo):
            for leftover in db.parent.glob(db.name + '*'):
                leftover.unlink()
        run = lambda *args: subprocess.run([str(binary), *map(str, args)], check=True, capture_output=True, timeout=300)
        run('import-roster', self.folder / 'roster.csv', '--team', TEAM, '--db', eagles)
        self.play(binary, eagles, 'screenshot picker\ntap "Eagles"\nwait 1s\nscreenshot lobby\n')
        # Live and review need straps with a signal: the simulated team of `record`.
        run('record', '--db', demo, '--source', 'sim:12', '--speed', '600', '--team', 'Demo', '--minutes', '1', '--quiet')
        self.play(binary, demo, 'tap "Demo"\nwait 2s\ntap "Open"\ntap "Start"\nwait 5s\nscreenshot live\n'
                                'tap "Stop"\nscreenshot stop-dialog\ntap "Stop"\nwait 1s\nscreenshot recovery\n'
                                'tap "Skip recovery"\nscreenshot stopped-dialog\ntap "Save"\nwait 1s\nscreenshot review\n')
        # An adapter named in the options that is not there: this machine has no hci0 the kiosk
        # can open (no Bluetooth in the kernel, or no such adapter), so the same red line.
        self.play(binary, eagles, 'wait until problem\nscreenshot picker-no-adapter\n', source='hci-user:hci0')
        self.stick_notices(binary, eagles)

    def kiosk(self, binary, db, script, source='sim:12', *more):
        """The headless kiosk's command line that plays `script` (written beside the references)."""
        (self.folder / 'script.kiosk').write_text(script)
        return [str(binary), 'kiosk', '--headless', '--size', '800x480', '--db', str(db), '--source', source,
                '--script', str(self.folder / 'script.kiosk'), '--screenshots', str(self.folder), *more]

    def play(self, binary, db, script, source='sim:12'):
        subprocess.run(self.kiosk(binary, db, script, source), check=True, capture_output=True, timeout=300)

    def stick_notices(self, binary, db):
        """The kiosk's own notices for a stick plugged in (the backup written) and released (safe
        to remove), with a stick mounted as the package's automount mounts one (automounted_stick.py)."""
        media = self.folder / 'media'
        stick = AutomountedStick(media / 'sdz1')
        cues = {name: self.folder / name for name in ('plugged', 'written', 'released')}
        for cue in cues.values():
            cue.unlink(missing_ok=True)
        script = ('wait for "plugged"\nwait for "written"\nwait 1s\nscreenshot stick-backup-notice\n'
                  'wait for "released"\nwait 1s\nscreenshot stick-safe-to-remove\n')
        # Its own process group: its lookups in the stick's folder are a client's, not the trigger's owner's.
        kiosk = subprocess.Popen(self.kiosk(binary, db, script, 'sim:12', '--usb-mounts', str(media)),
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
        try:
            stick.plug()
            cues['plugged'].touch()
            # The backup job's last step records its time in the database; then it returns its notice.
            wait_until(lambda: self.setting(db, 'backup.last-usb-ms'), 60, 'the reference kiosk writing a backup to the stand-in stick')
            cues['written'].touch()
            wait_until(lambda: (self.folder / 'stick-backup-notice.png').exists() or kiosk.poll() is not None, 60,
                       'the reference kiosk photographing its backup notice')
            stick.release()
            cues['released'].touch()
            out, _ = kiosk.communicate(timeout=120)
            if kiosk.returncode != 0:
                raise RuntimeError(f"the reference kiosk with a stick failed (exit {kiosk.returncode}): "
                                   + out.decode(errors="replace")[-2000:])
        finally:
            if kiosk.poll() is None:
                kiosk.kill()
            stick.pull()

    @staticmethod
    def setting(db, key):
        with sqlite3.connect(f'file:{db}?mode=ro', uri=True) as c:
            row = c.execute('SELECT value FROM setting WHERE key = ?', (key,)).fetchone()
        return row[0] if row else None

    def shows(self, shot, screen):
        """Whether the screendump `shot` shows `screen`; (verdict, the worst box's differing share)."""
        a, b = pixels(shot), pixels(self.folder / f'{JUDGED_AGAINST.get(screen, screen)}.png')
        if a.shape != b.shape:
            return False, 1.0
        worst = max(differing(a, b, box) for box in MARKS[screen])
        return worst < 0.03, worst

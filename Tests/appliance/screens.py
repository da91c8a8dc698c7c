"""Which kiosk screen a screendump shows, judged against the same binary's own rendering of that
screen (headless, software renderer, 800x480): the parts of the screen that do not change with the
clock, the heart rates or the data — a header's title and buttons — must look the same."""
import subprocess
from pathlib import Path

import numpy as np
from PIL import Image

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

    def kiosk(self, binary, db, script, source='sim:12', *more):
        """The headless kiosk's command line that plays `script` (written beside the references)."""
        (self.folder / 'script.kiosk').write_text(script)
        return [str(binary), 'kiosk', '--headless', '--size', '800x480', '--db', str(db), '--source', source,
                '--script', str(self.folder / 'script.kiosk'), '--screenshots', str(self.folder), *more]

    def play(self, binary, db, script, source='sim:12'):
        subprocess.run(self.kiosk(binary, db, script, source), check=True, capture_output=True, timeout=300)

    def shows(self, shot, screen):
        """Whether the screendump `shot` shows `screen`; (verdict, the worst box's differing share)."""
        a, b = pixels(shot), pixels(self.folder / f'{JUDGED_AGAINST.get(screen, screen)}.png')
        if a.shape != b.shape:
            return False, 1.0
        worst = max(differing(a, b, box) for box in MARKS[screen])
        return worst < 0.03, worst

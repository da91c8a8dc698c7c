"""A headless kiosk that plays its script step by step, each step after the test (or benchmark) has
put the world in order and said go (`wait for "go-N"`), each ending in a state dump: one kiosk
process meets many inputs, and stays on screen between them (Tests/e2e/kiosk/test_hostile_usb_stick.py,
Benchmarks/hostile/bench_hostile.py)."""
import json
import subprocess

from sideline_testkit.waiting import wait_until


class StepwiseKiosk:
    def __init__(self, sideline_bin, folder, db, media, opening, steps, source="sim:4", size="800x480", extra=()):
        self.shots = folder / "shots"
        self.shots.mkdir()
        lines = ["wait 1s", *opening]
        for i, step in enumerate(steps):
            lines += [f'wait for "go-{i}"', *step, "wait 1s", f"dump step-{i}.json"]
        lines.append(f'wait for "go-{len(steps)}"')
        script = folder / "steps.kiosk"
        script.write_text("\n".join(lines) + "\n")
        self.steps = len(steps)
        self.process = subprocess.Popen([sideline_bin, "--headless", "--size", size, "--script", str(script),
                                         "--screenshots", str(self.shots), "--db", str(db), "--usb-mounts", str(media),
                                         "--source", source, *extra], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    def step(self, i):
        """Says go for step `i` and returns its dump, once the kiosk wrote it (still running)."""
        (self.shots / f"go-{i}").touch()
        dump = self.shots / f"step-{i}.json"
        wait_until(lambda: dump.exists() or self.process.poll() is not None, 120, what=f"step {i}")
        assert self.process.poll() is None, f"the kiosk ended at step {i}: {self.process.communicate()[1][-2000:]}"
        wait_until(lambda: dump.stat().st_size > 0, 10, what=f"step {i}'s dump written")
        return json.loads(dump.read_text())

    def status(self, field):
        """A number from the running kiosk's /proc status, in kB (VmHWM: its peak RSS so far)."""
        for line in open(f"/proc/{self.process.pid}/status"):
            if line.startswith(field + ":"):
                return int(line.split()[1])
        raise KeyError(field)

    def end(self):
        """Lets the script end; the kiosk must exit normally."""
        (self.shots / f"go-{self.steps}").touch()
        _, err = self.process.communicate(timeout=120)
        assert self.process.returncode == 0, err[-2000:]

"""What the kiosk played, read back from SDL's `disk` audio driver: the samples it queued, written to
a file (signed 16-bit, mono, at the rate the kiosk asked for: 48 kHz), split into the sounds heard."""
import struct

RATE = 48_000
# The generated sounds by pitch (Sources/KioskSound/ToneSynthesis.swift).
TONES = {1320: "lap", 880: "beep", 220: "buzzer", 660: "work", 440: "rest"}


def samples(path):
    data = path.read_bytes()
    return struct.unpack(f"<{len(data) // 2}h", data[:len(data) // 2 * 2])


def sounds(path):
    """The non-silent stretches of a disk-driver file: (start s, length s, frequency Hz) each, where
    stretches closer than 10 ms are one (a tone crosses zero between its samples)."""
    values = samples(path)
    stretches, start, last = [], None, None
    for i, value in enumerate(values):
        if value == 0:
            continue
        if start is not None and i - last > RATE // 100:
            stretches.append((start, last))
            start = None
        if start is None:
            start = i
        last = i
    if start is not None:
        stretches.append((start, last))
    out = []
    for a, b in stretches:
        part = values[a:b + 1]
        rising = sum(1 for x, y in zip(part, part[1:]) if x < 0 <= y)
        out.append((a / RATE, (b - a + 1) / RATE, rising * RATE / len(part)))
    return out


def tone_name(frequency):
    """The generated sound at this pitch, or None (a voice is no one pitch)."""
    nearest = min(TONES, key=lambda f: abs(f - frequency))
    return TONES[nearest] if abs(nearest - frequency) <= nearest * 0.03 else None

"""Session bundles for the tests, made as a kiosk makes them: columns per participant, times as deltas,
canonical bytes = JSON with sorted keys and no whitespace (what Swift's JSONEncoder writes with
.sortedKeys: UTF-8 as is, '/' not escaped; every number here is an integer or has a fraction)."""
import json
import random
import uuid


def canonical(value) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def wandering(rng: random.Random, n: int) -> tuple:
    """Readings about a second apart whose heart rate drifts, surges and settles as a player's does."""
    times, bpm, level = [], [], rng.uniform(90, 130)
    for k in range(n):
        times.append(rng.randint(200, 900) if k == 0 else 1000 + rng.randint(-40, 40))
        level = min(195, max(70, level + rng.gauss(0, 2.5) + (rng.random() < 0.02) * rng.uniform(-25, 35)))
        bpm.append(int(level + rng.gauss(0, 1.5)))
    return times, bpm


def beats(rng: random.Random, bpm: list, realistic: bool) -> tuple:
    """RR intervals (1/1024 s) and their end times as deltas: one per reading, or beat by beat."""
    rr_t, rr = [], []
    for k, rate in enumerate(bpm):
        mean = 61440 / max(40, rate)  # 60 s in 1/1024 s over the heart rate
        if not realistic:
            rr_t.append(int(mean) * 1000 // 1024)
            rr.append(int(mean))
            continue
        for _ in range(max(1, round(1024 / mean + rng.random() - 0.5))):
            value = int(mean * rng.gauss(1, 0.04))
            rr_t.append(value * 1000 // 1024)
            rr.append(value)
    return rr_t, rr


def make(seed: int = 1, players: int = 4, minutes: float = 2, team: str = "U17 Girls", session_uuid: str = None,
         realistic: bool = False) -> dict:
    """A session of `players` × `minutes`, a reading a second. `realistic`: heart rates that wander and
    RR beat by beat (about two a reading, each interval its own), so the bundle compresses as a real
    one does (the upload figures); else regular made-up series that compress far better."""
    rng = random.Random(seed)
    straps = [{"uuid": str(uuid.UUID(int=rng.getrandbits(128), version=4)).upper(), "address": f"F0:00:00:00:0D:{i + 1:02X}",
               "name": f"Polar H10 {i + 1}"} for i in range(players)]
    participants = []
    for i in range(players):
        n = int(minutes * 60)
        times, bpm = [], []
        for k in range(n):
            times.append(1000 if k else rng.randint(200, 900))
            bpm.append(110 + int(40 * abs(((k + 13 * i) % 120) - 60) / 60) + rng.randint(-3, 3))
        if realistic:
            times, bpm = wandering(rng, n)
        rr_t, rr = beats(rng, bpm, realistic)
        participants.append({
            "playerUUID": str(uuid.UUID(int=rng.getrandbits(128), version=4)).upper(),
            "firstName": ["Mia", "Zoë", "Åsa", "Ola"][i % 4] + (str(i) if i >= 4 else ""), "lastName": ["Berg", "Müller", "", "O'Neil"][i % 4],
            "shirtNumber": i + 1, "strap": i,
            "physiology": {"age": 17, "sex": "F" if i % 2 == 0 else "M", "weightKg": 58.5 + i, "restingHR": 52.5, "maxHR": 196.1,
                           "maxSource": "tanaka"},
            "samples": {"tMsDeltas": times, "bpm": bpm, "contact": [2] * n, "strap": [i] * n, "energyKJ": [None] * n},
            "rr": {"tMsDeltas": rr_t, "rr1024": rr},
        })
    started = 1_773_482_400_000 + seed * 86_400_000
    duration = int(minutes * 60_000)
    return {
        "format": 1,
        "session": {"uuid": session_uuid or str(uuid.UUID(int=rng.getrandbits(128), version=4)).upper(),
                    "teamUUID": str(uuid.UUID(int=seed, version=4)).upper(), "teamName": team,
                    "startedMs": started, "endedMs": started + duration, "plannedMs": duration, "effortEndMs": duration,
                    "state": "ended", "zoneModel": "percentOfMax", "tags": ["match"], "reviewed": False},
        "straps": straps, "participants": participants,
        "laps": [{"tMs": duration // 2, "label": "second half"}],
        "strapEvents": [{"strap": 0, "tMs": 1000, "kind": "battery", "value": 80}],
    }

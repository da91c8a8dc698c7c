"""Session bundles for the tests, made as a kiosk makes them: columns per participant, times as deltas,
canonical bytes = JSON with sorted keys and no whitespace (what Swift's JSONEncoder writes with
.sortedKeys: UTF-8 as is, '/' not escaped; every number here is an integer or has a fraction)."""
import json
import random
import uuid


def canonical(value) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def make(seed: int = 1, players: int = 4, minutes: float = 2, team: str = "U17 Girls", session_uuid: str = None) -> dict:
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
        rr_t, rr = [], []
        for k in range(n):
            value = int(61440 / max(40, bpm[k]))  # 60 s in 1/1024 s over the heart rate
            rr_t.append(value * 1000 // 1024)
            rr.append(value)
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
